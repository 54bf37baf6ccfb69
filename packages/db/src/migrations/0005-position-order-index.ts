import { sql, type Kysely } from 'kysely';

/**
 * The default order of every category page is position, then id. Without an index the database
 * collects all of a large category's products (thousands) and sorts them to keep 48; with one
 * it walks the order and stops at the 48th match, and still chooses the category index for a
 * small category, where walking would pass most of the catalogue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX product_position_idx ON product (position, id)`.execute(db);
}
