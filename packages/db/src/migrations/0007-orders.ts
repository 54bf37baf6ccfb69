import { sql, type Kysely } from 'kysely';

/**
 * Orders (ADR 0013): the order with its buyer, FatturaPA fields, addresses and a snapshot of what
 * the buyer was shown (lines, fees, total segments); a gap-free number per store; the stock the
 * shop sells from; and the idempotency key that makes a resent order the same order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE order_sequence (
      store_code text PRIMARY KEY,
      last_value integer NOT NULL CHECK (last_value >= 0)
    )`.execute(db);
  await sql`INSERT INTO order_sequence (store_code, last_value) VALUES ('it', 0)`.execute(db);
  await sql`
    CREATE TABLE sales_order (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      store_code text NOT NULL,
      increment_id text NOT NULL,
      access_key text NOT NULL,
      idempotency_key text NOT NULL UNIQUE,
      request_hash text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending_payment', 'processing', 'canceled', 'expired', 'complete')),
      payment_status text NOT NULL CHECK (payment_status IN ('pending', 'paid', 'canceled', 'expired')),
      email text NOT NULL,
      customer_id integer,
      account_requested boolean NOT NULL DEFAULT false,
      is_company boolean NOT NULL,
      company text,
      activity_type integer,
      fiscal_code text,
      vat_id text,
      sdi_code text,
      pec_email text,
      fatturapa_payment_code text NOT NULL CHECK (fatturapa_payment_code IN ('MP01', 'MP05', 'MP08')),
      shipping_address jsonb NOT NULL,
      billing_address jsonb NOT NULL,
      shipping_carrier_code text NOT NULL,
      shipping_method_code text NOT NULL,
      payment_method text NOT NULL,
      coupon_id integer,
      coupon_code text,
      subtotal_cents integer NOT NULL,
      discount_cents integer NOT NULL,
      shipping_cents integer NOT NULL,
      fee_cents integer NOT NULL,
      surcharge_cents integer NOT NULL,
      tax_cents integer NOT NULL,
      grand_total_cents integer NOT NULL CHECK (grand_total_cents >= 0),
      view jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz,
      paid_at timestamptz,
      UNIQUE (store_code, increment_id)
    )`.execute(db);
  await sql`CREATE INDEX sales_order_expiry_idx ON sales_order (expires_at) WHERE status = 'pending_payment' AND expires_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX sales_order_coupon_idx ON sales_order (coupon_id, lower(email)) WHERE coupon_id IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE sales_order_item (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      order_id integer NOT NULL REFERENCES sales_order (id) ON DELETE CASCADE,
      sku text NOT NULL,
      parent_sku text,
      name text NOT NULL,
      qty integer NOT NULL CHECK (qty > 0),
      unit_net_cents integer NOT NULL,
      row_gross_cents integer NOT NULL,
      tax_percent numeric NOT NULL,
      managed_stock boolean NOT NULL,
      options jsonb NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX sales_order_item_order_idx ON sales_order_item (order_id)`.execute(db);
  // The quantity the shop sells from, per sku: taken from the catalogue at a sku's first order,
  // then decremented by orders; a catalogue import that brings new stock replaces it.
  await sql`
    CREATE TABLE stock_level (
      sku text PRIMARY KEY,
      qty numeric NOT NULL,
      backorders boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}
