'use client';

import { loyaltyCardNumber } from '@/lib/account/loyalty-card.ts';
import { readViewed, type ViewedProduct } from '@/lib/account/recently-viewed.ts';
import { useHydrated } from '../cart/useCart.ts';
import { fill } from './account-message.ts';
import type { AccountTexts } from './account-texts.ts';
import { useCustomer } from './AccountShell.tsx';
import styles from './account.module.css';
import reviewStyles from '../reviews/reviews.module.css';
import { dayDate, useAccountAnswer } from './useAccountAnswer.ts';

/** A value of this browser's storage, read once hydrated (the server has none). */
function useStored<T>(read: () => T): T | null {
  return useHydrated() ? read() : null;
}

/** `/my-account/recently-viewed`: the products this browser viewed, newest first. */
export function RecentlyViewedView({ texts }: { texts: AccountTexts }) {
  const viewed = useStored<ViewedProduct[]>(readViewed);
  if (!viewed) return <p role="status">{texts['loading']}</p>;
  if (viewed.length === 0) return <p>{texts['recentlyViewedEmpty']}</p>;
  return (
    <ul data-testid="recently-viewed">
      {viewed.map((product) => (
        <li key={product.sku}>
          <a href={product.url}>{product.name}</a>
        </li>
      ))}
    </ul>
  );
}

interface OwnReview {
  id: number;
  title: string;
  detail: string;
  review_status: number;
  created_at: string;
  ratings?: { value: number }[];
  product: { name: string; url: string } | null;
}

/** `/my-account/reviews`: the customer's reviews, newest first, each with its moderation status (ADR 0021). */
export function ReviewsView({ texts }: { texts: AccountTexts }) {
  const loaded = useAccountAnswer<OwnReview[]>('/api/user/reviews', {}, texts, 'reviews');
  if (loaded.state === 'loading') return <p role="status">{texts['loading']}</p>;
  if (loaded.state === 'failed') return <p role="alert">{loaded.text}</p>;
  if (loaded.value.length === 0) return <p>{texts['reviewsEmpty']}</p>;
  return (
    <ul className={reviewStyles.list} data-testid="account-reviews">
      {loaded.value.map((review) => {
        // 1 published, 3 rejected by the shop (its reason stays in the back office), else waiting.
        const approved = review.review_status === 1;
        const state = approved ? 'reviewApproved' : review.review_status === 3 ? 'reviewRejected' : 'reviewPending';
        const rating = review.ratings?.[0]?.value;
        return (
          <li key={review.id} className={reviewStyles.item}>
            <article aria-labelledby={`own-review-${review.id}`}>
              <h3 id={`own-review-${review.id}`}>{review.title}</h3>
              <p>
                <span className={`${reviewStyles.status} ${approved ? reviewStyles.approved : ''}`}>{texts[state]}</span>
              </p>
              {review.product && (
                <p>
                  {texts['reviewOf']} <a href={review.product.url}>{review.product.name}</a>
                </p>
              )}
              {rating !== undefined && <p>{fill(texts['reviewRating'], { rating })}</p>}
              <p>{review.detail}</p>
              <p className={styles.hint}>{fill(texts['reviewDate'], { date: dayDate(review.created_at) })}</p>
            </article>
          </li>
        );
      })}
    </ul>
  );
}

/** `/my-account/loyalty-card`: the card number, checked by its last digit. */
export function LoyaltyCardView({ texts }: { texts: AccountTexts }) {
  const customer = useCustomer();
  if (!customer) return null;
  return (
    <>
      <p>{texts['loyaltyIntro']}</p>
      <p className={styles.card} data-testid="loyalty-card">
        {fill(texts['loyaltyNumber'], { number: loyaltyCardNumber(customer.id) })}
      </p>
    </>
  );
}
