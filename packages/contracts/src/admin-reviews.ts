import { z } from 'zod';
import { cacheInvalidationOutcome } from './catalog-import.ts';
import { freeText, text } from './strings.ts';

/**
 * Review moderation in the back office (issue #45 point 6): the reviews customers wrote (and the
 * imported ones) by status, approved or rejected with a reason by the staff or by a program with a
 * `catalog:write` key. An approval shows the review on its product page, in its rating and JSON-LD
 * at once; a rejection takes it off. Either decision may be taken again later the other way.
 */
export const ADMIN_REVIEW_MESSAGES = {
  notFound: 'Recensione non trovata.',
  changed: 'Un’altra persona ha appena moderato questa recensione: ricarica l’elenco e riprova.',
  /** Zod messages: the answer names the field before them. */
  reasonRequired: 'indica il motivo del rifiuto.',
  reasonTooLong: 'il motivo del rifiuto può avere al massimo 500 caratteri.',
  badStatus: 'scegli pending (in attesa), approved (approvate) o rejected (rifiutate).',
  badLimit: 'limit va da 1 a 200.',
  badPage: 'page è un numero intero da 1 in su.',
} as const;
const M = ADMIN_REVIEW_MESSAGES;

/** The moderation states: Magento's review statuses 2, 1 and 3. */
export const REVIEW_MODERATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const reviewModerationStatus = z.enum(REVIEW_MODERATION_STATUSES, { error: M.badStatus });
export type ReviewModerationStatus = z.infer<typeof reviewModerationStatus>;

export const adminReview = z
  .object({
    id: z.number().int(),
    status: reviewModerationStatus,
    /** As the product page shows them: plain text. */
    title: z.string(),
    detail: z.string(),
    nickname: z.string(),
    /** 1–5 stars, or null when the review gives none. */
    rating: z.number().int().nullable(),
    /** When it was written (ISO 8601). */
    createdAt: z.string(),
    /** Null when the product left the catalogue. */
    product: z.object({ id: z.number().int(), sku: z.string(), name: z.string(), url: z.string() }).nullable(),
    /** The author's account; null for an imported review or an erased customer. */
    customer: z.object({ id: z.number().int(), email: z.string() }).nullable(),
    /** Why it was rejected (rejected reviews only): the shop's, never shown to shoppers. */
    rejectionReason: z.string().nullable(),
    /** The last approval or rejection: when and who (a staff e-mail, `chiave API …`, `cli`). */
    moderatedAt: z.string().nullable(),
    moderatedBy: z.string().nullable(),
  })
  .meta({ id: 'AdminReview' });
export type AdminReview = z.infer<typeof adminReview>;

/** GET /api/admin/reviews: one status (the queue by default), a text search, in pages. */
export const adminReviewListQuery = z.object({
  status: reviewModerationStatus.default('pending'),
  /** Part of the product's SKU or name, the review's title, text or author, or the author's e-mail; any case. */
  q: text().trim().max(100).optional(),
  page: z.coerce.number({ error: M.badPage }).int(M.badPage).min(1, M.badPage).max(100_000, M.badPage).default(1),
  limit: z.coerce.number({ error: M.badLimit }).int(M.badLimit).min(1, M.badLimit).max(200, M.badLimit).default(50),
});
export type AdminReviewListQuery = z.infer<typeof adminReviewListQuery>;

export const adminReviewPage = z.object({ items: z.array(adminReview), total: z.number().int() }).meta({ id: 'AdminReviewPage' });
export type AdminReviewPage = z.infer<typeof adminReviewPage>;

/** POST /api/admin/reviews/:id/reject */
export const adminReviewRejectBody = z.object({
  reason: freeText({ error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(500, M.reasonTooLong),
});
export type AdminReviewRejectBody = z.infer<typeof adminReviewRejectBody>;

/** The review after a decision; whether it changed anything (false: it had that status already) and whether the product's cached pages were expired. */
export const adminReviewDecision = z.object({ review: adminReview, changed: z.boolean(), cache: cacheInvalidationOutcome }).meta({ id: 'AdminReviewDecision' });
export type AdminReviewDecision = z.infer<typeof adminReviewDecision>;
