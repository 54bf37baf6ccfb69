'use client';

import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { cartCodeFailed, startCart } from '@/lib/cart/cart-store.ts';
import { totalQty } from '@/lib/cart/cart-view.ts';
import { cartButtonsShown } from '@/lib/ui-state.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { PanelLink } from '../ui/PanelLink.tsx';
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
  const href = useStoreHref();
  if (!cartButtonsShown(ui)) return null;
  return (
    <PanelLink
      href={href('/shoppingcart')}
      panelId={MICROCART_ID}
      open={ui.microcart}
      count={count}
      label={texts.cart}
      badge={texts.badge}
      icon={icon}
      testId="cart"
      preload={preloadMicrocart}
      // Opened once its code is here, so the panel never has to fail inside the page.
      onOpen={() => void loadMicrocart().then(() => setUiFlag('microcart', true), cartCodeFailed)}
    />
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
