import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../connect.ts';
import { jsonb } from '../sql-values.ts';
import type { OrderStatusValue, PaymentStatusValue, SalesOrderItemTable, SalesOrderTable } from './schema.ts';

export type OrderRow = Selectable<SalesOrderTable>;
export type OrderItemRow = Selectable<SalesOrderItemTable>;

type JsonColumns = 'shipping_address' | 'billing_address' | 'view' | 'fiscal';
/** A new order: json columns as values (serialised here). */
export type NewOrder = Omit<Insertable<SalesOrderTable>, JsonColumns> & {
  shipping_address: Record<string, unknown>;
  billing_address: Record<string, unknown>;
  view: Record<string, unknown>;
  fiscal?: Record<string, unknown> | null;
};
export type NewOrderItem = Omit<Insertable<SalesOrderItemTable>, 'order_id' | 'options'> & { options: unknown[] };

/** Magento-style order numbers: nine digits, zero-padded. */
/** An order's totals in cents, as the invoice and the back office name them. */
export function orderCents(order: OrderRow) {
  return {
    subtotalCents: order.subtotal_cents,
    discountCents: order.discount_cents,
    shippingCents: order.shipping_cents,
    feeCents: order.fee_cents,
    surchargeCents: order.surcharge_cents,
    taxCents: order.tax_cents,
    grandTotalCents: order.grand_total_cents,
  };
}

export const formatIncrementId = (value: number) => String(value).padStart(9, '0');

/**
 * The store's next order number. Taken in the placing transaction by an UPDATE of the store's
 * row: concurrent orders queue on its lock, and a rolled-back order gives its number back, so
 * numbers have no gaps (Italian invoicing numbers documents in an unbroken sequence).
 */
export async function nextIncrementId(db: Db, storeCode: string): Promise<string> {
  const row = await db
    .insertInto('order_sequence')
    .values({ store_code: storeCode, last_value: 1 })
    .onConflict((oc) => oc.column('store_code').doUpdateSet({ last_value: sql`order_sequence.last_value + 1` }))
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return formatIncrementId(row.last_value);
}

export async function insertOrder(db: Db, order: NewOrder, items: readonly NewOrderItem[]): Promise<number> {
  const { id } = await db
    .insertInto('sales_order')
    .values({
      ...order,
      shipping_address: jsonb(order.shipping_address),
      billing_address: jsonb(order.billing_address),
      view: jsonb(order.view),
      fiscal: order.fiscal ? jsonb(order.fiscal) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (items.length > 0) {
    await db
      .insertInto('sales_order_item')
      .values(items.map((item) => ({ ...item, order_id: id, options: jsonb(item.options) })))
      .execute();
  }
  return id;
}

export function findOrderByIdempotencyKey(db: Db, key: string): Promise<OrderRow | undefined> {
  return db.selectFrom('sales_order').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

export function findOrder(db: Db, storeCode: string, incrementId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('sales_order').selectAll().where('store_code', '=', storeCode).where('increment_id', '=', incrementId).executeTakeFirst();
}

export function findOrderById(db: Db, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('sales_order').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Frees an abandoned order's idempotency key, so the buyer's retry with it places a new order. */
export async function freeIdempotencyKey(db: Db, id: number): Promise<void> {
  await db.updateTable('sales_order').set({ idempotency_key: sql<string>`idempotency_key || ':abandoned:' || id` }).where('id', '=', id).execute();
}

/** Gives a guest order to a customer (the buyer signed in to link it); false when it already has one. */
export async function linkOrderToCustomer(db: Db, orderId: number, customerId: number): Promise<boolean> {
  const result = await db.updateTable('sales_order').set({ customer_id: customerId }).where('id', '=', orderId).where('customer_id', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findOrderItems(db: Db, orderId: number): Promise<OrderItemRow[]> {
  return db.selectFrom('sales_order_item').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** Moves an order from one status to another; false when it was no longer in `from` (someone else moved it). */
export async function moveOrder(
  db: Db,
  id: number,
  from: OrderStatusValue,
  to: { status: OrderStatusValue; payment_status: PaymentStatusValue; paid_at?: Date; payment_review?: string; view?: Record<string, unknown> },
): Promise<boolean> {
  const { view, ...columns } = to;
  const moved = await db
    .updateTable('sales_order')
    .set({ ...columns, ...(view ? { view: jsonb(view) } : {}), updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', from)
    .returning('id')
    .executeTakeFirst();
  return moved !== undefined;
}

/** Unpaid orders whose payment time ran out, oldest first. */
export function findExpiredOrders(db: Db, now: Date, limit = 100): Promise<OrderRow[]> {
  return db
    .selectFrom('sales_order')
    .selectAll()
    .where('status', '=', 'pending_payment')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

export type CouponUse = 'counted' | 'usage_limit' | 'customer_limit';

/**
 * Counts one use of a coupon by an order, in the placing transaction. The coupon's row is locked
 * first, so concurrent orders with it queue here and each counts the ones committed before it.
 *
 * The per-customer limit counts per person (issue 43): the orders that still stand whose e-mail is
 * the buyer's mailbox (`person_email_key`, migration 0019: case, `+tag`, Gmail dots), or the
 * account's, or that belong to the buyer's account or to an account with that mailbox. So a guest
 * order counts for the account with its e-mail and the other way round. The overall limit is
 * counted by the conditional UPDATE.
 */
export async function countCouponUse(db: Db, couponId: number, buyer: { customerId: number | null; email: string }): Promise<CouponUse> {
  const coupon = await db.selectFrom('coupon').select('usage_per_customer').where('id', '=', couponId).forUpdate().executeTakeFirstOrThrow();
  if (coupon.usage_per_customer !== null) {
    const keys = sql<string>`(SELECT person_email_key(${buyer.email}) UNION SELECT person_email_key(email) FROM customer WHERE id = ${buyer.customerId})`;
    const { n } = await db
      .selectFrom('sales_order')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('coupon_id', '=', couponId)
      .where('status', 'not in', ['canceled', 'expired'])
      .where((eb) =>
        eb.or([
          eb(sql`person_email_key(email)`, 'in', keys),
          eb('customer_id', 'in', sql<number>`(SELECT id FROM customer WHERE person_email_key(email) IN ${keys})`),
          ...(buyer.customerId === null ? [] : [eb('customer_id', '=', buyer.customerId)]),
        ]),
      )
      .executeTakeFirstOrThrow();
    if (n >= coupon.usage_per_customer) return 'customer_limit';
  }
  const counted = await db
    .updateTable('coupon')
    .set({ times_used: sql`times_used + 1` })
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('times_used', '<', eb.ref('usage_limit'))]))
    .returning('id')
    .executeTakeFirst();
  return counted ? 'counted' : 'usage_limit';
}

/** Gives an order's coupon use back (the order expired or was cancelled). */
export async function releaseCouponUse(db: Db, couponId: number): Promise<void> {
  await db.updateTable('coupon').set({ times_used: sql`times_used - 1` }).where('id', '=', couponId).where('times_used', '>', 0).execute();
}

/** Empties a cart once its order is placed: lines, fee choices and coupon go; the token stays valid. */
export async function clearCart(db: Db, cartId: number): Promise<void> {
  await db.deleteFrom('cart_fee').where('cart_id', '=', cartId).execute();
  await db.deleteFrom('cart_item').where('cart_id', '=', cartId).execute();
  await db.updateTable('cart').set({ coupon_id: null, payment_method: null, updated_at: new Date() }).where('id', '=', cartId).execute();
}
