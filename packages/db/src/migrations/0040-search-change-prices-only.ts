import { sql, type Kysely } from 'kysely';

/**
 * A search change may say that only its products' prices changed (an in-place price or stock
 * write, ADR 0032): the in-memory search index then sets the new prices in the products' slots
 * instead of retiring them and indexing the products again, and looks up no words. A price import
 * of the whole catalogue retired every slot before, and the garbage made the index rebuild itself
 * from the database several times during the import.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE search_change ADD COLUMN prices_only boolean NOT NULL DEFAULT false`.execute(db);
}
