import type { CouponRule } from '@shop/domain';
import { sql, type Selectable } from 'kysely';
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

export type AttachOutcome = 'attached' | 'already_attached' | 'usage_limit' | 'customer_limit';

/**
 * Attaches a coupon to a cart, counting one use. The count is taken by a conditional UPDATE
 * (`times_used < usage_limit`): on PostgreSQL a second transaction at the limit waits for the
 * row lock, re-reads the row and updates nothing, so two carts racing for the last use get it
 * once. The cart row is locked too, so one cart cannot count twice. (Embedded PGlite runs one
 * statement at a time anyway.) A coupon the cart held before is given back.
 */
export async function attachCoupon(db: Db, cartId: number, couponId: number): Promise<AttachOutcome> {
  return db.transaction().execute(async (trx) => {
    const cart = await trx
      .selectFrom('cart')
      .select(['coupon_id', 'customer_id'])
      .where('id', '=', cartId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (cart.coupon_id === couponId) return 'already_attached';
    if (cart.customer_id !== null) {
      const { n } = await trx
        .selectFrom('cart')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('customer_id', '=', cart.customer_id)
        .where('coupon_id', '=', couponId)
        .executeTakeFirstOrThrow();
      const coupon = await trx.selectFrom('coupon').select('usage_per_customer').where('id', '=', couponId).executeTakeFirstOrThrow();
      if (coupon.usage_per_customer !== null && n >= coupon.usage_per_customer) return 'customer_limit';
    }
    const counted = await trx
      .updateTable('coupon')
      .set({ times_used: sql`times_used + 1` })
      .where('id', '=', couponId)
      .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('times_used', '<', eb.ref('usage_limit'))]))
      .returning('id')
      .executeTakeFirst();
    if (!counted) return 'usage_limit';
    if (cart.coupon_id !== null) await giveBack(trx, cart.coupon_id);
    await trx.updateTable('cart').set({ coupon_id: couponId, updated_at: new Date() }).where('id', '=', cartId).execute();
    return 'attached';
  });
}

/** Removes the cart's coupon and gives its use back; false when it had none. */
export async function detachCoupon(db: Db, cartId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const cart = await trx.selectFrom('cart').select('coupon_id').where('id', '=', cartId).forUpdate().executeTakeFirstOrThrow();
    if (cart.coupon_id === null) return false;
    await giveBack(trx, cart.coupon_id);
    await trx.updateTable('cart').set({ coupon_id: null, updated_at: new Date() }).where('id', '=', cartId).execute();
    return true;
  });
}

async function giveBack(db: Db, couponId: number): Promise<void> {
  await db.updateTable('coupon').set({ times_used: sql`times_used - 1` }).where('id', '=', couponId).where('times_used', '>', 0).execute();
}
