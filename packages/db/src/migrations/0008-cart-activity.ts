import { sql, type Kysely } from 'kysely';

/**
 * When a cart was last used by its token (any cart call, stamped at most hourly), so that guest
 * carts abandoned for longer than CART_TTL_DAYS can be deleted. Carts that exist when this runs
 * count as used now: they get the whole grace period. The partial index serves the clean-up,
 * which only ever looks at guest carts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE cart ADD COLUMN last_active_at timestamptz NOT NULL DEFAULT now()`.execute(db);
  await sql`CREATE INDEX cart_guest_last_active_idx ON cart (last_active_at) WHERE customer_id IS NULL`.execute(db);
}
