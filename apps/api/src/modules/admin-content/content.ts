import {
  ADMIN_CONTENT_MESSAGES as M,
  type AdminCmsBlock,
  type AdminCmsBlockCreateBody,
  type AdminCmsList,
  type AdminCmsListItem,
  type AdminCmsListQuery,
  type AdminCmsPage,
  type AdminCmsPageCreateBody,
  type AdminCmsPagePatchBody,
  type AdminCmsPreview,
  type CmsKind,
} from '@shop/contracts';
import { nextCmsId, type CmsTableName, type Db } from '@shop/db';
import { cmsPageUrl } from '@shop/domain';
import { sql } from 'kysely';
import { HttpError } from '../../http/errors.ts';
import { recordAudit, type AuditActor } from '../admin/audit.ts';
import type { CatalogImportService } from '../catalog/import.ts';
import { unsafeHtmlRefusal } from '../cms/html-refusal.ts';
import { inspectHtml } from '../cms/html-sanitizer.ts';
import type { PlaceholderValues } from '../cms/routes.ts';
import { fillPlaceholders } from '../shop/placeholders.ts';

const TABLE: Record<CmsKind, CmsTableName> = { page: 'cms_page', block: 'cms_block' };
const NOT_FOUND: Record<CmsKind, string> = { page: M.pageNotFound, block: M.blockNotFound };
const TAKEN: Record<CmsKind, string> = { page: M.pageIdentifierTaken, block: M.blockIdentifierTaken };

/** Every field a seller writes; a block has the first four. */
type Fields = AdminCmsPagePatchBody;
type Doc = Record<string, unknown>;
type Row = { id: number; identifier: string; active: boolean; doc: Doc };

/** The document field of each field of the API. */
const DOC_FIELD: Record<keyof Fields, string> = {
  identifier: 'identifier',
  title: 'title',
  content: 'content',
  active: 'active',
  contentHeading: 'content_heading',
  metaTitle: 'meta_title',
  metaDescription: 'meta_description',
  metaKeywords: 'meta_keywords',
};

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** Magento's time format, in UTC, as the documents hold it: `2025-03-01 09:00:00`. */
const docTime = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

/** A document's last save (update_time, else creation_time) as ISO 8601, or null. */
function updatedAt(doc: Doc): string | null {
  const raw = str(doc.update_time) || str(doc.creation_time);
  const at = new Date(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(raw) ? `${raw.replace(' ', 'T')}Z` : raw);
  return raw && !Number.isNaN(at.getTime()) ? at.toISOString() : null;
}

function listItem(row: Row): AdminCmsListItem {
  return { id: row.id, identifier: row.identifier, title: str(row.doc.title), active: row.active, updatedAt: updatedAt(row.doc) };
}

function block(row: Row): AdminCmsBlock {
  const stores = row.doc.store_id === undefined || row.doc.store_id === null ? [0] : [row.doc.store_id].flat().map(Number).filter(Number.isInteger);
  return { ...listItem(row), content: str(row.doc.content), storeIds: stores };
}

function page(row: Row): AdminCmsPage {
  return {
    ...block(row),
    contentHeading: str(row.doc.content_heading),
    metaTitle: str(row.doc.meta_title),
    metaDescription: str(row.doc.meta_description),
    metaKeywords: str(row.doc.meta_keywords),
    shopPath: cmsPageUrl(row.identifier),
  };
}

const present = (kind: CmsKind, row: Row) => (kind === 'page' ? page(row) : block(row));

/** The content to store: refused (400, nothing written) when it could run script, else as the sanitiser writes it. */
function safeContent(content: string): string {
  const { safe, unsafe } = inspectHtml(content);
  const refusal = unsafeHtmlRefusal('content', unsafe);
  if (refusal) throw new HttpError(400, refusal);
  return safe;
}

/** The document fields a body sets (content checked and sanitised). */
function docFields(body: Fields): Doc {
  const fields: Doc = {};
  for (const [name, value] of Object.entries(body) as [keyof Fields, unknown][]) {
    if (value === undefined) continue;
    fields[DOC_FIELD[name]] = name === 'content' ? safeContent(value as string) : value;
  }
  return fields;
}

/**
 * The seller's CMS pages and blocks (issue #45 point 4). They are catalogue documents: every
 * write is the stored document changed and imported again through `CatalogImportService`, the one
 * catalogue write path, so the storefront's `cms` tag and the edge expire at once. HTML that could
 * run script is refused with the field named; the rest is stored as the CMS sanitiser writes it,
 * and the shop sanitises it again when it renders. Each change is audited once it is written.
 */
export class AdminContent {
  constructor(
    private readonly db: Db,
    private readonly imports: CatalogImportService,
    private readonly now: () => Date,
    private readonly placeholders: PlaceholderValues,
  ) {}

  async list(kind: CmsKind, query: AdminCmsListQuery): Promise<AdminCmsList> {
    let select = this.db.selectFrom(TABLE[kind]);
    if (query.q) {
      const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
      select = select.where((eb) => eb.or([eb(sql<string>`lower(identifier)`, 'like', like), eb(sql<string>`lower(doc->>'title')`, 'like', like)]));
    }
    if (query.active) select = select.where('active', '=', query.active === 'true');
    const [rows, count] = await Promise.all([
      select.selectAll().orderBy('identifier').limit(query.limit).offset((query.page - 1) * query.limit).execute(),
      select.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map((row) => listItem(row as Row)), total: Number(count.n) };
  }

  async get(kind: CmsKind, id: number): Promise<AdminCmsPage | AdminCmsBlock> {
    return present(kind, await this.row(kind, id));
  }

  async create(kind: CmsKind, body: AdminCmsPageCreateBody | AdminCmsBlockCreateBody, actor: AuditActor) {
    const fields = docFields(body);
    await this.checkIdentifier(kind, body.identifier, null);
    const at = docTime(this.now());
    const id = await nextCmsId(this.db, TABLE[kind]);
    const layout = kind === 'page' ? { page_layout: '1column' } : {};
    const written = await this.write(kind, { id, ...fields, ...layout, store_id: [0], creation_time: at, update_time: at });
    await recordAudit(this.db, actor, { action: `${TABLE[kind]}.create`, objectType: TABLE[kind], objectId: String(id), before: null, after: written }, this.now());
    return written;
  }

  async update(kind: CmsKind, id: number, body: Fields, actor: AuditActor) {
    const row = await this.row(kind, id);
    const before = present(kind, row);
    const fields = docFields(body);
    if (Object.entries(fields).every(([name, value]) => row.doc[name] === value)) return before;
    if (typeof fields.identifier === 'string' && fields.identifier !== row.identifier) await this.checkIdentifier(kind, fields.identifier, id);
    const after = await this.write(kind, { ...row.doc, ...fields, id, update_time: docTime(this.now()) });
    await recordAudit(this.db, actor, { action: `${TABLE[kind]}.update`, objectType: TABLE[kind], objectId: String(id), before, after }, this.now());
    return after;
  }

  /** The HTML as the shop would render it (sanitised, placeholders filled), and why saving it would be refused. */
  async preview(content: string): Promise<AdminCmsPreview> {
    const { safe, unsafe } = inspectHtml(content);
    return { html: safe.includes('{{') ? fillPlaceholders(safe, await this.placeholders()) : safe, refusal: unsafeHtmlRefusal('content', unsafe) };
  }

  private async row(kind: CmsKind, id: number): Promise<Row> {
    const row = await this.db.selectFrom(TABLE[kind]).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new HttpError(404, NOT_FOUND[kind]);
    return row as Row;
  }

  private async checkIdentifier(kind: CmsKind, identifier: string, id: number | null): Promise<void> {
    const clash = await this.db.selectFrom(TABLE[kind]).select('id').where(sql<string>`lower(identifier)`, '=', identifier.toLowerCase()).executeTakeFirst();
    if (clash && clash.id !== id) throw new HttpError(409, TAKEN[kind]);
  }

  /** Imports the document (the catalogue's write path: caches and edge expire) and answers it as stored. */
  private async write(kind: CmsKind, doc: Doc) {
    const result = await this.imports.importBatch(TABLE[kind], [doc]);
    // The only reason a checked document is skipped: another seller took the identifier meanwhile.
    if (result.skipped.length > 0) throw new HttpError(409, TAKEN[kind]);
    return present(kind, await this.row(kind, doc.id as number));
  }
}

/** A `:id` of the path, or 404 (it names no page or block). */
export function cmsIdOf(kind: CmsKind, raw: string | undefined): number {
  if (!raw || !/^\d{1,9}$/.test(raw)) throw new HttpError(404, NOT_FOUND[kind]);
  return Number(raw);
}
