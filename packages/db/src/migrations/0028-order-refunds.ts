import { sql, type Kysely } from 'kysely';

/**
 * Refunds of paid orders (issue 44 point 3): what went back, how (through the payment provider or
 * recorded by the seller for a bank transfer or cash on delivery, with the buyer's IBAN) and its
 * credit note. A provider refund is written `pending` before the provider is called (its id is the
 * provider's idempotency key) and becomes `done` with its credit note, or `failed`; one pending
 * refund per order at most.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE order_refund (
      id serial PRIMARY KEY,
      order_id integer NOT NULL REFERENCES sales_order (id),
      staff_id integer,
      staff_email text NOT NULL,
      state text NOT NULL CHECK (state IN ('pending', 'done', 'failed')),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      lines jsonb NOT NULL DEFAULT '[]'::jsonb,
      shipping_cents integer NOT NULL DEFAULT 0 CHECK (shipping_cents >= 0),
      fee_cents integer NOT NULL DEFAULT 0 CHECK (fee_cents >= 0),
      whole boolean NOT NULL DEFAULT false,
      via text NOT NULL CHECK (via IN ('provider', 'recorded')),
      provider text,
      provider_reference text,
      iban text,
      reason text NOT NULL,
      failure text,
      credit_note_id integer REFERENCES invoice (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      CHECK (via = 'provider' OR iban IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX order_refund_order ON order_refund (order_id, id)`.execute(db);
  await sql`CREATE UNIQUE INDEX order_refund_one_pending ON order_refund (order_id) WHERE state = 'pending'`.execute(db);
}
