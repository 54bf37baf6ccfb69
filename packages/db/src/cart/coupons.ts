import type { CouponRule } from '@shop/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../connect.ts';
import type { CouponTable } from './schema.ts';

export type CouponRow = Selectable<CouponTable>;

/** Codes match trimmed and case-insensitively. */
export function couponKey(code: string): string {
  return code.trim().toUpperCase();
}

export async function findCoupon(db: Db, code: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupon').selectAll().where('code_key', '=', couponKey(code)).executeTakeFirst();
}

export async function findCouponById(db: Db, id: number): Promise<CouponRow | undefined> {
  return db.selectFrom('coupon').selectAll().where('id', '=', id).executeTakeFirst();
}

export function couponRule(row: CouponRow): CouponRule {
  return {
    code: row.code,
    type: row.discount_type,
    value: row.discount_type === 'percent' ? row.discount_hundredths / 100 : row.discount_hundredths,
    categoryIds: row.category_ids,
    minSubtotal: row.min_subtotal_cents,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    active: row.active,
  };
}

export type AttachOutcome = 'attached' | 'already_attached' | 'usage_limit';

/**
 * Attaches a coupon to a cart. Uses are counted by orders, not by carts (ADR 0013: otherwise a
 * script holding carts could use a coupon up without buying): a coupon whose uses orders have
 * taken is refused here, and placing the order counts the use (orders/countCouponUse), checking
 * the limits again in its transaction.
 */
export async function attachCoupon(db: Db, cartId: number, couponId: number): Promise<AttachOutcome> {
  const cart = await db.selectFrom('cart').select('coupon_id').where('id', '=', cartId).executeTakeFirstOrThrow();
  if (cart.coupon_id === couponId) return 'already_attached';
  const coupon = await db.selectFrom('coupon').select(['usage_limit', 'times_used']).where('id', '=', couponId).executeTakeFirstOrThrow();
  if (coupon.usage_limit !== null && coupon.times_used >= coupon.usage_limit) return 'usage_limit';
  await db.updateTable('cart').set({ coupon_id: couponId, updated_at: new Date() }).where('id', '=', cartId).execute();
  return 'attached';
}

/** Removes the cart's coupon; false when it had none. */
export async function detachCoupon(db: Db, cartId: number): Promise<boolean> {
  const removed = await db
    .updateTable('cart')
    .set({ coupon_id: null, updated_at: new Date() })
    .where('id', '=', cartId)
    .where('coupon_id', 'is not', null)
    .returning('id')
    .executeTakeFirst();
  return removed !== undefined;
}
