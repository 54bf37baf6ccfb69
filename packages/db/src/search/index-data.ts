import { sql, type RawBuilder } from 'kysely';
import { intArray, textArray } from '../sql-values.ts';

/** Anything raw SQL runs on: a Kysely instance or a transaction, of any schema (migrations too). */
export type SqlRunner = Parameters<RawBuilder<unknown>['execute']>[0];

/**
 * A product's search vector: name words (weight A), its own and its children's SKUs as whole
 * lexemes (B, so a typed SKU or SKU prefix finds the product) and the names of its categories
 * below the root (C). Field weights name 4 : sku 2 : category 1 are applied at query time.
 */
function vectorSql(name: RawBuilder<unknown>, skus: RawBuilder<unknown>, categoryIds: RawBuilder<unknown>) {
  return sql<string>`(
    setweight(to_tsvector('it_unaccent', search_words(${name})), 'A')
    || setweight(coalesce((
         SELECT string_agg('''' || replace(replace(lower(s), '\\', '\\\\'), '''', '''''') || ''':1', ' ')
         FROM unnest(${skus}) AS s)::tsvector, ''), 'B')
    || setweight(to_tsvector('it_unaccent', search_words((
         SELECT string_agg(c.name, ' ') FROM category c
         WHERE c.id = ANY(${categoryIds}) AND c.level >= 3 AND c.is_active))), 'C'))`;
}

const productVector = vectorSql(sql`p.name`, sql`array_prepend(p.sku, p.child_skus)`, sql`p.category_ids`);

/** The vector of a product row being written, so that the insert itself stores it. */
export function searchVectorOf(row: { name: string; sku: string; child_skus: readonly string[]; category_ids: readonly number[] }) {
  return vectorSql(sql`${row.name}::text`, textArray([row.sku, ...row.child_skus]), intArray(row.category_ids));
}

/** Words of a product's search text, for the vocabulary. */
const vocabularyOf = (texts: RawBuilder<unknown>) => sql`
  INSERT INTO search_vocab (word, lexeme, pfx)
  SELECT w, (tsvector_to_array(to_tsvector('it_unaccent', w)))[1], left(w, 2)
  FROM (SELECT DISTINCT regexp_split_to_table(search_words(t), ' ') AS w FROM (${texts}) AS texts(t)) words
  WHERE w ~ '[a-z]' AND length(w) >= 2 AND to_tsvector('it_unaccent', w) <> ''
  ON CONFLICT (word) DO NOTHING`;

/**
 * Adds the new words of written products to the vocabulary (their vectors are written with the
 * rows: searchVectorOf). Words of renamed products stay until a rebuild: a stale word only
 * expands to a stem that finds nothing.
 */
export async function addProductWords(db: SqlRunner, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await vocabularyOf(sql`SELECT name FROM product WHERE id = ANY(${intArray(ids)})`).execute(db);
}

/** After categories were renamed: their products' vectors carry category names. */
export async function refreshCategorySearch(db: SqlRunner, categoryIds: readonly number[]): Promise<void> {
  if (categoryIds.length === 0) return;
  await sql`UPDATE product p SET search_vec = ${productVector} WHERE p.category_ids && ${intArray(categoryIds)}`.execute(db);
  await vocabularyOf(sql`SELECT name FROM category WHERE id = ANY(${intArray(categoryIds)}) AND level >= 3`).execute(db);
}

/** Recomputes every vector and the whole vocabulary (migration, reindex). */
export async function rebuildSearchData(db: SqlRunner): Promise<void> {
  await sql`UPDATE product p SET search_vec = ${productVector}`.execute(db);
  await sql`DELETE FROM search_vocab`.execute(db);
  await vocabularyOf(sql`SELECT name FROM product UNION ALL SELECT name FROM category WHERE level >= 3 AND is_active`).execute(db);
}
