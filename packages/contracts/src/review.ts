import { z } from 'zod';
import { freeText, text } from './strings.ts';

/**
 * Reviews written in the shop (shopping.md §3 Review, §7 `POST /api/review/create`; issue #19,
 * ADR 0021). The body is Vue Storefront 1's: `{ review: { product_id, title, detail, nickname,
 * review_entity, review_status, customer_id } }` plus an optional 1–5 `rating`; the author is the
 * signed-in customer and the status is always pending (what a client sends there is ignored).
 */
export const REVIEW_LIMITS = { title: 100, detail: 2000, nickname: 60 } as const;

export const reviewCreateBody = z.object({
  review: z.object({
    product_id: z.number().int().positive().max(2_147_483_647),
    title: text().trim().min(1, 'title must not be empty').max(REVIEW_LIMITS.title, `title must have at most ${REVIEW_LIMITS.title} characters`),
    detail: freeText().trim().min(10, 'detail must have at least 10 characters').max(REVIEW_LIMITS.detail, `detail must have at most ${REVIEW_LIMITS.detail} characters`),
    nickname: text().trim().min(2, 'nickname must have at least 2 letters').max(REVIEW_LIMITS.nickname, `nickname must have at most ${REVIEW_LIMITS.nickname} characters`),
    rating: z.number().int().min(1, 'rating must be 1 to 5').max(5, 'rating must be 1 to 5').optional(),
    review_entity: z.literal('product').optional(),
  }),
});
export type ReviewCreateBody = z.output<typeof reviewCreateBody>;

/** A review as answered (the catalogue's review document). */
export const reviewAnswer = z
  .object({ id: z.number(), product_id: z.number(), title: z.string(), detail: z.string(), nickname: z.string(), review_status: z.number(), created_at: z.string() })
  .passthrough();

/** A customer's own review with the product it is about (the account's reviews page). */
export const customerReviewAnswer = reviewAnswer.extend({ product: z.object({ sku: z.string(), name: z.string(), url: z.string() }).nullable() });

