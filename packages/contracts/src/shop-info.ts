import { z } from 'zod';

/**
 * What the shop says about itself on every page (issue #42 point 11): the seller's identity
 * (the same data as on its invoices) and the one delivery promise of cart, footer, pages and
 * mails. `GET /api/shop/info`.
 */

/** The delivery promise in working days: `{ min: 2, max: 3 }` or one figure (`max` = `min`). */
export interface DeliveryDays {
  min: number;
  max: number;
}

/** DELIVERY_DAYS unless set: what the shipping method promises (migration 0004, "2-3 giorni"). */
export const DEFAULT_DELIVERY_DAYS = '2-3';

/** "2-3" → { min: 2, max: 3 }; "1" → { min: 1, max: 1 } (the format config.ts has checked). */
export function parseDeliveryDays(value: string): DeliveryDays {
  const [min, max] = value.split('-').map(Number) as [number, number | undefined];
  return { min, max: max ?? min };
}

/** "2–3" or "1": how the promise reads in a sentence (the caller adds "giorni lavorativi"). */
export const deliveryDaysText = ({ min, max }: DeliveryDays) => (min === max ? String(min) : `${min}–${max}`);

export const sellerIdentity = z.object({
  name: z.string(),
  vatId: z.string(),
  fiscalCode: z.string(),
  address: z.string(),
  pec: z.string().optional(),
  rea: z.string().optional(),
  phone: z.string(),
  email: z.string(),
});
export type SellerIdentity = z.infer<typeof sellerIdentity>;

export const shopInfo = z.object({
  seller: sellerIdentity,
  deliveryDays: z.object({ min: z.number().int(), max: z.number().int() }),
});
export type ShopInfo = z.infer<typeof shopInfo>;
