import { sql, type Kysely } from 'kysely';

/**
 * The newsletter's subscriber list (ADR 0023): the double opt-in's state per address, the
 * hashed confirmation token and the welcome coupon issued at the first confirmation (one per
 * address, so unsubscribing and subscribing again gives no second coupon).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE newsletter_subscriber (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      email text NOT NULL,
      email_key text NOT NULL UNIQUE,
      status text NOT NULL CHECK (status IN ('pending', 'subscribed', 'unsubscribed')),
      confirm_token_hash text UNIQUE,
      confirm_expires_at timestamptz,
      requested_at timestamptz NOT NULL DEFAULT now(),
      confirmed_at timestamptz,
      unsubscribed_at timestamptz,
      coupon_id integer REFERENCES coupon (id) ON DELETE SET NULL
    )`.execute(db);
}
