import { formatDate, type ReviewDoc } from '@shop/domain';
import type { CSSProperties } from 'react';
import { t } from '@/i18n/index.ts';
import { ReviewForm } from '../reviews/ReviewForm.tsx';
import { reviewFormTexts } from '../reviews/review-texts.ts';
import { formatRating, reviewRating, type AggregateRating } from './reviews.ts';
import styles from './product.module.css';

/** Five stars filled to `rating` (decorative: the rating is also written out). */
export function Stars({ rating, best = 5 }: { rating: number; best?: number }) {
  return (
    <span className={styles.stars} aria-hidden="true" style={{ '--rating': `${(rating / best) * 100}%` } as CSSProperties}>
      ★★★★★
    </span>
  );
}

export function reviewCountText(count: number): string {
  return t('reviews.count', { count });
}

/** The date of a review as D/M/YYYY in the shop's time zone (the time of day is left out). */
function reviewDate(createdAt: string): string {
  return formatDate(createdAt);
}

/** Reviews of the product with their aggregate rating, and the form to write one. */
export function ProductReviews({ productId, reviews, rating }: { productId: number; reviews: readonly ReviewDoc[]; rating: AggregateRating | null }) {
  return (
    <section id="reviews" className={styles.section} aria-labelledby="product-reviews" data-testid="reviews">
      <h2 id="product-reviews">{t('reviews.title')}</h2>
      {rating ? (
        <p className={styles.aggregate} data-testid="aggregate-rating">
          <Stars rating={rating.rating} best={rating.best} />
          <strong>{t('reviews.average', { rating: formatRating(rating.rating) })}</strong>
          <span className={styles.muted}>({reviewCountText(rating.count)})</span>
        </p>
      ) : (
        <p className={styles.muted}>{t('reviews.empty')}</p>
      )}
      {reviews.length > 0 && (
        <ul className={styles.reviews}>
          {reviews.map((review) => {
            const stars = reviewRating(review);
            return (
              <li key={review.id} className={styles.review}>
                <article aria-labelledby={`review-${review.id}`}>
                  <h3 id={`review-${review.id}`} className={styles.reviewTitle}>
                    {review.title}
                  </h3>
                  {stars !== null && (
                    <p className={styles.reviewRating}>
                      <Stars rating={stars} />
                      <span className="visually-hidden">{t('reviews.rating', { rating: stars })}</span>
                    </p>
                  )}
                  <p className={styles.reviewText}>{review.detail}</p>
                  <p className={styles.muted}>{t('reviews.by', { author: review.nickname, date: reviewDate(review.created_at) })}</p>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      <ReviewForm productId={productId} texts={reviewFormTexts()} />
    </section>
  );
}
