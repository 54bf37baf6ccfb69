import { z } from 'zod';
import { text } from './strings.ts';

/**
 * Coupons in the back office (issue #45 point 3): the rows of `coupon` the cart applies, created and
 * edited by the seller or by a program with a `catalog:write` key. Amounts are integers as the cart
 * reads them: `discountValue` is cents when fixed, hundredths of a percent when percent (1000 = 10 %).
 */
export const ADMIN_COUPON_MESSAGES = {
  notFound: 'Coupon non trovato.',
  codeTaken: 'code: esiste già un coupon con questo codice (maiuscole e minuscole non contano).',
  /** Zod messages: the answer names the field before them. */
  code: 'il codice va da 1 a 40 caratteri: lettere, cifre, trattino o trattino basso.',
  description: 'la descrizione può avere al massimo 255 caratteri.',
  discountType: 'scegli «fixed» (importo fisso) o «percent» (percentuale).',
  discountValue: 'lo sconto è un numero intero maggiore di zero (centesimi, o centesimi di punto percentuale).',
  percentOver100: 'una percentuale non può superare il 100 % (10000).',
  categoryIds: 'le categorie sono numeri interi positivi, al massimo 100; null per tutto il carrello.',
  unknownCategory: 'categoryIds: la categoria {id} non esiste.',
  minSubtotalCents: 'la spesa minima è un numero intero di centesimi, zero o più.',
  date: 'la data va scritta in ISO 8601 con il fuso orario (2026-12-01T00:00:00+01:00), oppure null.',
  windowEndsFirst: 'la fine della validità deve venire dopo l’inizio.',
  usageLimit: 'gli utilizzi sono un numero intero da 1 in su, oppure null per nessun limite.',
  active: 'attivo è vero o falso.',
  badLimit: 'limit va da 1 a 200.',
  badPage: 'page è un numero intero da 1 in su.',
} as const;
const M = ADMIN_COUPON_MESSAGES;

export const COUPON_DISCOUNT_TYPES = ['fixed', 'percent'] as const;

export const adminCoupon = z
  .object({
    id: z.number().int(),
    code: z.string(),
    description: z.string(),
    discountType: z.enum(COUPON_DISCOUNT_TYPES),
    /** Cents when fixed; hundredths of a percent when percent (1250 = 12,5 %). */
    discountValue: z.number().int(),
    /** Only lines of these categories are discounted; null: the whole subtotal. */
    categoryIds: z.array(z.number().int()).nullable(),
    minSubtotalCents: z.number().int(),
    validFrom: z.string().nullable(),
    /** Exclusive: the coupon stops at this instant. */
    validTo: z.string().nullable(),
    /** Orders the coupon may serve in all; null: no limit. */
    usageLimit: z.number().int().nullable(),
    /** Orders one person (one mailbox) may use it for; null: no limit. */
    usagePerCustomer: z.number().int().nullable(),
    /** The orders that used it and still stand (a cancelled or expired order gives its use back). */
    timesUsed: z.number().int(),
    active: z.boolean(),
  })
  .meta({ id: 'AdminCoupon' });
export type AdminCoupon = z.infer<typeof adminCoupon>;

const dateOrNull = z.iso.datetime({ offset: true, error: M.date }).nullable();
const limitOrNull = z.number({ error: M.usageLimit }).int(M.usageLimit).min(1, M.usageLimit).max(1_000_000_000, M.usageLimit).nullable();

/** The fields a seller writes; every one optional in a PATCH. */
const couponFields = {
  code: text({ error: M.code }).trim().regex(/^[A-Za-z0-9_-]{1,40}$/, M.code),
  description: text({ error: M.description }).trim().max(255, M.description),
  discountType: z.enum(COUPON_DISCOUNT_TYPES, { error: M.discountType }),
  discountValue: z.number({ error: M.discountValue }).int(M.discountValue).min(1, M.discountValue).max(100_000_000, M.discountValue),
  categoryIds: z.array(z.number().int().min(1).max(2_147_483_647), { error: M.categoryIds }).max(100, M.categoryIds).nullable(),
  minSubtotalCents: z.number({ error: M.minSubtotalCents }).int(M.minSubtotalCents).min(0, M.minSubtotalCents).max(100_000_000, M.minSubtotalCents),
  validFrom: dateOrNull,
  validTo: dateOrNull,
  usageLimit: limitOrNull,
  usagePerCustomer: limitOrNull,
  active: z.boolean({ error: M.active }),
};

type CouponRules = Pick<AdminCoupon, 'discountType' | 'discountValue' | 'validFrom' | 'validTo'>;

/** What is wrong across fields (a percent over 100, a window ending first): `field: message`, or null. The API checks a creation, and a PATCH with the coupon it changes. */
export function couponRuleProblem(coupon: CouponRules): { field: keyof CouponRules; message: string } | null {
  if (coupon.discountType === 'percent' && coupon.discountValue > 10_000) return { field: 'discountValue', message: M.percentOver100 };
  if (coupon.validFrom && coupon.validTo && Date.parse(coupon.validTo) <= Date.parse(coupon.validFrom)) return { field: 'validTo', message: M.windowEndsFirst };
  return null;
}

/** POST /api/admin/coupons (the fields together are checked by `couponRuleProblem`, as a PATCH's). */
export const adminCouponCreateBody = z.object({
  ...couponFields,
  description: couponFields.description.default(''),
  categoryIds: couponFields.categoryIds.default(null),
  minSubtotalCents: couponFields.minSubtotalCents.default(0),
  validFrom: dateOrNull.default(null),
  validTo: dateOrNull.default(null),
  usageLimit: limitOrNull.default(null),
  usagePerCustomer: limitOrNull.default(null),
  active: couponFields.active.default(true),
});
export type AdminCouponCreateBody = z.infer<typeof adminCouponCreateBody>;

/** PATCH /api/admin/coupons/:id: the fields to change. */
export const adminCouponPatchBody = z.object(couponFields).partial();
export type AdminCouponPatchBody = z.infer<typeof adminCouponPatchBody>;

/** GET /api/admin/coupons: search by code, active filter, pages of `limit`. */
export const adminCouponListQuery = z.object({
  /** Part of the code, any case. */
  q: text().trim().max(40).optional(),
  active: z.enum(['true', 'false'], { error: 'scegli true o false.' }).optional(),
  page: z.coerce.number({ error: M.badPage }).int(M.badPage).min(1, M.badPage).max(100_000, M.badPage).default(1),
  limit: z.coerce.number({ error: M.badLimit }).int(M.badLimit).min(1, M.badLimit).max(200, M.badLimit).default(50),
});
export type AdminCouponListQuery = z.infer<typeof adminCouponListQuery>;

export const adminCouponPage = z.object({ items: z.array(adminCoupon), total: z.number().int() }).meta({ id: 'AdminCouponPage' });
export type AdminCouponPage = z.infer<typeof adminCouponPage>;
