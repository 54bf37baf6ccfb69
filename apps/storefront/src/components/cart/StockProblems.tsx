'use client';

import { lineKey } from '@/lib/cart/cart-view.ts';
import type { CartItem } from '@/lib/cart/types.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { lineErrorTexts } from './LineErrors.tsx';
import { useCartTexts } from './useCart.ts';
import styles from './cart.module.css';

/**
 * The checkout's word on lines whose stock changed since they were added (shopping.md §4 "Stock
 * sync"): sold out or fewer left, named before the shopper reaches "Conferma ordine".
 */
export function StockProblems({ items }: { items: readonly CartItem[] }) {
  const texts = useCartTexts();
  const href = useStoreHref();
  const problems = items.flatMap((item) => {
    const errors = lineErrorTexts(item, texts);
    return errors.length > 0 ? [{ key: lineKey(item), text: texts.stockLineProblem.replace('{name}', item.name).replace('{problem}', errors.join(', ')) }] : [];
  });
  if (problems.length === 0) return null;
  return (
    <div className={styles.stockProblems} role="alert" data-testid="stock-problems">
      <p className={styles.stockProblemsTitle}>{texts.stockChanged}</p>
      <ul>
        {problems.map((problem) => (
          <li key={problem.key}>{problem.text}</li>
        ))}
      </ul>
      <p>
        {texts.stockChangedHint} <a href={href('/shoppingcart')}>{texts.fixCart}</a>
      </p>
    </div>
  );
}
