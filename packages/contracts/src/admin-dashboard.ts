import { z } from 'zod';

/**
 * GET /api/admin/dashboard (issue #44): the morning's figures, every one a SQL aggregate. Money in
 * integer cents. Revenue counts the orders neither canceled nor expired; gross is their grand
 * total minus what was refunded, net is gross without VAT (per order, in the order's VAT
 * proportion); the average order is gross / orders. Days and months are Europe/Rome's.
 */
const periodFigures = {
  /** Orders placed in the period that count as revenue. */
  orders: z.number().int(),
  grossCents: z.number().int(),
  netCents: z.number().int(),
  averageCents: z.number().int(),
};

export const adminDashboard = z
  .object({
    today: z.object({ /** YYYY-MM-DD */ day: z.string(), ...periodFigures }),
    month: z.object({ /** YYYY-MM */ month: z.string(), ...periodFigures }),
    /** The orders of the saved view "Da spedire". */
    toShip: z.number().int(),
    /** The saved view "Bonifici in attesa": how many, how old the oldest is, the ten oldest. */
    bankTransfers: z.object({
      count: z.number().int(),
      /** Days since the oldest was placed (Europe/Rome calendar days); null when none awaits. */
      oldestDays: z.number().int().nullable(),
      oldest: z.array(z.object({ incrementId: z.string(), createdAt: z.string(), grandTotalCents: z.number().int() })),
    }),
    /** Stock rows at or below the threshold (LOW_STOCK, default 5), fewest first, at most 50 listed. */
    lowStock: z.object({
      threshold: z.number(),
      count: z.number().int(),
      items: z.array(z.object({ sku: z.string(), name: z.string(), qty: z.number() })),
    }),
    /** The last 30 days, today last; days without orders are there with zeros. */
    revenue30Days: z.array(z.object({ day: z.string(), orders: z.number().int(), grossCents: z.number().int(), netCents: z.number().int() })),
  })
  .meta({ id: 'AdminDashboard' });
export type AdminDashboard = z.infer<typeof adminDashboard>;
