'use client';

import { useEffect, type MouseEvent } from 'react';
import { totalQty } from '@/lib/cart/cart-state.ts';
import { startCart } from '@/lib/cart/cart-store.ts';
import { CartIcon } from '../Icons.tsx';
import { useStoreHref } from '../StorePrefix.tsx';
import { setUiFlag, useUiState } from '../ui/ui-store.ts';
import type { CartTexts } from './cart-texts.ts';
import { Microcart, MICROCART_ID } from './Microcart.tsx';
import { Notifications } from './Notifications.tsx';
import { CartTextsContext, useCart } from './useCart.ts';
import styles from './cart.module.css';

/**
 * The header's cart link with the quantity badge. It opens the microcart; before hydration, or
 * with a modifier key, it is a plain link to /shoppingcart.
 */
export function CartLink({ texts }: { texts: CartTexts }) {
  const count = totalQty(useCart().items);
  const open = useUiState().microcart;
  const href = useStoreHref();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setUiFlag('microcart', true);
  };
  return (
    <a
      href={href('/shoppingcart')}
      className={`actions__link ${styles.cartLink}`}
      onClick={onClick}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? MICROCART_ID : undefined}
      data-testid="cart-link"
    >
      <CartIcon />
      {count > 0 && (
        <span className={styles.badge} aria-hidden="true" data-testid="cart-badge">
          {count}
        </span>
      )}
      <span className="actions__label">
        {texts.cart}
        {count > 0 && <span className="visually-hidden">, {texts.badge.replace('{count}', String(count))}</span>}
      </span>
    </a>
  );
}

/** The microcart and the notifications; also starts the cart's sync once per page load. */
export function CartPanels({ texts }: { texts: CartTexts }) {
  useEffect(startCart, []);
  return (
    <CartTextsContext value={texts}>
      <Microcart />
      <Notifications />
    </CartTextsContext>
  );
}
