import {
  ADMIN_REVIEW_MESSAGES as M,
  type AdminReview,
  type AdminReviewDecision,
  type AdminReviewListQuery,
  type AdminReviewPage,
  type ReviewModerationStatus,
} from '@shop/contracts';
import { REVIEW_APPROVED, REVIEW_PENDING, REVIEW_REJECTED, type Db } from '@shop/db';
import { sql } from 'kysely';
import { parseVsfDate, productUrl, reviewRating, type ReviewDoc } from '@shop/domain';
import { HttpError } from '../../http/errors.ts';
import { recordAudit, type AuditActor } from '../admin/audit.ts';
import type { CatalogImportService } from '../catalog/import.ts';

const STATUS_CODE: Record<ReviewModerationStatus, number> = { pending: REVIEW_PENDING, approved: REVIEW_APPROVED, rejected: REVIEW_REJECTED };
/** A status the catalogue may hold but moderation does not name is waiting, as far as the shop is concerned. */
const statusOf = (code: number): ReviewModerationStatus => (code === REVIEW_APPROVED ? 'approved' : code === REVIEW_REJECTED ? 'rejected' : 'pending');
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Reviews with their product and author. */
function joined(db: Db) {
  return db.selectFrom('review').leftJoin('product', 'product.id', 'review.product_id').leftJoin('customer', 'customer.id', 'review.customer_id');
}

/** Those of one status whose product (SKU, name), title, text, author or author's e-mail hold `q`, in any case. */
function matching(db: Db, query: Pick<AdminReviewListQuery, 'status' | 'q'>) {
  const select = joined(db).where('review.review_status', '=', STATUS_CODE[query.status]);
  if (!query.q) return select;
  const pattern = `%${query.q.replace(/[\\%_]/g, '\\$&')}%`;
  return select.where((eb) =>
    eb.or([
      eb('product.sku', 'ilike', pattern),
      eb('product.name', 'ilike', pattern),
      eb('customer.email', 'ilike', pattern),
      ...(['title', 'detail', 'nickname'] as const).map((field) => eb(sql<string>`review.doc->>${field}`, 'ilike', pattern)),
    ]),
  );
}

/** The review with its product and author, as one row. */
function reviewRows(db: Db, query?: Pick<AdminReviewListQuery, 'status' | 'q'>) {
  return (query ? matching(db, query) : joined(db))
    .select([
      'review.id',
      'review.product_id',
      'review.review_status',
      'review.doc',
      'review.rejection_reason',
      'review.moderated_at',
      'review.moderated_by',
      'product.sku',
      'product.name',
      'product.slug',
      'customer.id as customer_id',
      'customer.email',
    ]);
}
type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewRows>['executeTakeFirstOrThrow']>>;

function present(row: ReviewRow): AdminReview {
  const doc = row.doc as unknown as ReviewDoc;
  return {
    id: row.id,
    status: statusOf(row.review_status),
    title: String(doc.title ?? ''),
    detail: String(doc.detail ?? ''),
    nickname: String(doc.nickname ?? ''),
    rating: reviewRating(doc),
    createdAt: (parseVsfDate(doc.created_at) ?? new Date(0)).toISOString(),
    product: row.sku !== null && row.name !== null && row.slug !== null ? { id: row.product_id, sku: row.sku, name: row.name, url: productUrl({ parentSku: row.sku, slug: row.slug }) } : null,
    customer: row.customer_id !== null && row.email !== null ? { id: row.customer_id, email: row.email } : null,
    rejectionReason: row.rejection_reason,
    moderatedAt: iso(row.moderated_at),
    moderatedBy: row.moderated_by,
  };
}

/**
 * The back office's review moderation (issue #45 point 6). A decision is a catalogue edit: the
 * stored review document with its new status goes through the catalogue's one write path
 * (CatalogImportService.importBatch), which expires the product's pages at the storefronts and
 * the edge and tells the other API instances; the reason, the moderator and the audit entry are
 * written in the same transaction. Any review may be approved or rejected, again later the other
 * way (a mistaken rejection undone, an approved review taken down); the same decision twice
 * changes nothing, so a retry is harmless.
 */
export class ReviewModeration {
  constructor(
    private readonly db: Db,
    private readonly imports: Pick<CatalogImportService, 'importBatch'>,
    private readonly now: () => Date,
  ) {}

  /** One status, searched, in pages: the queue oldest first (first come, first served), decided ones newest first. */
  async list(query: AdminReviewListQuery): Promise<AdminReviewPage> {
    const [rows, count] = await Promise.all([
      reviewRows(this.db, query)
        .orderBy('review.id', query.status === 'pending' ? 'asc' : 'desc')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
      matching(this.db, query).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(present), total: Number(count.n) };
  }

  approve(id: number, actor: AuditActor): Promise<AdminReviewDecision> {
    return this.decide(id, 'approved', null, actor);
  }

  reject(id: number, reason: string, actor: AuditActor): Promise<AdminReviewDecision> {
    return this.decide(id, 'rejected', reason, actor);
  }

  private async decide(id: number, target: 'approved' | 'rejected', reason: string | null, actor: AuditActor): Promise<AdminReviewDecision> {
    const row = await reviewRows(this.db).where('review.id', '=', id).executeTakeFirst();
    if (!row) throw new HttpError(404, M.notFound);
    const before = present(row);
    if (before.status === target) return { review: before, changed: false, cache: { tags: 0, status: 'skipped' } };
    const at = this.now();
    const doc = { ...(row.doc as Record<string, unknown>), id, product_id: row.product_id, review_status: STATUS_CODE[target] };
    const result = await this.imports.importBatch('review', async (trx) => {
      // Decided from what was read: a decision someone took meanwhile is not overwritten unseen.
      const locked = await trx.selectFrom('review').select('review_status').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!locked) throw new HttpError(404, M.notFound);
      if (locked.review_status !== row.review_status) throw new HttpError(409, M.changed);
      await trx.updateTable('review').set({ rejection_reason: reason, moderated_at: at, moderated_by: actor.email }).where('id', '=', id).execute();
      const audited = (review: Pick<AdminReview, 'status' | 'rejectionReason'>) => ({ status: review.status, rejectionReason: review.rejectionReason });
      await recordAudit(trx, actor, { action: target === 'approved' ? 'review.approve' : 'review.reject', objectType: 'review', objectId: String(id), before: audited(before), after: audited({ status: target, rejectionReason: reason }) }, at);
      return [doc];
    });
    if (result.skipped.length > 0) throw new Error(`Review ${id} was not written: ${result.skipped.map((s) => s.reason).join('; ')}`);
    const after = await reviewRows(this.db).where('review.id', '=', id).executeTakeFirstOrThrow();
    return { review: present(after), changed: true, cache: result.cache };
  }
}

/** A `:id` of the path, or 404 (it names no review). */
export function reviewIdOf(raw: string | undefined): number {
  if (!raw || !/^\d{1,10}$/.test(raw) || Number(raw) > 2_147_483_647) throw new HttpError(404, M.notFound);
  return Number(raw);
}
