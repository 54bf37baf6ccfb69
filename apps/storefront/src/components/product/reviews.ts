/**
 * Product reviews: the approved reviews of a product and their aggregate rating. Pure.
 */
import { BEST_RATING, formatNumber, reviewRating, type ReviewDoc } from '@shop/domain';

export { BEST_RATING, reviewRating };

export interface AggregateRating {
  /** Average on a 1–5 scale, one decimal. */
  rating: number;
  count: number;
  best: number;
}

/** Only approved reviews are shown (review_status 1; 2 is pending, 3 rejected). */
export function approvedReviews<T extends Pick<ReviewDoc, 'review_status'>>(reviews: readonly T[]): T[] {
  return reviews.filter((review) => Number(review.review_status) === 1);
}

/**
 * The aggregate rating: the product's own `aggregate_rating` when the catalogue carries one,
 * else the average of the rated reviews; null without ratings.
 */
export function aggregateRating(
  reviews: readonly Pick<ReviewDoc, 'ratings'>[],
  own?: { rating?: unknown; count?: unknown; best_rating?: unknown } | null,
): AggregateRating | null {
  const ownRating = Number(own?.rating);
  const ownCount = Number(own?.count);
  if (own && Number.isFinite(ownRating) && ownRating > 0 && Number.isInteger(ownCount) && ownCount > 0) {
    const best = Number(own.best_rating) > 0 ? Number(own.best_rating) : BEST_RATING;
    return { rating: Math.round(ownRating * 10) / 10, count: ownCount, best };
  }
  const ratings = reviews.map(reviewRating).filter((r): r is number => r !== null);
  if (ratings.length === 0) return null;
  const average = ratings.reduce((sum, r) => sum + r, 0) / ratings.length;
  return { rating: Math.round(average * 10) / 10, count: ratings.length, best: BEST_RATING };
}

/** A rating written the Italian way: 4.5 → '4,5', 4 → '4'. */
export function formatRating(rating: number): string {
  return formatNumber(rating, 'it-IT', { maximumFractionDigits: 1 });
}
