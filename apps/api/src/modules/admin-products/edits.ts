import { ADMIN_IMAGE_MESSAGES as IM, ADMIN_PRODUCT_BATCH, ADMIN_PRODUCT_MESSAGES as M, adminProductPatch, uploadImagePath, type CacheInvalidationOutcome, type ProductPatch } from '@shop/contracts';
import { applyStockLevels, mediaInfo, textArray, type BatchImport, type Db, type ProductRewrite } from '@shop/db';
import { sameFields, type AttributeDoc, type ConfigurableChild, type ProductDoc, type TaxRuleDoc } from '@shop/domain';
import { sql } from 'kysely';
import { HttpError } from '../../http/errors.ts';
import { recordAudits, type AuditActor, type AuditRecord } from '../admin/audit.ts';
import type { CatalogImportService } from '../catalog/import.ts';
import { applyPatch, changedFields, fieldProblems, patchCopy, readFields, vsfDateTime, type CategoryRef, type EditContext, type ProductFields, type TechnicalAttribute } from './fields.ts';
import { addedImages, galleryProblems, uploadHash } from './gallery.ts';

/**
 * Edits of products (issue #45 points 1 and 7, ADR 0032) through the one catalogue write path:
 * CatalogImportService.importBatch reads the stored documents in its transaction (rows locked),
 * this module changes them and hands them back to be re-imported, so the search index's change
 * feed, the other API instances and exactly the cache tags of the products and their categories
 * follow as for an import; the audit entries and URL redirects are written in the same
 * transaction. All or nothing: one refused edit and nothing is written.
 */

/** A patch, or (bulk actions) one computed from the product's current fields; it may throw EditRefused. */
export type EditPatch = ProductPatch | ((current: ProductFields) => ProductPatch);

export interface ProductEdit {
  sku: string;
  patch: EditPatch;
}

/** Why one edit cannot be made: its index in the list, its SKU, the field and the Italian message (naming the field). */
export interface EditProblem {
  index: number;
  sku: string;
  field: string;
  message: string;
  /** A kind callers group by (bulk actions: `below-zero`). */
  code?: string;
}

/** Thrown by a computed patch that cannot be made for this product. */
export class EditRefused extends Error {
  constructor(
    readonly field: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * A refused list of edits, whose message names the first products and fields (`problems` has them
 * all): 404 when every SKU is unknown, 409 when every problem is an address already taken, else 400.
 */
export class EditsRefused extends HttpError {
  /** `single`: the edit of one product, whose message need not name it. */
  constructor(readonly problems: readonly EditProblem[], single = false) {
    const all = (code: string) => problems.every((p) => p.code === code);
    super(all('not-found') ? 404 : all('url-taken') ? 409 : 400, single || problems.length === 1 && problems[0]!.code === 'not-found' ? problems[0]!.message : M.problems.replace('{count}', String(new Set(problems.map((p) => p.sku)).size)).replace('{list}', describeProblems(problems)));
  }
}

const LISTED = 10;
function describeProblems(problems: readonly EditProblem[]): string {
  const shown = problems.slice(0, LISTED).map((p) => `${p.sku} – ${p.message.replace(/\.$/, '')}`);
  return problems.length > LISTED ? `${shown.join('; ')} (e altri ${problems.length - LISTED})` : shown.join('; ');
}

/** What one written list of edits changed. */
export interface EditOutcome {
  /** Per edit: its SKU and the fields that changed (none: it changed nothing). */
  edits: { sku: string; changed: string[] }[];
  updated: number;
  unchanged: number;
  cache: CacheInvalidationOutcome;
}

export interface Loaded {
  id: number;
  sku: string;
  childSkus: string[];
  /** As stored (a new product: null). */
  original: ProductDoc | null;
  doc: ProductDoc;
}

interface Target {
  index: number;
  sku: string;
  /** A new product's edit: audited as a creation. */
  created: boolean;
  before: ProductFields;
  after: ProductFields;
  changed: (keyof ProductFields)[];
}

interface Plan {
  /** New products' documents. */
  docs: ProductDoc[];
  /** Stored products changed: the import writes those whose prices or stock alone changed in place. */
  rewrites: ProductRewrite[];
  targets: Target[];
  /** New URL paths to check (taken by another product, a category, a page): the import leaves the old ones' redirects. */
  urlChanges: { id: number; sku: string; to: string; created: boolean }[];
  problems: EditProblem[];
}

/** What an edit reads of the catalogue: categories, technical attributes, product tax classes. */
export async function loadEditContext(db: Db, now: Date): Promise<EditContext> {
  const [categories, attributes, rules] = await Promise.all([
    db.selectFrom('category').select(['id', 'name', 'slug', 'url_path', 'level']).execute(),
    db.selectFrom('attribute').select(['attribute_code', 'frontend_input', 'doc']).where('is_user_defined', '=', true).orderBy('position').orderBy('attribute_code').execute(),
    db.selectFrom('tax_rule').select('doc').execute(),
  ]);
  return {
    categories: new Map(categories.map((c): [number, CategoryRef] => [c.id, c])),
    attributes: new Map(attributes.map((row): [string, TechnicalAttribute] => [row.attribute_code, technicalAttribute(row.attribute_code, row.frontend_input, row.doc as unknown as AttributeDoc)])),
    taxClasses: new Set(rules.flatMap((r) => ((r.doc as unknown as TaxRuleDoc).product_tax_class_ids ?? []).map(Number))),
    now,
  };
}

export function technicalAttribute(code: string, input: string, doc: AttributeDoc): TechnicalAttribute {
  return {
    code,
    label: String(doc.default_frontend_label ?? doc.frontend_label ?? code),
    input,
    options: new Map((doc.options ?? []).filter((o) => o.value !== '' && o.value !== null && o.value !== undefined).map((o) => [String(o.value), String(o.label)])),
  };
}

/**
 * Products by SKU with their rows (each own row, and the configurables holding the SKU as a child),
 * optionally locked. Each match is its own index's (an OR of the two was a whole-table scan).
 */
export async function loadRows(db: Db, skus: readonly string[], lock: boolean): Promise<Loaded[]> {
  if (skus.length === 0) return [];
  const { rows } = await sql<{ id: number; sku: string; child_skus: string[]; doc: ProductDoc }>`
    SELECT p.id, p.sku, p.child_skus, d.doc FROM product p JOIN product_doc d ON d.id = p.id
    WHERE p.id IN (SELECT id FROM product WHERE sku = ANY(${textArray(skus)}) UNION SELECT id FROM product WHERE child_skus && ${textArray(skus)})
    ORDER BY p.id ${lock ? sql`FOR UPDATE OF p` : sql``}`.execute(db);
  return rows.map((r) => ({ id: r.id, sku: r.sku, childSkus: r.child_skus, original: r.doc, doc: r.doc }));
}

async function loadLevels(db: Db, skus: readonly string[], lock: boolean): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const { rows } = await sql<{ sku: string; qty: string | number }>`
    SELECT sku, qty FROM stock_level WHERE sku = ANY(${textArray(skus)}) ORDER BY sku ${lock ? sql`FOR UPDATE` : sql``}`.execute(db);
  return new Map(rows.map((r) => [r.sku, Number(r.qty)]));
}

/** A picture an edit adds to a product's gallery. */
interface AddedImage {
  index: number;
  sku: string;
  path: string;
}

/**
 * Pictures added to a gallery that the shop does not store: a product takes a new picture only
 * as an upload (any product's), never a path made up (the storefront would draw a stand-in).
 */
async function unknownImages(db: Db, added: readonly AddedImage[]): Promise<EditProblem[]> {
  if (added.length === 0) return [];
  const stored = await mediaInfo(db, [...new Set(added.map((a) => uploadHash(a.path)).filter((hash): hash is string => hash !== null))]);
  return added
    .filter(({ path }) => {
      const media = stored.get(uploadHash(path) ?? '');
      return !media || uploadImagePath(media.hash, media.mimeType) !== path;
    })
    .map(({ index, sku, path }) => ({ index, sku, field: 'images', message: IM.unknown.replace('{path}', path) }));
}

const copyIndex = (doc: ProductDoc, sku: string) => (doc.configurable_children ?? []).findIndex((child) => child.sku === sku);

/** A patch as the contract reads it (a caller's object may not have been checked): the patch, or its problems. */
function parsePatch(index: number, sku: string, patch: unknown): { patch?: ProductPatch; problems: EditProblem[] } {
  const parsed = adminProductPatch.safeParse(patch);
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.slice(0, 5).map((issue) => {
        const field = issue.path.map(String).join('.');
        return { index, sku, field, message: field ? `${field}: ${issue.message}` : issue.message };
      }),
    };
  }
  if (Object.keys(parsed.data).length === 0) return { problems: [{ index, sku, field: '', message: M.emptyPatch }] };
  return { patch: parsed.data, problems: [] };
}

/** Fields written to the audit log with their values; long texts are named only. */
const NAMED_ONLY = new Set(['description', 'shortDescription']);
function auditValues(fields: ProductFields, changed: readonly (keyof ProductFields)[]): Record<string, unknown> {
  return Object.fromEntries(changed.filter((field) => !NAMED_ONLY.has(field)).map((field) => [field, fields[field]]));
}

export class ProductEditor {
  constructor(
    private readonly db: Db,
    private readonly imports: CatalogImportService,
    private readonly now: () => Date,
  ) {}

  /**
   * The problems `apply` would refuse these edits with, nothing written (the CSV import's
   * preview): each edit checked as apply checks it, against the catalogue as it is now.
   */
  async check(edits: readonly ProductEdit[]): Promise<EditProblem[]> {
    this.checkSize(edits);
    return (await this.plan(this.db, edits, false)).problems;
  }

  /**
   * Checks every edit, then writes them all in one import batch (one transaction), with their
   * audit entries (`action`, by `actor`) and URL redirects; refused as a whole (EditsRefused,
   * 400) when any one is wrong. At most ADMIN_PRODUCT_BATCH edits, one per SKU. `create` makes
   * the documents of new products in the transaction, which the edits then fill in.
   */
  async apply(edits: readonly ProductEdit[], actor: AuditActor, action = 'product.update', create?: (trx: Db) => Promise<ProductDoc[]>): Promise<EditOutcome> {
    this.checkSize(edits);
    let plan: Plan | undefined;
    const result = await this.imports.importBatch(
      'product',
      async (trx) => {
        plan = await this.plan(trx, edits, true, create ? await create(trx) : []);
        if (plan.problems.length > 0) throw new EditsRefused(plan.problems, edits.length === 1);
        return { docs: plan.docs, rewrites: plan.rewrites };
      },
      (trx, batch) => this.afterWrite(trx, plan!, batch, actor, action, create !== undefined),
    );
    return { edits: plan!.targets.map((t) => ({ sku: t.sku, changed: t.changed })), updated: result.updated + result.inserted, unchanged: result.unchanged, cache: result.cache };
  }

  private checkSize(edits: readonly ProductEdit[]): void {
    if (edits.length > ADMIN_PRODUCT_BATCH) throw new HttpError(400, M.tooManyEdits.replace('{max}', String(ADMIN_PRODUCT_BATCH)));
    const seen = new Set<string>();
    for (const edit of edits) {
      if (seen.has(edit.sku)) throw new HttpError(400, M.duplicateEdit.replace('{sku}', edit.sku));
      seen.add(edit.sku);
    }
  }

  /**
   * Reads the products (locked when writing), applies the edits to their documents and to the
   * copies of configurable children inside their parents, and checks them. The shop's own stock
   * counts are written into every document the write re-imports (an import starts the counts again
   * from the document: resetStockLevels), so an edit of a name never gives back sold pieces; a
   * quantity the edit sets is what the shop sells from afterwards.
   */
  private async plan(db: Db, edits: readonly ProductEdit[], lock: boolean, created: readonly ProductDoc[] = []): Promise<Plan> {
    const problems: EditProblem[] = [];
    const now = this.now();
    const ctx = await loadEditContext(db, now);
    const loaded = new Map<number, Loaded>();
    for (const row of await loadRows(db, edits.map((e) => e.sku), lock)) loaded.set(row.id, row);
    for (const doc of created) loaded.set(doc.id, { id: doc.id, sku: doc.sku, childSkus: [], original: null, doc });
    // Re-importing a configurable starts its children's counts again too: their own rows carry them.
    const resetSkus = () => [...loaded.values()].flatMap((row) => [row.sku, ...row.childSkus]);
    const levels = await loadLevels(db, resetSkus(), lock);
    const bySku = new Map([...loaded.values()].map((row) => [row.sku, row]));
    const carried = new Set([...levels.keys()].filter((sku) => !bySku.has(sku)));
    for (const row of await loadRows(db, [...carried], lock)) if (!loaded.has(row.id) && carried.has(row.sku)) loaded.set(row.id, row);
    for (const row of loaded.values()) row.doc = applyStockLevels(row.doc, levels);
    const own = new Map([...loaded.values()].map((row) => [row.sku, row]));
    // Each child SKU's configurables, once (a lookup per edit: a CSV batch has hundreds).
    const holders = new Map<string, Loaded[]>();
    for (const row of loaded.values()) for (const child of row.childSkus) holders.set(child, [...(holders.get(child) ?? []), row]);
    const parentsOf = (sku: string) => (holders.get(sku) ?? []).filter((row) => copyIndex(row.doc, sku) >= 0);

    const targets: Target[] = [];
    const urlChanges: Plan['urlChanges'] = [];
    const added: AddedImage[] = [];
    const stamp = vsfDateTime(now);
    edits.forEach((edit, index) => {
      const self = own.get(edit.sku);
      const parents = parentsOf(edit.sku);
      if (!self && parents.length === 0) {
        problems.push({ index, sku: edit.sku, field: 'sku', message: M.notFound.replace('{sku}', edit.sku), code: 'not-found' });
        return;
      }
      const base: ProductDoc = self?.doc ?? (parents[0]!.doc.configurable_children![copyIndex(parents[0]!.doc, edit.sku)] as unknown as ProductDoc);
      const before = readFields(base, ctx.attributes);
      let patch: ProductPatch;
      if (typeof edit.patch === 'function') {
        try {
          patch = edit.patch(before);
        } catch (error) {
          if (!(error instanceof EditRefused)) throw error;
          problems.push({ index, sku: edit.sku, field: error.field, message: error.message, ...(error.code ? { code: error.code } : {}) });
          return;
        }
      } else patch = edit.patch;
      // A computed patch may find nothing to change (a CSV row equal to its product): unchanged, not refused.
      if (typeof edit.patch === 'function' && Object.keys(patch).length === 0) {
        targets.push({ index, sku: edit.sku, created: false, before, after: before, changed: [] });
        return;
      }
      const parsed = parsePatch(index, edit.sku, patch);
      problems.push(...parsed.problems);
      if (!parsed.patch) return;
      const changedDoc = applyPatch(base, parsed.patch, ctx);
      const after = readFields(changedDoc, ctx.attributes);
      problems.push(...fieldProblems(parsed.patch, after, ctx).map((p) => ({ index, sku: edit.sku, ...p })));
      problems.push(...galleryProblems(parsed.patch, before.images).map((p) => ({ index, sku: edit.sku, ...p })));
      added.push(...addedImages(parsed.patch, before.images).map((path) => ({ index, sku: edit.sku, path })));
      const isNew = self !== undefined && self.original === null;
      const changed = isNew ? (Object.keys(after) as (keyof ProductFields)[]) : changedFields(before, after);
      targets.push({ index, sku: edit.sku, created: isNew, before, after, changed });
      if (changed.length === 0) return;
      if (self) {
        self.doc = { ...changedDoc, updated_at: stamp };
        if (isNew || before.urlPath !== after.urlPath) urlChanges.push({ id: self.id, sku: self.sku, to: after.urlPath, created: isNew });
      }
      for (const parent of parents) {
        const at = copyIndex(parent.doc, edit.sku);
        const copy = parent.doc.configurable_children![at] as unknown as ProductDoc;
        const patched = patchCopy(copy, self ? applyPatch(copy, parsed.patch, ctx) : changedDoc, self !== undefined);
        if (sameFields(patched, copy)) continue;
        const children = [...parent.doc.configurable_children!];
        children[at] = patched as unknown as ConfigurableChild;
        parent.doc = { ...parent.doc, configurable_children: children, updated_at: stamp };
      }
    });
    problems.push(...(await this.urlProblems(db, urlChanges, edits)));
    problems.push(...(await unknownImages(db, added)));
    const written = [...loaded.values()].filter((row) => row.original === null || !sameFields(row.doc, row.original));
    const docs = written.filter((row) => row.original === null).map((row) => row.doc);
    const rewrites = written.flatMap((row) => (row.original === null ? [] : [{ before: row.original, after: row.doc }]));
    return { docs, rewrites, targets, urlChanges, problems };
  }

  /** A URL key or path another product, a category or a CMS page has already (or another edit of the list takes): 409-worthy, named. */
  private async urlProblems(db: Db, changes: Plan['urlChanges'], edits: readonly ProductEdit[]): Promise<EditProblem[]> {
    if (changes.length === 0) return [];
    const keyOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);
    const keys = changes.map((c) => keyOf(c.to));
    const paths = changes.map((c) => c.to);
    const [products, categories, pages] = await Promise.all([
      sql<{ id: number; sku: string; url_key: string; url_path: string }>`
        SELECT id, sku, url_key, url_path FROM product WHERE url_key = ANY(${textArray(keys)}) OR url_path = ANY(${textArray(paths)})`.execute(db),
      sql<{ name: string; url_path: string }>`SELECT name, url_path FROM category WHERE url_path = ANY(${textArray(paths)})`.execute(db),
      sql<{ identifier: string }>`SELECT identifier FROM cms_page WHERE identifier = ANY(${textArray(paths)})`.execute(db),
    ]);
    const indexOf = new Map(edits.map((e, i) => [e.sku, i]));
    const problems: EditProblem[] = [];
    const taken = new Map<string, string>();
    for (const change of changes) {
      const key = keyOf(change.to);
      const index = indexOf.get(change.sku) ?? 0;
      const refuse = (message: string) => problems.push({ index, sku: change.sku, field: 'urlKey', message, code: 'url-taken' });
      const byKey = products.rows.find((p) => p.id !== change.id && p.url_key === key);
      const byPath = products.rows.find((p) => p.id !== change.id && p.url_path === change.to);
      const category = categories.rows.find((c) => c.url_path === change.to);
      const page = pages.rows.find((p) => p.identifier === change.to);
      const inList = taken.get(change.to) ?? taken.get(`key:${key}`);
      if (byKey) refuse(M.urlKeyTaken.replace('{key}', key).replace('{sku}', byKey.sku));
      else if (byPath) refuse(M.urlPathTaken.replace('{path}', change.to).replace('{owner}', `il prodotto ${byPath.sku}`));
      else if (category) refuse(M.urlPathTaken.replace('{path}', change.to).replace('{owner}', `la categoria «${category.name}»`));
      else if (page) refuse(M.urlPathTaken.replace('{path}', change.to).replace('{owner}', `la pagina «${page.identifier}»`));
      else if (inList) refuse(M.urlKeyTaken.replace('{key}', key).replace('{sku}', inList));
      taken.set(change.to, change.sku);
      taken.set(`key:${key}`, change.sku);
    }
    return problems;
  }

  /** In the import's transaction, after the write (which left the redirects of changed URLs): nothing refused, one audit entry per changed product. */
  private async afterWrite(trx: Db, plan: Plan, batch: BatchImport, actor: AuditActor, action: string, creating: boolean): Promise<void> {
    if (batch.skipped.length > 0) throw new HttpError(409, batch.skipped.map((s) => s.reason).join('; '));
    // A new product's id must have been free: an update would have replaced another product.
    if (creating && batch.inserted !== plan.urlChanges.filter((c) => c.created).length) throw new HttpError(409, M.skuTaken.replace('{sku}', plan.targets[0]?.sku ?? ''));
    const records = plan.targets
      .filter((target) => target.changed.length > 0)
      .map((target): AuditRecord =>
        target.created
          ? { action: 'product.create', objectType: 'product', objectId: target.sku, before: null, after: auditValues(target.after, target.changed) }
          : { action, objectType: 'product', objectId: target.sku, before: auditValues(target.before, target.changed), after: { fields: target.changed, ...auditValues(target.after, target.changed) } },
      );
    await recordAudits(trx, actor, records, this.now());
  }
}
