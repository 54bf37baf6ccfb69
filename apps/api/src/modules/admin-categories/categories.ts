import {
  ADMIN_CATEGORY_MESSAGES as M,
  CATEGORY_FAQ_MAX,
  type AdminCategory,
  type AdminCategoryMoveBody,
  type AdminCategoryNode,
  type AdminCategoryPatchBody,
  type AdminCategoryTree,
  type CategoryFaqPair,
} from '@shop/contracts';
import { intArray, type CategoryTable, type Db } from '@shop/db';
import { CATEGORY_ROOT_ID, htmlToText, textToHtml } from '@shop/domain';
import { sql } from 'kysely';
import { HttpError } from '../../http/errors.ts';
import { recordAudit, type AuditActor } from '../admin/audit.ts';
import type { CatalogImportService } from '../catalog/import.ts';
import { htmlRefusal } from '../cms/html-refusal.ts';
import { sanitizeHtml } from '../cms/html-sanitizer.ts';

type Doc = Record<string, unknown>;

/** A stored category: its columns (what the storefront filters and sorts by) and its VSF document. */
type Row = Omit<CategoryTable, 'product_count' | 'doc'> & { doc: Doc };

const COLUMNS = ['id', 'parent_id', 'path', 'level', 'position', 'name', 'slug', 'url_key', 'url_path', 'is_active', 'include_in_menu'] as const;

const stringOrNull = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
/** An optional text as stored: empty is none. */
const emptyToNull = (value: string | null) => (value === null || value === '' ? null : value);

function node(row: Omit<Row, 'doc'>, productCount: number): AdminCategoryNode {
  return {
    id: row.id,
    parentId: row.parent_id,
    name: row.name,
    level: row.level,
    position: row.position,
    path: row.path,
    urlKey: row.url_key,
    urlPath: row.url_path,
    slug: row.slug,
    isActive: row.is_active,
    includeInMenu: row.include_in_menu,
    productCount,
  };
}

/** The FAQ as the seller reads and writes it: plain text, every pair with something in it (the page shows complete pairs only). */
function faqOf(doc: Doc): CategoryFaqPair[] {
  const pairs: CategoryFaqPair[] = [];
  for (let i = 1; i <= CATEGORY_FAQ_MAX; i++) {
    const question = htmlToText(stringOrNull(doc[`faq_question_${i}`]));
    const answer = htmlToText(stringOrNull(doc[`faq_answer_${i}`]));
    if (question || answer) pairs.push({ question, answer });
  }
  return pairs;
}

function present(row: Row, productCount: number): AdminCategory {
  const { doc } = row;
  return {
    ...node(row, productCount),
    metaTitle: stringOrNull(doc.meta_title),
    metaDescription: stringOrNull(doc.meta_description),
    robots: stringOrNull(doc.robots),
    shortDescription: stringOrNull(doc.short_description),
    faq: faqOf(doc),
    cmsBlockTop: stringOrNull(doc.cms_block_top),
    cmsBlockBottom: stringOrNull(doc.cms_block_bottom),
  };
}

/** What an edit changes, for the audit log (not the product count, which no edit changes). */
function editable(category: AdminCategory) {
  const { productCount: _count, ...fields } = category;
  return fields;
}

/** The texts a body carries, by the field name an answer gives; each is refused if its HTML could run code. */
function texts(body: AdminCategoryPatchBody): [string, string | null | undefined][] {
  return [
    ['name', body.name],
    ['metaTitle', body.metaTitle],
    ['metaDescription', body.metaDescription],
    ['shortDescription', body.shortDescription],
    ...(body.faq ?? []).flatMap((pair, i): [string, string][] => [
      [`faq.${i}.question`, pair.question],
      [`faq.${i}.answer`, pair.answer],
    ]),
  ];
}

/** The stored document with the body's fields written as the storefront reads them. */
function edited(doc: Doc, body: AdminCategoryPatchBody): Doc {
  const next: Doc = { ...doc };
  if (body.name !== undefined) next.name = body.name;
  if (body.isActive !== undefined) next.is_active = body.isActive;
  if (body.includeInMenu !== undefined) next.include_in_menu = body.includeInMenu;
  if (body.metaTitle !== undefined) next.meta_title = emptyToNull(body.metaTitle);
  if (body.metaDescription !== undefined) next.meta_description = emptyToNull(body.metaDescription);
  if (body.robots !== undefined) next.robots = body.robots;
  // The page shows it as text, but it is HTML in the catalogue: sanitised as the CMS is.
  if (body.shortDescription !== undefined) next.short_description = emptyToNull(body.shortDescription === null ? null : sanitizeHtml(body.shortDescription));
  if (body.faq !== undefined) {
    // Written as HTML the page reads back as the same text (`a < b` stays text).
    for (let i = 1; i <= CATEGORY_FAQ_MAX; i++) {
      const pair = body.faq[i - 1];
      next[`faq_question_${i}`] = pair ? textToHtml(pair.question) : null;
      next[`faq_answer_${i}`] = pair ? textToHtml(pair.answer) : null;
    }
  }
  if (body.cmsBlockTop !== undefined) next.cms_block_top = body.cmsBlockTop;
  if (body.cmsBlockBottom !== undefined) next.cms_block_bottom = body.cmsBlockBottom;
  return next;
}

const bySiblingOrder = (a: { position: number; id: number }, b: { position: number; id: number }) => a.position - b.position || a.id - b.id;

/** The categories as a tree: children by parent id, in the storefront's menu order. */
function childrenOf<T extends { id: number; parent_id: number | null; position: number }>(rows: readonly T[]): Map<number | null, T[]> {
  const children = new Map<number | null, T[]>();
  for (const row of rows) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row]);
  for (const list of children.values()) list.sort(bySiblingOrder);
  return children;
}

/** Every row depth first from the roots (a parent that is not stored makes a root); rows in a cycle last. */
function depthFirst<T extends { id: number; parent_id: number | null; position: number; level: number }>(rows: readonly T[]): T[] {
  const ids = new Set(rows.map((r) => r.id));
  const children = childrenOf(rows);
  const out: T[] = [];
  const seen = new Set<number>();
  const visit = (row: T) => {
    if (seen.has(row.id)) return;
    seen.add(row.id);
    out.push(row);
    for (const child of children.get(row.id) ?? []) visit(child);
  };
  const roots = rows.filter((r) => r.parent_id === null || !ids.has(r.parent_id)).sort((a, b) => a.level - b.level || bySiblingOrder(a, b));
  for (const root of roots) visit(root);
  for (const row of rows) visit(row);
  return out;
}

/** The ids from a category up to its top ancestor, itself first (a cycle in bad data stops the walk). */
function lineage(id: number, byId: ReadonlyMap<number, { parent_id: number | null }>): number[] {
  const chain: number[] = [];
  for (let at: number | null | undefined = id; at !== null && at !== undefined && byId.has(at) && !chain.includes(at); at = byId.get(at)?.parent_id) chain.push(at);
  return chain;
}

/**
 * The category tree of the back office (issue #45 point 2). Reads the stored categories; every
 * write is the stored document changed and imported again through the catalogue's one write path
 * (CatalogImportService), whose transaction also checks that nothing changed the documents since
 * they were read (409 otherwise) and records the audit entry: written, audited, announced and
 * expired from the caches together, or not at all.
 */
export class AdminCategories {
  constructor(
    private readonly db: Db,
    private readonly imports: CatalogImportService,
    private readonly now: () => Date,
  ) {}

  async tree(): Promise<AdminCategoryTree> {
    const [rows, counts, blocks] = await Promise.all([
      this.db.selectFrom('category').select(COLUMNS).execute(),
      this.productCounts(),
      this.db.selectFrom('cms_block').select(['identifier', 'active', 'doc']).orderBy('identifier').execute(),
    ]);
    return {
      rootId: CATEGORY_ROOT_ID,
      items: depthFirst(rows).map((row) => node(row, counts.get(row.id) ?? 0)),
      cmsBlocks: blocks.map((b) => ({ identifier: b.identifier, active: b.active, title: typeof b.doc.title === 'string' ? b.doc.title : b.identifier })),
    };
  }

  async get(id: number): Promise<AdminCategory> {
    const row = await this.row(this.db, id);
    if (!row) throw new HttpError(404, M.notFound);
    const count = await sql<{ n: number | string }>`SELECT count(*) AS n FROM product WHERE category_ids @> ${intArray([id])}`.execute(this.db);
    return present(row, Number(count.rows[0]?.n ?? 0));
  }

  async update(id: number, body: AdminCategoryPatchBody, actor: AuditActor): Promise<AdminCategory> {
    const at = this.now();
    const row = await this.row(this.db, id);
    if (!row) throw new HttpError(404, M.notFound);
    for (const [field, value] of texts(body)) {
      const refusal = value ? htmlRefusal(field, value) : null;
      if (refusal) throw new HttpError(400, refusal);
    }
    await this.checkBlocks(body);
    const before = present(row, 0);
    await this.write([edited(row.doc, body)], [row], async (trx) => {
      const stored = await this.row(trx, id);
      if (stored) await recordAudit(trx, actor, { action: 'category.update', objectType: 'category', objectId: String(id), before: editable(before), after: editable(present(stored, 0)) }, at);
    });
    return this.get(id);
  }

  /**
   * Moves a category under `parentId` at `position` among its children (last when omitted), its
   * subtree with it; both the new and the old siblings are numbered again from 1.
   */
  async move(id: number, body: AdminCategoryMoveBody, actor: AuditActor): Promise<AdminCategory> {
    const at = this.now();
    const rows: Row[] = await this.db.selectFrom('category').select([...COLUMNS, 'doc']).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const target = byId.get(id);
    if (!target) throw new HttpError(404, M.notFound);
    const targetLine = lineage(id, byId);
    if (id === CATEGORY_ROOT_ID || !targetLine.includes(CATEGORY_ROOT_ID)) throw new HttpError(400, M.rootFixed);
    const parent = byId.get(body.parentId);
    if (!parent) throw new HttpError(400, `parentId: ${M.unknownParent.replace('{id}', String(body.parentId))}`);
    const parentLine = lineage(parent.id, byId);
    if (parentLine.includes(id)) throw new HttpError(400, `parentId: ${M.intoItself}`);
    if (!parentLine.includes(CATEGORY_ROOT_ID)) throw new HttpError(400, `parentId: ${M.outsideShop}`);

    const children = childrenOf(rows);
    const siblings = (children.get(parent.id) ?? []).filter((r) => r.id !== id);
    const position = body.position ?? siblings.length + 1;
    if (position > siblings.length + 1) throw new HttpError(400, `position: ${M.positionOver.replace('{max}', String(siblings.length + 1))}`);

    // The new documents by id: positions of both sibling lists, then the subtree's place.
    const next = new Map<number, Doc>();
    const place = (row: Row, fields: Doc) => next.set(row.id, { ...(next.get(row.id) ?? row.doc), ...fields });
    const renumber = (list: readonly Row[]) => list.forEach((row, i) => place(row, { position: i + 1 }));
    if (target.parent_id !== parent.id) renumber((children.get(target.parent_id) ?? []).filter((r) => r.id !== id));
    renumber([...siblings.slice(0, position - 1), target, ...siblings.slice(position - 1)]);
    if (target.parent_id !== parent.id) {
      const relocate = (row: Row, above: { id: number; path: string; level: number }) => {
        const moved = { id: row.id, path: `${above.path}/${row.id}`, level: above.level + 1 };
        place(row, { ...(row.id === id ? { parent_id: above.id } : {}), path: moved.path, level: moved.level });
        for (const child of children.get(row.id) ?? []) relocate(child, moved);
      };
      relocate(target, parent);
    }
    const changed = [...next].filter(([rowId, doc]) => JSON.stringify(doc) !== JSON.stringify(byId.get(rowId)!.doc));
    const siblingIndex = (list: readonly Row[]) => list.findIndex((r) => r.id === id) + 1;
    // What the move was based on: the documents it rewrites, and the new parent's line (a move
    // elsewhere at the same time must not turn it into a cycle).
    const basis = [...new Set([...changed.map(([rowId]) => rowId), ...parentLine])].map((rowId) => byId.get(rowId)!);
    await this.write(
      changed.map(([, doc]) => doc),
      basis,
      (trx) =>
        recordAudit(
          trx,
          actor,
          {
            action: 'category.move',
            objectType: 'category',
            objectId: String(id),
            before: { parentId: target.parent_id, position: siblingIndex(children.get(target.parent_id) ?? []) },
            after: { parentId: parent.id, position },
          },
          at,
        ),
    );
    return this.get(id);
  }

  /**
   * Imports the documents in one batch. In its transaction, first: the rows the change was made
   * from are locked and must be as they were read; last: nothing refused, and the audit entry.
   */
  private async write(docs: Doc[], basis: readonly Row[], audit: (trx: Db) => Promise<void>): Promise<void> {
    if (docs.length === 0) return;
    await this.imports.importBatch(
      'category',
      async (trx) => {
        const ids = basis.map((r) => r.id);
        const stored = await trx.selectFrom('category').select(['id', 'doc']).where('id', 'in', ids).orderBy('id').forUpdate().execute();
        const now = new Map(stored.map((r) => [r.id, JSON.stringify(r.doc)]));
        if (basis.some((r) => now.get(r.id) !== JSON.stringify(r.doc))) throw new HttpError(409, M.changedMeanwhile);
        return docs;
      },
      async (trx, written) => {
        const refused = written.skipped[0];
        if (refused) throw new HttpError(400, refused.reason);
        if (written.updated > 0) await audit(trx);
      },
    );
  }

  private async checkBlocks(body: AdminCategoryPatchBody): Promise<void> {
    const asked = (['cmsBlockTop', 'cmsBlockBottom'] as const).filter((field) => typeof body[field] === 'string');
    if (asked.length === 0) return;
    const found = await this.db.selectFrom('cms_block').select('identifier').where('identifier', 'in', asked.map((field) => body[field]!)).execute();
    const known = new Set(found.map((b) => b.identifier));
    for (const field of asked) if (!known.has(body[field]!)) throw new HttpError(400, `${field}: ${M.unknownBlock.replace('{identifier}', body[field]!)}`);
  }

  private row(db: Db, id: number): Promise<Row | undefined> {
    return db.selectFrom('category').select([...COLUMNS, 'doc']).where('id', '=', id).executeTakeFirst();
  }

  /** Products per category, of every category at once. */
  private async productCounts(): Promise<Map<number, number>> {
    const { rows } = await sql<{ id: number; n: number | string }>`SELECT c AS id, count(*) AS n FROM product, unnest(category_ids) AS c GROUP BY c`.execute(this.db);
    return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
  }
}

/** A `:id` of the path, or 404 (it names no category). */
export function categoryIdOf(raw: string | undefined): number {
  if (!raw || !/^\d{1,9}$/.test(raw)) throw new HttpError(404, M.notFound);
  return Number(raw);
}
