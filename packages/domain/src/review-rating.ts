import type { ReviewDoc } from './catalog/types.ts';

export const BEST_RATING = 5;

/**
 * A review's stars (1–5): the first rating's value, else its percent / 20; null when it has none.
 * The product page, its JSON-LD and the back office's moderation list read them alike.
 */
export function reviewRating(review: Pick<ReviewDoc, 'ratings'>): number | null {
  const first = review.ratings?.[0];
  if (!first) return null;
  const value = Number.isFinite(first.value) && first.value > 0 ? first.value : first.percent / 20;
  if (!Number.isFinite(value) || value <= 0) return null;
  return Math.min(BEST_RATING, Math.max(1, Math.round(value)));
}
