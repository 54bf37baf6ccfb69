'use client';

import { messageText } from '@/lib/cart/messages.ts';
import type { CartItem } from '@/lib/cart/types.ts';
import { useCartTexts } from './useCart.ts';
import styles from './cart.module.css';

/** A line's errors joined by comma (shopping.md §2): "Esaurito!", fewer left than in the cart. */
export function lineErrorTexts(item: CartItem, texts: Readonly<Record<string, string>>): string[] {
  return Object.values(item.errors ?? {}).map((error) => messageText({ text: error }, texts));
}

/** The errors of a line in the cart page and the microcart. */
export function LineErrors({ item }: { item: CartItem }) {
  const errors = lineErrorTexts(item, useCartTexts());
  if (errors.length === 0) return null;
  return (
    <p className={styles.lineErrors} role="alert" data-testid="line-errors">
      {errors.join(', ')}
    </p>
  );
}
