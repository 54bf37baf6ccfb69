import { sql, type Selectable } from 'kysely';
import type { Db } from '../connect.ts';
import { intArray, jsonb } from '../sql-values.ts';
import type { SavedCart, OrderPaymentState, OrderPaymentTable } from './schema.ts';

export type OrderPaymentRow = Selectable<OrderPaymentTable>;

/** What a cart holds now: its lines, fee choices and coupon. */
export async function snapshotCart(db: Db, cartId: number): Promise<SavedCart> {
  const [cart, items, fees] = await Promise.all([
    db.selectFrom('cart').select('coupon_id').where('id', '=', cartId).executeTakeFirst(),
    db.selectFrom('cart_item').select(['id', 'sku', 'parent_sku', 'product_option', 'checksum', 'qty', 'quote_offer_id']).where('cart_id', '=', cartId).orderBy('id').execute(),
    db.selectFrom('cart_fee').select(['cart_item_id', 'fee_id', 'option_ids']).where('cart_id', '=', cartId).execute(),
  ]);
  return { couponId: cart?.coupon_id ?? null, items, fees };
}

/** A snapshot's quote offer, if it still exists (a GDPR erasure deletes a customer's quotes). */
const quoteOfferStill = (id: number | null | undefined) => (id ? sql<number | null>`(SELECT id FROM quote_offer WHERE id = ${id})` : null);

/**
 * Puts a snapshot back into its cart, when the cart still exists and is empty (the shopper has
 * not started another one in it): the lines get new ids, their fee choices follow them.
 */
export async function restoreCart(db: Db, cartId: number, snapshot: SavedCart): Promise<boolean> {
  const cart = await db.selectFrom('cart').select('id').where('id', '=', cartId).forUpdate().executeTakeFirst();
  if (!cart) return false;
  const { n } = await db.selectFrom('cart_item').select(sql<number>`count(*)::int`.as('n')).where('cart_id', '=', cartId).executeTakeFirstOrThrow();
  if (n > 0) return false;
  const newIds = new Map<number, number>();
  for (const item of snapshot.items) {
    const { id } = await db
      .insertInto('cart_item')
      .values({ cart_id: cartId, sku: item.sku, parent_sku: item.parent_sku, product_option: item.product_option === null ? null : jsonb(item.product_option), checksum: item.checksum, qty: item.qty, quote_offer_id: quoteOfferStill(item.quote_offer_id) })
      .returning('id')
      .executeTakeFirstOrThrow();
    newIds.set(item.id, id);
  }
  for (const fee of snapshot.fees) {
    const itemId = fee.cart_item_id === 0 ? 0 : newIds.get(fee.cart_item_id);
    if (itemId === undefined) continue;
    await db.insertInto('cart_fee').values({ cart_id: cartId, cart_item_id: itemId, fee_id: fee.fee_id, option_ids: intArray(fee.option_ids) }).execute();
  }
  await db.updateTable('cart').set({ coupon_id: snapshot.couponId, updated_at: new Date() }).where('id', '=', cartId).execute();
  return true;
}

export async function insertPayment(
  db: Db,
  payment: { order_id: number; provider: string; amount_cents: number; details: Record<string, unknown>; cart_id: number; cart_snapshot: SavedCart },
): Promise<void> {
  await db
    .insertInto('order_payment')
    .values({ ...payment, state: 'creating', details: jsonb(payment.details), cart_snapshot: jsonb(payment.cart_snapshot) })
    .execute();
}

export function findPayment(db: Db, orderId: number): Promise<OrderPaymentRow | undefined> {
  return db.selectFrom('order_payment').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export function findPaymentByReference(db: Db, provider: string, reference: string): Promise<OrderPaymentRow | undefined> {
  return db.selectFrom('order_payment').selectAll().where('provider', '=', provider).where('reference', '=', reference).executeTakeFirst();
}

/** The provider created the payment: its id and where the buyer pays. */
export async function openPayment(db: Db, orderId: number, reference: string, redirectUrl: string): Promise<void> {
  await db
    .updateTable('order_payment')
    .set({ reference, redirect_url: redirectUrl, state: 'open', updated_at: new Date() })
    .where('order_id', '=', orderId)
    .execute();
}

/** Moves a payment to a new state; false when it was not in one of `from`. */
export async function movePayment(db: Db, orderId: number, from: readonly OrderPaymentState[], to: OrderPaymentState): Promise<boolean> {
  const moved = await db
    .updateTable('order_payment')
    .set({ state: to, updated_at: new Date() })
    .where('order_id', '=', orderId)
    .where('state', 'in', from)
    .returning('order_id')
    .executeTakeFirst();
  return moved !== undefined;
}

/** Records a provider message; false when it was already recorded (a redelivery). */
export async function recordPaymentEvent(db: Db, event: { provider: string; event_id: string; order_id: number | null; type: string }): Promise<boolean> {
  const inserted = await db.insertInto('payment_event').values(event).onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing()).returning('event_id').executeTakeFirst();
  return inserted !== undefined;
}

/** Flags an order whose payment needs a person (paid after it expired). */
export async function flagOrderPayment(db: Db, orderId: number, reason: string): Promise<void> {
  await db.updateTable('sales_order').set({ payment_review: reason, updated_at: new Date() }).where('id', '=', orderId).execute();
}
