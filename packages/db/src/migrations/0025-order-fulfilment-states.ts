import { sql, type Kysely } from 'kysely';

/**
 * The states the back office moves an order through (issue 44): an order fully refunded after
 * payment is `closed`; a payment can be partly or wholly refunded; how far the goods went out is
 * `shipping_status` (kept by the shipments); `refunded_cents` is what went back to the buyer,
 * never more than the order's total.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sales_order DROP CONSTRAINT sales_order_status_check`.execute(db);
  await sql`
    ALTER TABLE sales_order ADD CONSTRAINT sales_order_status_check
      CHECK (status IN ('pending_payment', 'processing', 'canceled', 'expired', 'complete', 'closed'))`.execute(db);
  await sql`ALTER TABLE sales_order DROP CONSTRAINT sales_order_payment_status_check`.execute(db);
  await sql`
    ALTER TABLE sales_order ADD CONSTRAINT sales_order_payment_status_check
      CHECK (payment_status IN ('pending', 'paid', 'canceled', 'expired', 'partially_refunded', 'refunded'))`.execute(db);
  await sql`
    ALTER TABLE sales_order
      ADD COLUMN shipping_status text NOT NULL DEFAULT 'not_shipped'
        CHECK (shipping_status IN ('not_shipped', 'partially_shipped', 'shipped')),
      ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0
        CHECK (refunded_cents >= 0 AND refunded_cents <= grand_total_cents)`.execute(db);
}
