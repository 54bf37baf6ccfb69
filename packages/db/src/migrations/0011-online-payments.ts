import { sql, type Kysely } from 'kysely';

/**
 * Online payments (issue #14, ADR 0016): one provider payment per order, the provider events
 * already applied (webhooks and IPN calls arrive more than once), and a flag for payments that
 * arrived after their order had expired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE order_payment (
      order_id integer PRIMARY KEY REFERENCES sales_order (id),
      provider text NOT NULL,
      reference text,
      redirect_url text,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      state text NOT NULL,
      details jsonb NOT NULL DEFAULT '{}'::jsonb,
      cart_id integer,
      cart_snapshot jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX order_payment_reference ON order_payment (provider, reference)`.execute(db);
  await sql`
    CREATE TABLE payment_event (
      provider text NOT NULL,
      event_id text NOT NULL,
      order_id integer,
      type text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (provider, event_id)
    )`.execute(db);
  await sql`ALTER TABLE sales_order ADD COLUMN payment_review text`.execute(db);
}
