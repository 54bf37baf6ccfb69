'use client';

import { lazy, Suspense, useEffect, type MouseEvent, type ReactNode } from 'react';
import { cartCodeFailed, startCart } from '@/lib/cart/cart-store.ts';
import { totalQty } from '@/lib/cart/cart-view.ts';
import { cartButtonsShown } from '@/lib/ui-state.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { setUiFlag, useUiState } from '../ui/ui-store.ts';
import type { CartTexts } from './cart-texts.ts';
import { NotificationList } from './NotificationList.tsx';
import { CartTextsContext, useCart, useNotifications } from './useCart.ts';
import styles from './cart-shell.module.css';

const MICROCART_ID = 'microcart';

// Every page shows the cart link; the microcart's code loads when first opened (and ahead, on
// hover or focus of the link), so pages ship without it. The notifications ship with the page:
// they must show even when nothing more can be loaded (offline).
const loadMicrocart = () => import('./Microcart.tsx').then((module) => ({ default: module.Microcart }));
const Microcart = lazy(loadMicrocart);
const preloadMicrocart = () => void loadMicrocart().catch(() => undefined); // a click says what failed

/**
 * The header's cart link with the quantity badge. It opens the microcart; before hydration, or
 * with a modifier key, it is a plain link to /shoppingcart. The icon comes rendered from the
 * server (no SVG in the page's code).
 */
export function CartLink({ texts, icon }: { texts: CartTexts; icon: ReactNode }) {
  const count = totalQty(useCart().items);
  const ui = useUiState();
  const open = ui.microcart;
  const href = useStoreHref();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    // Opened once its code is here, so the panel never has to fail inside the page.
    loadMicrocart().then(() => setUiFlag('microcart', true), cartCodeFailed);
  };
  if (!cartButtonsShown(ui)) return null;
  return (
    <a
      href={href('/shoppingcart')}
      className="actions__link"
      onClick={onClick}
      onPointerEnter={preloadMicrocart}
      onFocus={preloadMicrocart}
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
          <NotificationList list={notifications} />
        </div>
      </section>
    </CartTextsContext>
  );
}
