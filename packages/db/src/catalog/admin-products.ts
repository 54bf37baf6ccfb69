import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../connect.ts';
import { intArray, jsonb, textArray } from '../sql-values.ts';

/**
 * The back office's products list (issue #45 point 1) over the narrow `product` rows, with the
 * indexes of migrations 0030, 0037 and 0041: keyset pages in a few index entries at 200,000 products, a word
 * search over the accent-folded name (trigram index), a SKU prefix in any case, and the
 * catalogue's filters. The list, the bulk actions and the CSV export share this selection.
 */
export interface AdminProductFilter {
  /** SKU prefix (any case), or every word somewhere in the name (any case, accents ignored). */
  q?: string | undefined;
  /** SKU prefix only, any case. */
  sku?: string | undefined;
  /** Products in any of these categories (a category and its subcategories). */
  categoryIds?: readonly number[] | undefined;
  typeId?: string | undefined;
  status?: number | undefined;
  visibility?: number | undefined;
  /** Stock as the shop sells it: the shop's own count (stock_level) over the document's. */
  stock?: 'in' | 'out' | 'low' | undefined;
  /** Pieces at or below which stock is low (LOW_STOCK). */
  lowStock?: number | undefined;
  /** An option id of the brand attribute (`attrs.marca`). */
  brand?: string | undefined;
  /** A special price is set (whatever its window) or not. */
  special?: boolean | undefined;
}

export type AdminProductSort = 'name' | '-name' | 'sku' | '-sku' | 'price' | '-price' | 'updated' | '-updated';

/** The brand attribute: a select whose option ids products carry in `attrs.marca`. */
export const BRAND_ATTRIBUTE = 'marca';

/** Where a page ends: the sort key's value (folded name, SKU, cents, or a timestamp as text with microseconds) and the id that breaks ties. */
export interface AdminProductKey {
  value: string | number;
  id: number;
}

export interface AdminProductRow {
  id: number;
  sku: string;
  name: string;
  type_id: string;
  status: number;
  visibility: number;
  parent_sku: string | null;
  regular_price_cents: number;
  special_price_cents: number | null;
  category_ids: number[];
  /** The brand's option id, or null. */
  brand: string | null;
  updated_at: Date;
  /** The document's stock item and the shop's own count of the SKU (null: never ordered since the last import). */
  stock: unknown;
  level: number | string | null;
  image: string | null;
  key_value: string | number;
}

/** A search word as admin_fold writes names: lower case, accents off. */
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** LIKE's wildcards and its escape character taken literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

const TRUTHY = sql`('true'::jsonb, '1'::jsonb, '"1"'::jsonb, '"true"'::jsonb)`;

/**
 * The stock rules of catalog/stock.ts (toStockItem, findStockItems) in SQL, over `d.stock` (the
 * document's stock item, product_doc.stock) and `s.qty` (stock_level): a document without stock
 * is unmanaged and in stock; a missing flag follows Magento's defaults; the shop's count replaces
 * the document's quantity of a managed item, and none left means out of stock unless backorders.
 */
const MANAGED = sql`coalesce(jsonb_typeof(d.stock) = 'object' AND (d.stock -> 'manage_stock' IS NULL OR d.stock -> 'manage_stock' IN ${TRUTHY}), false)`;
const DOC_QTY = sql`(CASE WHEN jsonb_typeof(d.stock -> 'qty') = 'number' THEN (d.stock ->> 'qty')::numeric
  WHEN d.stock ->> 'qty' ~ '^\\s*-?[0-9]{1,15}(\\.[0-9]{1,6})?' THEN substring(d.stock ->> 'qty' from '^\\s*(-?[0-9]{1,15}(\\.[0-9]{1,6})?)')::numeric ELSE 0 END)`;
const DOC_IN_STOCK = sql`(CASE WHEN d.stock -> 'is_in_stock' IS NOT NULL THEN d.stock -> 'is_in_stock' IN ${TRUTHY} ELSE NOT ${MANAGED} OR ${DOC_QTY} > 0 END)`;
const BACKORDERS = sql`(coalesce(substring(d.stock ->> 'backorders' from '^\\s*([0-9]{1,9})')::int, 0) > 0)`;
const QTY = sql`(CASE WHEN ${MANAGED} AND s.qty IS NOT NULL THEN s.qty ELSE ${DOC_QTY} END)`;
const IN_STOCK = sql`(CASE WHEN ${MANAGED} AND s.qty IS NOT NULL AND s.qty <= 0 AND NOT ${BACKORDERS} THEN false ELSE ${DOC_IN_STOCK} END)`;

function conditions(filter: AdminProductFilter): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [sql`true`];
  const q = filter.q?.trim();
  if (q) {
    // The folded name (name_fold, migration 0037) and lower(sku) are indexed: each word a trigram LIKE, the SKU a prefix.
    const words = q.split(/\s+/).map((word) => sql`p.name_fold LIKE ${`%${escapeLike(foldWord(word))}%`}`);
    where.push(sql`(lower(p.sku) LIKE ${`${escapeLike(q.toLowerCase())}%`} OR (${sql.join(words, sql` AND `)}))`);
  }
  const sku = filter.sku?.trim();
  // Every SKU of the prefix in any case sorts at or after the prefix's smallest spelling (upper
  // case in byte order, lower case in a linguistic one): a page by SKU starts its walk of the SKU
  // index there, not at the first SKU of the catalogue (68,000 rows before GUA-0 at 200,000).
  if (sku) where.push(sql`lower(p.sku) LIKE ${`${escapeLike(sku.toLowerCase())}%`} AND p.sku >= least(upper(${sku}), lower(${sku}))`);
  if (filter.categoryIds) where.push(sql`p.category_ids && ${intArray(filter.categoryIds)}`);
  if (filter.typeId) where.push(sql`p.type_id = ${filter.typeId}`);
  if (filter.status !== undefined) where.push(sql`p.status = ${filter.status}`);
  if (filter.visibility !== undefined) where.push(sql`p.visibility = ${filter.visibility}`);
  if (filter.brand) where.push(sql`p.attrs @> ${jsonb({ [BRAND_ATTRIBUTE]: [filter.brand] })}`);
  if (filter.special !== undefined) where.push(filter.special ? sql`p.special_price_cents IS NOT NULL` : sql`p.special_price_cents IS NULL`);
  if (filter.stock === 'in') where.push(IN_STOCK);
  if (filter.stock === 'out') where.push(sql`NOT ${IN_STOCK}`);
  if (filter.stock === 'low') where.push(sql`${MANAGED} AND ${IN_STOCK} AND ${QTY} > 0 AND ${QTY} <= ${filter.lowStock ?? 5}`);
  return sql.join(where, sql` AND `);
}

/** The stock filter reads the document's stock item and the shop's count; other filters the row alone. */
const stockJoins = (filter: AdminProductFilter) =>
  filter.stock ? sql`JOIN product_doc d ON d.id = p.id LEFT JOIN stock_level s ON s.sku = p.sku` : sql``;

const TIMESTAMP_KEY = sql`to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const SORTS: Readonly<Record<AdminProductSort, { column: RawBuilder<unknown>; key: RawBuilder<unknown>; cast: RawBuilder<unknown>; descending: boolean; unique?: boolean }>> = {
  name: { column: sql`p.name_fold`, key: sql`p.name_fold`, cast: sql`text`, descending: false },
  '-name': { column: sql`p.name_fold`, key: sql`p.name_fold`, cast: sql`text`, descending: true },
  // SKUs are unique: their own index orders them, no id needed.
  sku: { column: sql`p.sku`, key: sql`p.sku`, cast: sql`text`, descending: false, unique: true },
  '-sku': { column: sql`p.sku`, key: sql`p.sku`, cast: sql`text`, descending: true, unique: true },
  price: { column: sql`p.regular_price_cents`, key: sql`p.regular_price_cents`, cast: sql`integer`, descending: false },
  '-price': { column: sql`p.regular_price_cents`, key: sql`p.regular_price_cents`, cast: sql`integer`, descending: true },
  updated: { column: sql`p.updated_at`, key: TIMESTAMP_KEY, cast: sql`timestamptz`, descending: false },
  '-updated': { column: sql`p.updated_at`, key: TIMESTAMP_KEY, cast: sql`timestamptz`, descending: true },
};

/** Whether a cursor's key can belong to this sort (text for names and SKUs, cents for prices, a timestamp for changes). */
export function validProductKey(sort: AdminProductSort, key: AdminProductKey): boolean {
  if (!Number.isSafeInteger(key.id) || key.id < 0 || key.id >= 2 ** 31) return false;
  if (sort.endsWith('price')) return typeof key.value === 'number' && Number.isSafeInteger(key.value) && Math.abs(key.value) < 2 ** 31;
  if (sort.endsWith('updated')) return typeof key.value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(key.value) && !Number.isNaN(Date.parse(key.value));
  return typeof key.value === 'string' && key.value.length <= 1000;
}

/** What a page selects of each row: what the list shows, the brand from attrs, its sort key. */
const pageColumns = (s: Sort) => sql`p.id, p.sku, p.name, p.type_id, p.status, p.visibility, p.parent_sku, p.regular_price_cents, p.special_price_cents,
  p.category_ids, p.attrs -> ${BRAND_ATTRIBUTE} ->> 0 AS brand, p.updated_at, ${s.key} AS key_value, ${s.column} AS sort_value`;

/** The page's rows with their stock item, the shop's count and main image: documents read for the page's rows only. */
const DOCUMENT_COLUMNS = sql`page.*, d.stock, d.doc ->> 'image' AS image, s.qty AS level`;
const DOCUMENT_JOINS = sql`page JOIN product_doc d ON d.id = page.id LEFT JOIN stock_level s ON s.sku = page.sku`;

type Sort = (typeof SORTS)[AdminProductSort];

/** Up to this many matches of a text search with other filters are sorted as a set (see fewMatchesPage)… */
const FEW_MATCHES = 3000;
/** …when the planner expects at most this many (its estimate of a rare word varies with the sample ANALYZE took). */
const FEW_EXPECTED = 10_000;

/** How a search by name alone finds its page (textPage); tests set it to take each way on a small catalogue. */
export interface TextPageWays {
  /** Up to this many expected matches are sorted as a set; more, and the name index is walked. */
  fewExpected: number;
}
const TEXT_PAGE_WAYS: TextPageWays = { fewExpected: FEW_EXPECTED };

/** The planner's estimate of the rows a text search matches (EXPLAIN: no row is read). */
async function expectedMatches(db: Db, matches: RawBuilder<unknown>): Promise<number> {
  const { rows: plan } = await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) SELECT p.id ${matches}`.execute(db);
  const json = plan[0]?.['QUERY PLAN'];
  return Number((typeof json === 'string' ? (JSON.parse(json) as [{ Plan: { 'Plan Rows': number } }]) : (json as [{ Plan: { 'Plan Rows': number } }]))[0].Plan['Plan Rows']);
}

/** The page's rows (`ids`, chosen first over the narrow rows and their indexes) with their documents, in the sort's order. */
async function pageOf(db: Db, s: Sort, ids: readonly number[]): Promise<AdminProductRow[]> {
  if (ids.length === 0) return [];
  const direction = s.descending ? sql`DESC` : sql`ASC`;
  const { rows } = await sql<AdminProductRow>`
    WITH page AS (SELECT ${pageColumns(s)} FROM product p WHERE p.id = ANY(${intArray(ids)}))
    SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENT_JOINS}
    ORDER BY page.sort_value ${direction}, page.id ${direction}`.execute(db);
  return rows;
}

/**
 * The page of a text search (after the page's key) sorted as a set: every match's id and sort key
 * taken once from the trigram index into a materialized set, sorted there. With `cap`, undefined
 * when there are more matches than that (one row of the set says so).
 */
async function sortedMatchesPage(db: Db, s: Sort, matches: RawBuilder<unknown>, limit: number, cap?: number): Promise<AdminProductRow[] | undefined> {
  const direction = s.descending ? sql`DESC` : sql`ASC`;
  const set = sql`WITH m AS MATERIALIZED (SELECT p.id, ${s.column} AS sort_value ${matches}${cap === undefined ? sql`` : sql` LIMIT ${cap + 1}`})`;
  const ids = sql`SELECT m.id FROM m ORDER BY m.sort_value ${direction}, m.id ${direction} LIMIT ${limit}`;
  // Capped: one row (`many`, no id) when there are more than `cap` matches or none.
  const { rows } = await (cap === undefined
    ? sql<{ id: number; many?: boolean }>`${set} ${ids}`
    : sql<{ id: number | null; many: boolean }>`${set} SELECT c.many, page.id FROM (SELECT count(*) > ${cap} AS many FROM m) c LEFT JOIN (${ids}) page ON NOT c.many`
  ).execute(db);
  if (rows[0]?.many) return undefined;
  return pageOf(db, s, rows.flatMap((row) => (row.id === null ? [] : [row.id])));
}

/**
 * The page of a text search with other filters, sorted as a set when the planner expects few
 * matches (FEW_EXPECTED) and there are at most FEW_MATCHES; else undefined. Names that share a
 * word sit together in name order ("Insaccatrice …" all under i), which the planner cannot know:
 * for a page by name it walks the name index from the top expecting matches spread evenly, and at
 * 200,000 products read 80,000 rows for a word two thousand names begin with; given their ids, it
 * walked 110,000 (bench/admin-products.ts, EXPLAIN ANALYZE). A common word (its estimate is good:
 * one word's trigrams) keeps the walk, which meets it soon enough.
 */
async function fewMatchesPage(db: Db, s: Sort, matches: RawBuilder<unknown>, limit: number): Promise<AdminProductRow[] | undefined> {
  if (!((await expectedMatches(db, matches)) <= FEW_EXPECTED)) return undefined;
  return sortedMatchesPage(db, s, matches, limit, FEW_MATCHES);
}

/**
 * The page of a search by name words or SKU prefix alone, sorted by name: the planner's choice
 * for such a page went wrong both ways at 200,000 products (a word in a sixth of the names read
 * 30,000 table rows walking the name index; two words it expected in 1,349 names and met in
 * 10,431 sent it down the same walk, 70,000 rows). So the way is chosen here: few expected
 * matches are sorted as a set; more are met soon enough walking the name index from the page's
 * key, which holds the SKU too (migration 0041): the walk reads no table row, and at worst
 * passes the whole index, ~3,000 entries a millisecond (sorting the set fetches ~400 rows a
 * millisecond).
 */
async function textPage(db: Db, filter: AdminProductFilter, s: Sort, keyset: RawBuilder<unknown>, limit: number, ways: TextPageWays): Promise<AdminProductRow[]> {
  const matches = sql`FROM product p WHERE ${conditions(filter)}${keyset}`;
  if ((await expectedMatches(db, matches)) <= ways.fewExpected) return (await sortedMatchesPage(db, s, matches, limit))!;
  const direction = s.descending ? sql`DESC` : sql`ASC`;
  // OFFSET 0 keeps the walk a walk: the planner may not fold the search into it and choose otherwise.
  const { rows: walked } = await sql<{ id: number }>`
    SELECT p.id FROM (SELECT p.id, p.name_fold, p.sku FROM product p WHERE true${keyset} ORDER BY p.name_fold ${direction}, p.id ${direction} OFFSET 0) p
    WHERE ${conditions(filter)} ORDER BY p.name_fold ${direction}, p.id ${direction} LIMIT ${limit}`.execute(db);
  return pageOf(db, s, walked.map((row) => row.id));
}

/** Whether the filter searches by name words or SKU prefix and nothing else. */
const onlyText = ({ q, lowStock: _lowStock, ...others }: AdminProductFilter): boolean => Boolean(q?.trim()) && Object.values(others).every((value) => value === undefined);

/**
 * One page of products in `sort` order after `after` (keyset: the sort key, then the id), with
 * what the list shows of each: its stock item and the shop's count, its main image. The page is
 * chosen over the narrow rows first; documents are read for its rows only.
 */
export async function adminProductPage(
  db: Db,
  filter: AdminProductFilter,
  sort: AdminProductSort,
  limit: number,
  after?: AdminProductKey,
  ways: TextPageWays = TEXT_PAGE_WAYS,
): Promise<AdminProductRow[]> {
  const s = SORTS[sort];
  const direction = s.descending ? sql`DESC` : sql`ASC`;
  const comparison = s.descending ? sql`<` : sql`>`;
  const keyset = !after ? sql`` : s.unique ? sql` AND ${s.column} ${comparison} ${after.value}::${s.cast}` : sql` AND (${s.column}, p.id) ${comparison} (${after.value}::${s.cast}, ${after.id}::integer)`;
  const order = s.unique ? sql`${s.column} ${direction}` : sql`${s.column} ${direction}, p.id ${direction}`;
  if (onlyText(filter) && (sort === 'name' || sort === '-name')) return textPage(db, filter, s, keyset, limit, ways);
  const few = filter.q?.trim() ? await fewMatchesPage(db, s, sql`FROM product p ${stockJoins(filter)} WHERE ${conditions(filter)}${keyset}`, limit) : undefined;
  if (few) return few;
  // The ids alone first: a walk along a sort's index tests the filters it holds (migration 0041)
  // without reading the rows it passes (the dearest products are not knives: a page of knives by
  // price, highest first, passed 32,000 others at 200,000 products).
  const { rows } = await sql<{ id: number }>`
    SELECT p.id FROM product p ${stockJoins(filter)} WHERE ${conditions(filter)}${keyset} ORDER BY ${order} LIMIT ${limit}`.execute(db);
  return pageOf(db, s, rows.map((row) => row.id));
}

/**
 * How many products match the filters, reading every match; with `upTo`, reading at most one
 * more than that (a result above `upTo` means "more than upTo"): every match costs a row read,
 * and a common word or the whole catalogue has tens of thousands.
 */
export async function countAdminProducts(db: Db, filter: AdminProductFilter, upTo?: number): Promise<number> {
  const matches = sql`SELECT 1 FROM product p ${stockJoins(filter)} WHERE ${conditions(filter)}`;
  const { rows } = await sql<{ total: number | string }>`SELECT count(*)::int8 AS total FROM (${matches}${upTo === undefined ? sql`` : sql` LIMIT ${upTo + 1}`}) m`.execute(db);
  return Number(rows[0]!.total);
}

/** Every matching product in SKU order, `batch` rows per query (bulk actions, the CSV export): memory stays that of one batch. */
export async function* adminProductBatches(db: Db, filter: AdminProductFilter, batch = 500): AsyncGenerator<AdminProductRow[]> {
  let after: AdminProductKey | undefined;
  for (;;) {
    const rows = await adminProductPage(db, filter, 'sku', batch, after);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { value: last.key_value, id: last.id };
  }
}

/** A category and every category below it (by parent_id), or null when it does not exist. */
export async function categoryAndDescendants(db: Db, id: number): Promise<number[] | null> {
  const { rows } = await sql<{ id: number }>`
    WITH RECURSIVE tree AS (
      SELECT id FROM category WHERE id = ${id}
      UNION
      SELECT c.id FROM category c JOIN tree t ON c.parent_id = t.id
    )
    SELECT id FROM tree`.execute(db);
  return rows.length === 0 ? null : rows.map((r) => r.id);
}

/**
 * Products' URL paths changed (`from` '' for a new product): each old path redirects to its
 * product (the current path is read at request time, so chains collapse), and each new path is
 * nobody's redirect any more (a live URL never waits behind a redirect). Two statements for a
 * whole batch; run in the write's transaction.
 */
export async function recordUrlChanges(db: Db, changes: readonly { id: number; from: string; to: string }[]): Promise<void> {
  const moved = changes.filter((c) => c.from !== c.to);
  if (moved.length === 0) return;
  await sql`DELETE FROM product_url_redirect WHERE url_path = ANY(${textArray(moved.map((c) => c.to))})`.execute(db);
  // One row per old path (the last product to leave it), or the upsert would touch a row twice.
  const redirects = new Map(moved.filter((c) => c.from !== '').map((c) => [c.from, c.id]));
  if (redirects.size === 0) return;
  await sql`
    INSERT INTO product_url_redirect (url_path, product_id)
    SELECT * FROM unnest(${textArray([...redirects.keys()])}, ${intArray([...redirects.values()])})
    ON CONFLICT (url_path) DO UPDATE SET product_id = excluded.product_id, created_at = now()`.execute(db);
}

/** The old URL paths that redirect to a product, newest first. */
export async function urlRedirectsOf(db: Db, productId: number): Promise<string[]> {
  const { rows } = await sql<{ url_path: string }>`SELECT url_path FROM product_url_redirect WHERE product_id = ${productId} ORDER BY created_at DESC, url_path`.execute(db);
  return rows.map((r) => r.url_path);
}
