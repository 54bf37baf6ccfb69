'use client';

import { loyaltyCardNumber } from '@/lib/account/loyalty-card.ts';
import { readNewsletterState, type NewsletterState } from '@/lib/account/newsletter-state.ts';
import { readViewed, type ViewedProduct } from '@/lib/account/recently-viewed.ts';
import { useHydrated } from '../cart/useCart.ts';
import { fill, type AccountTexts } from './account-texts.ts';
import { useCustomer } from './AccountShell.tsx';
import styles from './account.module.css';

/** A value of this browser's storage, read once hydrated (the server has none). */
function useStored<T>(read: () => T): T | null {
  return useHydrated() ? read() : null;
}

/** `/my-account/newsletter`: the subscription state (§3). */
export function NewsletterStateView({ texts }: { texts: AccountTexts }) {
  const state = useStored<NewsletterState>(readNewsletterState);
  if (!state) return <p role="status">{texts['loading']}</p>;
  return <p>{state.isSubscribed ? fill(texts['newsletterSubscribed'], { email: state.email ?? '' }) : texts['newsletterNotSubscribed']}</p>;
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

/** `/my-account/reviews`: the customer's reviews (writing them arrives with the engagement issue). */
export function ReviewsView({ texts }: { texts: AccountTexts }) {
  return <p>{texts['reviewsEmpty']}</p>;
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
