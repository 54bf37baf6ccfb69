import { sql, type Kysely } from 'kysely';

/**
 * The back office's product name search and sort (issue #45, ADR 0032) read a stored folded name:
 * `name_fold` = admin_fold(name) (lower case, accents off), written with the row. Migration 0030
 * indexed the expression itself; the index answered the search, but every match was then folded
 * again to sort and recheck it (unaccent per row), so a common word (a fifth of 50,000 products)
 * took 200–500 ms (bench/admin-products.ts). Read from the column, the same work is a plain text
 * compare. The two expression indexes give way to the same indexes on the column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE product ADD COLUMN name_fold text GENERATED ALWAYS AS (admin_fold(name)) STORED`.execute(db);
  await sql`DROP INDEX product_admin_name_trgm_idx`.execute(db);
  await sql`DROP INDEX product_admin_name_idx`.execute(db);
  await sql`CREATE INDEX product_admin_name_trgm_idx ON product USING gin (name_fold gin_trgm_ops) WITH (fastupdate = off)`.execute(db);
  await sql`CREATE INDEX product_admin_name_idx ON product (name_fold, id)`.execute(db);
}
