import type {
  AttributeDoc,
  CategoryDoc,
  CmsBlockDoc,
  CmsHierarchyDoc,
  CmsPageDoc,
  ProductDoc,
  ReviewDoc,
  TaxRuleDoc,
} from '@shop/domain';
import { sql } from 'kysely';
import type { Db } from '../connect.ts';
import { intArray, jsonb, textArray } from '../sql-values.ts';
import { resetStockLevels } from '../orders/stock.ts';
import { recordSearchChange } from '../search/changes.ts';
import { mergeProductIndexQueues } from '../maintenance/gin-queues.ts';
import { addProductWords, refreshCategorySearch, searchVectorOf } from '../search/index-data.ts';
import { attributeColumns, categoryColumns, productColumns } from './rows.ts';

// Rows per INSERT: about 20 parameters a row keeps a batch far below PostgreSQL's 65,535.
const BATCH = 500;

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

/**
 * What an upsert wrote: ids of new rows, and of existing rows whose document changed. Rows with
 * an equal document are left alone, so a re-import changes nothing and invalidates nothing.
 */
export interface UpsertOutcome {
  inserted: number[];
  updated: number[];
}

/** `RETURNING` of an upsert: xmax is 0 on a row the statement inserted. */
const wasInserted = sql<boolean>`(xmax = 0)`.as('inserted');

function collect(outcome: UpsertOutcome, rows: readonly { id: number; inserted: boolean }[]): void {
  for (const row of rows) (row.inserted ? outcome.inserted : outcome.updated).push(row.id);
}

/** ON CONFLICT … DO UPDATE only where the stored document differs. */
function docChanged(table: string) {
  return sql<boolean>`${sql.ref(`${table}.doc`)} IS DISTINCT FROM excluded.doc`;
}

/** Codes of select, multiselect and boolean attributes: their values become filterable product columns. */
export async function selectAttributeCodes(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectFrom('attribute')
    .select('attribute_code')
    .where('frontend_input', 'in', ['select', 'multiselect', 'boolean'])
    .execute();
  return new Set(rows.map((r) => r.attribute_code));
}

export async function upsertAttributes(db: Db, docs: readonly AttributeDoc[]): Promise<UpsertOutcome> {
  const outcome: UpsertOutcome = { inserted: [], updated: [] };
  for (const chunk of batches(docs)) {
    const rows = await db
      .insertInto('attribute')
      .values(chunk.map((doc) => ({ ...attributeColumns(doc), doc: jsonb(doc) })))
      .onConflict((oc) =>
        oc.column('attribute_id').doUpdateSet((eb) => ({
          attribute_code: eb.ref('excluded.attribute_code'),
          frontend_input: eb.ref('excluded.frontend_input'),
          is_filterable: eb.ref('excluded.is_filterable'),
          is_comparable: eb.ref('excluded.is_comparable'),
          is_visible: eb.ref('excluded.is_visible'),
          is_user_defined: eb.ref('excluded.is_user_defined'),
          position: eb.ref('excluded.position'),
          doc: eb.ref('excluded.doc'),
        })).where(docChanged('attribute')),
      )
      .returning(['attribute_id as id', wasInserted])
      .execute();
    collect(outcome, rows);
  }
  return outcome;
}

export async function upsertCategories(db: Db, docs: readonly CategoryDoc[]): Promise<UpsertOutcome> {
  const outcome: UpsertOutcome = { inserted: [], updated: [] };
  for (const chunk of batches(docs)) {
    const stored = await searchedCategoryFields(db, chunk.map((doc) => categoryColumns(doc).id));
    const rows = await db
      .insertInto('category')
      .values(
        chunk.map((doc) => {
          const { children_data: _children, ...flat } = doc;
          return { ...categoryColumns(doc), doc: jsonb(flat) };
        }),
      )
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          parent_id: eb.ref('excluded.parent_id'),
          path: eb.ref('excluded.path'),
          level: eb.ref('excluded.level'),
          position: eb.ref('excluded.position'),
          name: eb.ref('excluded.name'),
          slug: eb.ref('excluded.slug'),
          url_key: eb.ref('excluded.url_key'),
          url_path: eb.ref('excluded.url_path'),
          is_active: eb.ref('excluded.is_active'),
          include_in_menu: eb.ref('excluded.include_in_menu'),
          product_count: eb.ref('excluded.product_count'),
          doc: eb.ref('excluded.doc'),
        })).where(docChanged('category')),
      )
      .returning(['id', wasInserted])
      .execute();
    collect(outcome, rows);
    // Products' search vectors carry the names of their categories.
    const renamed = chunk.map(categoryColumns).filter((c) => stored.get(c.id) !== searchedKey(c));
    await refreshCategorySearch(db, renamed.map((c) => c.id));
    if (renamed.length > 0) await mergeProductIndexQueues(db);
    await recordSearchChange(db, { categoryIds: renamed.map((c) => c.id) });
  }
  return outcome;
}

/** What a category contributes to its products' search vectors (search/index-data.ts). */
const searchedKey = (c: { name: string; level: number; is_active: boolean }) => JSON.stringify([c.name, c.level, c.is_active]);

async function searchedCategoryFields(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await db.selectFrom('category').select(['id', 'name', 'level', 'is_active']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, searchedKey(r)]));
}

/**
 * Upserts products by id; call after attributes so their option values become filterable. The
 * outcome counts a product as updated when its document changed.
 */
export async function upsertProducts(db: Db, docs: readonly ProductDoc[], now = new Date()): Promise<UpsertOutcome> {
  const outcome: UpsertOutcome = { inserted: [], updated: [] };
  const selectCodes = await selectAttributeCodes(db);
  // A document without dates gets `now`; an update must not move such a product to the top of
  // the newest list again, so it keeps its stored dates.
  const keepWhenUndated = (column: 'created_at' | 'updated_at') =>
    sql<Date>`CASE WHEN ${sql.ref(`excluded.${column}`)} = ${now} THEN ${sql.ref(`product.${column}`)} ELSE ${sql.ref(`excluded.${column}`)} END`;
  for (const chunk of batches(docs)) {
    const rows = chunk.map((doc) => productColumns(doc, selectCodes, now));
    await db
      .insertInto('product')
      .values(
        rows.map((row) => ({
          ...row,
          category_ids: intArray(row.category_ids),
          child_skus: textArray(row.child_skus),
          attrs: jsonb(row.attrs),
          search_vec: searchVectorOf(row),
        })),
      )
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          sku: eb.ref('excluded.sku'),
          type_id: eb.ref('excluded.type_id'),
          status: eb.ref('excluded.status'),
          visibility: eb.ref('excluded.visibility'),
          name: eb.ref('excluded.name'),
          slug: eb.ref('excluded.slug'),
          url_key: eb.ref('excluded.url_key'),
          url_path: eb.ref('excluded.url_path'),
          parent_sku: eb.ref('excluded.parent_sku'),
          category_ids: eb.ref('excluded.category_ids'),
          child_skus: eb.ref('excluded.child_skus'),
          price_cents: eb.ref('excluded.price_cents'),
          regular_price_cents: eb.ref('excluded.regular_price_cents'),
          special_price_cents: eb.ref('excluded.special_price_cents'),
          special_from: eb.ref('excluded.special_from'),
          special_to: eb.ref('excluded.special_to'),
          tax_class_id: eb.ref('excluded.tax_class_id'),
          attrs: eb.ref('excluded.attrs'),
          position: eb.ref('excluded.position'),
          created_at: keepWhenUndated('created_at'),
          updated_at: keepWhenUndated('updated_at'),
          search_vec: eb.ref('excluded.search_vec'),
        })),
      )
      .execute();
    const written = await db
      .insertInto('product_doc')
      .values(chunk.map((doc, i) => ({ id: rows[i]!.id, doc: jsonb(doc) })))
      .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ doc: eb.ref('excluded.doc') })).where(docChanged('product_doc')))
      .returning(['id', wasInserted])
      .execute();
    collect(outcome, written);
    await resetStockLevels(db, written.map((w) => w.id));
    await recordPriceChanges(db, rows.map((r) => r.id));
    await addProductWords(db, rows.map((r) => r.id));
    await recordSearchChange(db, { productIds: rows.map((r) => r.id) });
  }
  // The rows' index entries were queued (migration 0038): merged in bulk, once per call.
  if (docs.length > 0) await mergeProductIndexQueues(db);
  return outcome;
}

/** Appends a price-history entry for each product whose prices differ from its last entry. */
export async function recordPriceChanges(db: Db, ids: readonly number[]): Promise<void> {
  await sql`
    INSERT INTO price_history (sku, regular_price_cents, special_price_cents, special_from, special_to)
    SELECT p.sku, p.regular_price_cents, p.special_price_cents, p.special_from, p.special_to
    FROM product p
    LEFT JOIN LATERAL (
      SELECT * FROM price_history h WHERE h.sku = p.sku ORDER BY h.recorded_at DESC, h.id DESC LIMIT 1
    ) last ON true
    WHERE p.id = ANY(${intArray(ids)})
      AND (last.sku IS NULL
        OR last.regular_price_cents <> p.regular_price_cents
        OR last.special_price_cents IS DISTINCT FROM p.special_price_cents
        OR last.special_from IS DISTINCT FROM p.special_from
        OR last.special_to IS DISTINCT FROM p.special_to)`.execute(db);
}

export async function upsertTaxRules(db: Db, docs: readonly TaxRuleDoc[]): Promise<UpsertOutcome> {
  const outcome: UpsertOutcome = { inserted: [], updated: [] };
  for (const chunk of batches(docs)) {
    const rows = await db
      .insertInto('tax_rule')
      .values(chunk.map((doc) => ({ id: doc.id, doc: jsonb(doc) })))
      .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ doc: eb.ref('excluded.doc') })).where(docChanged('tax_rule')))
      .returning(['id', wasInserted])
      .execute();
    collect(outcome, rows);
  }
  return outcome;
}

export async function upsertReviews(db: Db, docs: readonly ReviewDoc[]): Promise<UpsertOutcome> {
  const outcome: UpsertOutcome = { inserted: [], updated: [] };
  for (const chunk of batches(docs)) {
    const rows = await db
      .insertInto('review')
      .values(
        chunk.map((doc) => ({
          id: doc.id,
          product_id: doc.product_id,
          review_status: Number(doc.review_status ?? 1),
          doc: jsonb(doc),
        })),
      )
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          product_id: eb.ref('excluded.product_id'),
          review_status: eb.ref('excluded.review_status'),
          doc: eb.ref('excluded.doc'),
        })).where(docChanged('review')),
      )
      .returning(['id', wasInserted])
      .execute();
    collect(outcome, rows);
  }
  return outcome;
}

/** CMS hierarchy nodes by id; `key` is the node's key, else its request path. */
export async function upsertCmsHierarchy(db: Db, docs: readonly CmsHierarchyDoc[]): Promise<UpsertOutcome> {
  const outcome: UpsertOutcome = { inserted: [], updated: [] };
  const keyOf = (doc: CmsHierarchyDoc) => (typeof doc.key === 'string' ? doc.key : typeof doc['request_url'] === 'string' ? (doc['request_url'] as string) : null);
  for (const chunk of batches(docs)) {
    const rows = await db
      .insertInto('cms_hierarchy')
      .values(chunk.map((doc) => ({ id: doc.id, identifier: doc.identifier, key: keyOf(doc), doc: jsonb(doc) })))
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet((eb) => ({ identifier: eb.ref('excluded.identifier'), key: eb.ref('excluded.key'), doc: eb.ref('excluded.doc') }))
          .where(docChanged('cms_hierarchy')),
      )
      .returning(['id', wasInserted])
      .execute();
    collect(outcome, rows);
  }
  return outcome;
}

export async function upsertCms(
  db: Db,
  table: 'cms_page' | 'cms_block',
  docs: readonly (CmsPageDoc | CmsBlockDoc)[],
): Promise<UpsertOutcome> {
  const outcome: UpsertOutcome = { inserted: [], updated: [] };
  for (const chunk of batches(docs)) {
    const rows = await db
      .insertInto(table)
      .values(
        chunk.map((doc) => ({
          id: doc.id,
          identifier: doc.identifier,
          active: doc.active !== false && (doc.active as unknown) !== 0,
          doc: jsonb(doc),
        })),
      )
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          identifier: eb.ref('excluded.identifier'),
          active: eb.ref('excluded.active'),
          doc: eb.ref('excluded.doc'),
        })).where(docChanged(table)),
      )
      .returning(['id', wasInserted])
      .execute();
    collect(outcome, rows);
  }
  return outcome;
}

export async function countProducts(db: Db): Promise<number> {
  const row = await db.selectFrom('product').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}
