import { sql, type Kysely } from 'kysely';
import { rebuildSearchData } from '../search/index-data.ts';

/**
 * Product search in the database (docs/adr/0008-search-in-postgres.md): an Italian text search
 * configuration that folds accents, a weighted tsvector per product (name A, SKUs B, category
 * names C) and the vocabulary that typo-tolerant and prefix queries expand through.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TEXT SEARCH CONFIGURATION it_unaccent (COPY = italian)`.execute(db);
  await sql`
    ALTER TEXT SEARCH CONFIGURATION it_unaccent
    ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, italian_stem`.execute(db);
  // Text as the application tokenises queries (search/text.ts): accents folded, lowercase, every
  // run of other characters a word break ("GN 1/1" → "gn 1 1"), so both sides split alike.
  await sql`
    CREATE FUNCTION search_words(t text) RETURNS text
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$ SELECT btrim(regexp_replace(lower(unaccent(coalesce(t, ''))), '[^a-z0-9]+', ' ', 'g')) $$`.execute(db);

  await sql`ALTER TABLE product ADD COLUMN search_vec tsvector NOT NULL DEFAULT ''`.execute(db);
  // The option ids of attrs as 'code:value' tokens, which facets count with a plain unnest over the
  // matched rows (catalog/aggregations.ts) instead of extracting every row's jsonb per code.
  await sql`
    CREATE FUNCTION attr_keys(attrs jsonb) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT coalesce(array_agg(e.key || ':' || v.value), '{}')
          FROM jsonb_each(attrs) AS e, jsonb_array_elements_text(e.value) AS v $$`.execute(db);
  await sql`ALTER TABLE product ADD COLUMN attr_keys text[] GENERATED ALWAYS AS (attr_keys(attrs)) STORED`.execute(db);
  // fastupdate off for the reason of migration 0002: the embedded database never vacuums. Only
  // searchable products are indexed (search/postgres-search.ts repeats this predicate verbatim, so
  // the planner proves it): invisible children matching the text are never fetched or rechecked.
  await sql`
    CREATE INDEX product_search_vec_idx ON product USING gin (search_vec) WITH (fastupdate = off)
    WHERE visibility IN (2, 3, 4) AND status IN (0, 1)`.execute(db);

  // Every word of product and category names once, with its stem and first two letters: the
  // candidates a query word may be a typo or a prefix of (search/expand.ts).
  await sql`
    CREATE TABLE search_vocab (
      word text PRIMARY KEY,
      lexeme text NOT NULL,
      pfx text NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX search_vocab_pfx_idx ON search_vocab (pfx, word)`.execute(db);
  await sql`CREATE INDEX search_vocab_lexeme_idx ON search_vocab (lexeme)`.execute(db);
  await sql`CREATE INDEX search_vocab_trgm_idx ON search_vocab USING gin (word gin_trgm_ops)`.execute(db);

  await rebuildSearchData(db);
}
