import { sql, type Kysely } from 'kysely';

/**
 * The back office's products (issue #45 points 1 and 7, ADR 0032), at 50,000 products and more
 * (figures: bench/admin-products.ts).
 * - admin_fold(text): lower case without accents, IMMUTABLE (unaccent itself is only STABLE, so it
 *   cannot stand in an index): the name a word search matches, with a trigram index (each word a
 *   `LIKE '%word%'`), and the name the list sorts by. GIN written straight into the index (no
 *   pending list: the embedded database never vacuums, migration 0002).
 * - SKU prefix search in any case: lower(sku) with text_pattern_ops, whatever the collation.
 * - Keyset paging: (sort column, id) for the name, price and last-change sorts; the SKU's own
 *   unique index serves the SKU sort.
 * - url_key: the duplicate check of an edit or a new product reads it by index.
 * - product_doc.stock: the document's stock item kept apart (small, stored in the row), so the
 *   list's stock filter reads it without detoasting whole documents.
 * - product_url_redirect: old product URL paths (url_path) → the product: after a URL key change
 *   the old address answers 301 to the product's current one (catalog/url-target.ts; a live URL
 *   always wins over a redirect, and a chain collapses because the target is read at request time).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION admin_fold(t text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, coalesce(t, ''))) $$`.execute(db);
  await sql`CREATE INDEX product_admin_name_trgm_idx ON product USING gin (admin_fold(name) gin_trgm_ops) WITH (fastupdate = off)`.execute(db);
  await sql`CREATE INDEX product_admin_name_idx ON product (admin_fold(name), id)`.execute(db);
  await sql`CREATE INDEX product_admin_sku_idx ON product (lower(sku) text_pattern_ops)`.execute(db);
  await sql`CREATE INDEX product_admin_price_idx ON product (regular_price_cents, id)`.execute(db);
  await sql`CREATE INDEX product_admin_updated_idx ON product (updated_at, id)`.execute(db);
  await sql`CREATE INDEX product_url_key_idx ON product (url_key)`.execute(db);
  await sql`ALTER TABLE product_doc ADD COLUMN stock jsonb GENERATED ALWAYS AS (doc -> 'stock') STORED`.execute(db);
  await sql`
    CREATE TABLE product_url_redirect (
      url_path text PRIMARY KEY,
      product_id integer NOT NULL REFERENCES product (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX product_url_redirect_product_idx ON product_url_redirect (product_id)`.execute(db);
}
