import type { AttributeDoc, CategoryDoc, CmsHierarchyDoc, CmsPageDoc, ProductDoc, ReviewDoc, TaxRuleDoc } from '@shop/domain';
import { sql } from 'kysely';
import type { Db } from '../connect.ts';
import {
  upsertAttributes,
  upsertCategories,
  upsertCms,
  upsertCmsHierarchy,
  upsertProducts,
  upsertReviews,
  upsertTaxRules,
  type UpsertOutcome,
} from '../catalog/write.ts';
import { recordUrlChanges } from '../catalog/admin-products.ts';
import { splitInPlace, writeInPlace, type InPlaceKeys, type ProductRewrite } from '../catalog/write-in-place.ts';
import { intArray, textArray } from '../sql-values.ts';
import type { ImportEntity } from './entities.ts';
import { dedupeByKey, keyField, prepareDoc, type PreparedDoc } from './prepare.ts';

/** What a batch changed, in the terms cache tags are made of. */
export interface CatalogChange {
  entity: ImportEntity;
  /** Ids of the new and changed entities. */
  ids: number[];
  /** Products whose pages show the change, and every SKU those pages are read by, before and after. */
  productIds: number[];
  skus: string[];
  /** Categories that changed, or whose product lists show a changed product, before and after. */
  categoryIds: number[];
}

export interface BatchImport {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Documents refused, by their index in the batch. */
  skipped: { index: number; reason: string }[];
  /** Accepted products by type_id. */
  productTypes: Record<string, number>;
  /** How often each missing field was derived. */
  derived: Record<string, number>;
  change: CatalogChange;
}

type Item = PreparedDoc & { index: number };

/** Columns besides the key that must be unique, and how a refusal names them. */
const UNIQUE: Partial<Record<ImportEntity, { table: string; column: string; noun: string }>> = {
  product: { table: 'product', column: 'sku', noun: 'product' },
  attribute: { table: 'attribute', column: 'attribute_code', noun: 'attribute' },
  cms_page: { table: 'cms_page', column: 'identifier', noun: 'CMS page' },
  cms_block: { table: 'cms_block', column: 'identifier', noun: 'CMS block' },
};

/**
 * Refuses documents whose sku, attribute code or identifier belongs to another id, in the
 * batch or in the database: the insert would fail for the whole batch otherwise.
 */
async function dropUniqueConflicts(db: Db, entity: ImportEntity, items: Item[], skipped: BatchImport['skipped']): Promise<Item[]> {
  const unique = UNIQUE[entity];
  if (!unique) return items;
  const key = keyField(entity);
  const owner = new Map<string, number>();
  const rows = await sql<{ key: number; value: string }>`
    SELECT ${sql.ref(key)} AS key, ${sql.ref(unique.column)} AS value
    FROM ${sql.table(unique.table)}
    WHERE ${sql.ref(unique.column)} = ANY(${textArray(items.map((i) => String(i.doc[unique.column])))})`.execute(db);
  const stored = new Map(rows.rows.map((r) => [r.value, r.key]));
  return items.filter((item) => {
    const value = String(item.doc[unique.column]);
    const id = item.doc[key] as number;
    const other = owner.get(value) ?? stored.get(value);
    if (other !== undefined && other !== id) {
      const where = owner.has(value) ? 'in this batch' : 'already';
      skipped.push({ index: item.index, reason: `${unique.column} "${value}" belongs to ${unique.noun} ${other} ${where}` });
      return false;
    }
    owner.set(value, id);
    return true;
  });
}

function upsert(db: Db, entity: ImportEntity, docs: Record<string, unknown>[]): Promise<UpsertOutcome> {
  switch (entity) {
    case 'product':
      return upsertProducts(db, docs as ProductDoc[]);
    case 'category':
      return upsertCategories(db, docs as CategoryDoc[]);
    case 'attribute':
      return upsertAttributes(db, docs as AttributeDoc[]);
    case 'taxrule':
      return upsertTaxRules(db, docs as TaxRuleDoc[]);
    case 'review':
      return upsertReviews(db, docs as ReviewDoc[]);
    case 'cms_page':
    case 'cms_block':
      return upsertCms(db, entity, docs as CmsPageDoc[]);
    case 'cms_hierarchy':
      return upsertCmsHierarchy(db, docs as CmsHierarchyDoc[]);
  }
}

/** The keys product pages and lists are cached under, as stored now. */
async function productKeys(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('product')
    .select(['id', 'sku', 'parent_sku', 'child_skus', 'category_ids', 'url_path'])
    .where(sql<boolean>`id = ANY(${intArray(ids)})`)
    .execute();
}

function addProductKeys(change: CatalogChange, rows: readonly InPlaceKeys[], withCategories: boolean): void {
  for (const row of rows) {
    change.productIds.push(row.id);
    change.skus.push(row.sku, ...row.child_skus, ...(row.parent_sku ? [row.parent_sku] : []));
    if (withCategories) change.categoryIds.push(...row.category_ids);
  }
}

/** Writes the batch (products rewritten in place too) and describes the change: products by their state before and after it. */
async function write(db: Db, entity: ImportEntity, items: Item[], inPlace: InPlaceRows): Promise<{ outcome: UpsertOutcome; change: CatalogChange }> {
  const docs = items.map((i) => i.doc);
  const change: CatalogChange = { entity, ids: [], productIds: [], skus: [], categoryIds: [] };
  const before = entity === 'product' ? await productKeys(db, docs.map((d) => d.id as number)) : [];
  const outcome = await upsert(db, entity, docs);
  change.ids = [...outcome.inserted, ...outcome.updated];
  const changed = new Set(change.ids);
  if (entity === 'product') {
    const after = await productKeys(db, change.ids);
    addProductKeys(change, before.filter((row) => changed.has(row.id)), true);
    addProductKeys(change, after, true);
    // Whoever changed a URL (the back office's edit, an ERP's or a VSF dump's import), the old
    // address answers 301 to the new one, and a new address is nobody's redirect (ADR 0032).
    const pathBefore = new Map(before.map((row) => [row.id, row.url_path]));
    await recordUrlChanges(db, after.map((row) => ({ id: row.id, from: pathBefore.get(row.id) ?? '', to: row.url_path })));
  } else if (entity === 'review') {
    const reviewed = docs.filter((d) => changed.has(d.id as number)).map((d) => d.product_id as number);
    addProductKeys(change, await productKeys(db, [...new Set(reviewed)]), false);
  } else if (entity === 'category') {
    change.categoryIds = change.ids;
  }
  // Products rewritten in place keep their keys: no name, URL or category changed.
  const rewritten = await writeInPlace(db, inPlace);
  addProductKeys(change, rewritten, true);
  outcome.updated.push(...rewritten.map((row) => row.id));
  change.ids.push(...rewritten.map((row) => row.id));
  change.productIds = [...new Set(change.productIds)];
  change.skus = [...new Set(change.skus)];
  change.categoryIds = [...new Set(change.categoryIds)];
  return { outcome, change };
}

function tally(into: Record<string, number>, keys: readonly string[]): void {
  for (const key of keys) into[key] = (into[key] ?? 0) + 1;
}

/** Checks and normalises a batch's documents (prepareDoc), one per key: what can be written, and what is refused with a reason. */
function prepareBatch(entity: ImportEntity, raw: readonly Record<string, unknown>[]): { skipped: BatchImport['skipped']; unique: Set<Item> } {
  const skipped: BatchImport['skipped'] = [];
  const prepared: Item[] = [];
  raw.forEach((doc, index) => {
    const { docs, problems } = prepareDoc(entity, doc);
    for (const reason of problems) skipped.push({ index, reason });
    for (const item of docs) prepared.push({ ...item, index });
  });
  // One document per id; an earlier duplicate is reported (a nested category copy is no duplicate).
  const unique = new Set(dedupeByKey(entity, prepared));
  const key = keyField(entity);
  for (const item of prepared) {
    if (unique.has(item) || item.nested) continue;
    skipped.push({ index: item.index, reason: `${key} ${String(item.doc[key])} comes again later in the batch, which is imported instead` });
  }
  return { skipped, unique };
}

/**
 * What a reader of a product batch may return besides documents: stored products it changed,
 * each as it was and as it is to be. Those whose change leaves every product column but the
 * prices alone (a price or stock edit) are written in place (write-in-place.ts); the others are
 * imported with the documents.
 */
export interface BatchRead {
  docs: readonly Record<string, unknown>[];
  rewrites: readonly ProductRewrite[];
}

type InPlaceRows = Awaited<ReturnType<typeof splitInPlace>>['inPlace'];

/** Documents to import, or a reader of them that runs first in the batch's transaction. */
export type BatchDocs = readonly Record<string, unknown>[] | ((trx: Db) => Promise<readonly Record<string, unknown>[] | BatchRead>);

/** A document as the import would store it, or null when the import would refuse or split it. */
function prepared(doc: ProductDoc): ProductDoc | null {
  const { docs, problems } = prepareDoc('product', doc);
  return problems.length === 0 && docs.length === 1 ? (docs[0]!.doc as ProductDoc) : null;
}

/** A reader's documents, and the rewrites written in place (the rest among the documents). */
async function readBatch(trx: Db, entity: ImportEntity, read: readonly Record<string, unknown>[] | BatchRead): Promise<{ docs: readonly Record<string, unknown>[]; inPlace: InPlaceRows }> {
  if (!('rewrites' in read)) return { docs: read, inPlace: [] };
  if (entity !== 'product') throw new Error(`Only products are rewritten in place, not ${entity}`);
  // The stored document as it is (the diff), the new one as the import would store it.
  const ready = read.rewrites.map(({ before, after }) => ({ before, after: prepared(after), raw: after }));
  const { inPlace, whole } = await splitInPlace(trx, ready.filter((r): r is ProductRewrite & { raw: ProductDoc } => r.after !== null), new Date());
  return { docs: [...read.docs, ...whole, ...ready.filter((r) => r.after === null).map((r) => r.raw)], inPlace };
}

/**
 * Runs in the batch's transaction after the write, with what it wrote: the back office's edits
 * audit there and check the outcome (throwing rolls the whole batch back).
 */
export type AfterBatchWrite = (trx: Db, batch: BatchImport) => Promise<void>;

/**
 * Imports one batch of documents of one entity in one transaction: prepares them (checks,
 * normalises, flattens category trees), refuses what cannot be written with a reason, upserts
 * the rest and reports what changed. Equal documents are left alone. `docs` may be a reader run
 * in the transaction (an edit reads the stored documents under lock, changes and returns them),
 * and `after` runs there once they are written.
 */
export async function importBatch(db: Db, entity: ImportEntity, docs: BatchDocs, after?: AfterBatchWrite): Promise<BatchImport> {
  const ready = typeof docs === 'function' ? undefined : prepareBatch(entity, docs);
  return db.transaction().execute(async (trx) => {
    const read = typeof docs === 'function' ? await readBatch(trx, entity, await docs(trx)) : { docs: [], inPlace: [] };
    const { skipped, unique } = typeof docs === 'function' ? prepareBatch(entity, read.docs) : ready!;
    const items = await dropUniqueConflicts(trx, entity, [...unique], skipped);
    const { outcome, change } = await write(trx, entity, items, read.inPlace);
    const productTypes: Record<string, number> = {};
    const derived: Record<string, number> = {};
    for (const item of items) {
      if (entity === 'product') tally(productTypes, [String(item.doc.type_id)]);
      tally(derived, item.derived);
    }
    for (const row of read.inPlace) tally(productTypes, [row.typeId]);
    const batch: BatchImport = {
      inserted: outcome.inserted.length,
      updated: outcome.updated.length,
      unchanged: items.length + read.inPlace.length - outcome.inserted.length - outcome.updated.length,
      skipped: skipped.sort((a, b) => a.index - b.index),
      productTypes,
      derived,
      change,
    };
    await after?.(trx, batch);
    return batch;
  });
}
