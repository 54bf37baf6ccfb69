import { sql, type Kysely } from 'kysely';

/**
 * Two indexes of migration 0001 no query needs: `price_cents` is sorted and filtered only as the
 * effective price (an expression over the special window), and `updated_at` descending is the
 * back office's (updated_at, id) index read backwards (migration 0030). A price write is not a
 * HOT update (the price and updated_at are indexed for the list's sorts), so every index of the
 * product row takes a new entry per row written: two fewer for each price import row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX product_price_idx`.execute(db);
  await sql`DROP INDEX product_updated_at_idx`.execute(db);
}
