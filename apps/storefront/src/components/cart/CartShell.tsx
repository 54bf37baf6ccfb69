'use client';

import { lazy, Suspense, useEffect, type MouseEvent, type ReactNode } from 'react';
import { startCart } from '@/lib/cart/cart-store.ts';
import { totalQty } from '@/lib/cart/cart-view.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { setUiFlag, useUiState } from '../ui/ui-store.ts';
import type { CartTexts } from './cart-texts.ts';
import { CartTextsContext, useCart, useNotifications } from './useCart.ts';
import styles from './cart-shell.module.css';

const MICROCART_ID = 'microcart';

// Every page shows the cart link; the microcart and the notifications load when first needed
// (the link preloads the microcart on hover or focus), so pages ship without them.
const loadMicrocart = () => import('./Microcart.tsx').then((module) => ({ default: module.Microcart }));
const Microcart = lazy(loadMicrocart);
const NotificationList = lazy(() => import('./NotificationList.tsx').then((module) => ({ default: module.NotificationList })));

/**
 * The header's cart link with the quantity badge. It opens the microcart; before hydration, or
 * with a modifier key, it is a plain link to /shoppingcart. The icon comes rendered from the
 * server (no SVG in the page's code).
 */
export function CartLink({ texts, icon }: { texts: CartTexts; icon: ReactNode }) {
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
      className="actions__link"
      onClick={onClick}
      onPointerEnter={() => void loadMicrocart()}
      onFocus={() => void loadMicrocart()}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? MICROCART_ID : undefined}
      data-testid="cart-link"
    >
      {icon}
      {count > 0 && (
        <span className="actions__badge" aria-hidden="true" data-testid="cart-badge">
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

/**
 * The microcart (while open) and the notifications' live region, present from the start so
 * screen readers announce what arrives in it; also starts the cart's sync once per page load.
 */
export function CartPanels({ texts }: { texts: CartTexts }) {
  useEffect(startCart, []);
  const open = useUiState().microcart;
  const notifications = useNotifications();
  return (
    <CartTextsContext value={texts}>
      {open && (
        <Suspense>
          <Microcart id={MICROCART_ID} />
        </Suspense>
      )}
      <section className={styles.notifications} aria-label={texts.notifications}>
        <div aria-live="polite" aria-relevant="additions">
          {notifications.length > 0 && (
            <Suspense>
              <NotificationList list={notifications} />
            </Suspense>
          )}
        </div>
      </section>
    </CartTextsContext>
  );
}
