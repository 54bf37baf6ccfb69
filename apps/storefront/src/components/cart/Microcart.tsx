'use client';

import Link from 'next/link';
import { useCallback, useRef } from 'react';
import { lineKey } from '@/lib/cart/cart-state.ts';
import { setUiFlag, useUiState } from '../ui/ui-store.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { CartSummary } from './CartSummary.tsx';
import { useRemoveLine } from './ConfirmDialog.tsx';
import { LinePrice } from './LinePrice.tsx';
import { Thumbnail } from './Thumbnail.tsx';
import { useCart, useCartTexts } from './useCart.ts';
import { useDialogFocus } from './useDialogFocus.ts';
import styles from './cart.module.css';

export const MICROCART_ID = 'microcart';

/** The sidebar cart (UI flag microcart, with the overlay): lines, totals and the way on. */
export function Microcart() {
  const open = useUiState().microcart;
  const close = useCallback(() => setUiFlag('microcart', false), []);
  const panel = useRef<HTMLElement>(null);
  useDialogFocus(panel, open, close);
  const cart = useCart();
  const texts = useCartTexts();
  const href = useStoreHref();
  const [confirmDialog, remove] = useRemoveLine();
  if (!open) return null;
  return (
    <aside ref={panel} id={MICROCART_ID} className={styles.microcart} role="dialog" aria-modal="true" aria-labelledby="microcart-title" tabIndex={-1}>
      <div className={styles.microcartHead}>
        <h2 id="microcart-title" className={styles.microcartTitle}>
          {texts.title}
        </h2>
        <button type="button" className={styles.iconButton} onClick={close} aria-label={texts.close}>
          ×
        </button>
      </div>
      {cart.items.length === 0 ? (
        <p className={styles.empty}>{texts.empty}</p>
      ) : (
        <>
          <ul className={styles.microList}>
            {cart.items.map((item) => (
              <li key={lineKey(item)} className={styles.microLine}>
                <Thumbnail item={item} size={64} className={styles.microThumb} />
                <div>
                  <p className={styles.lineName}>{item.url ? <Link href={href(item.url)} prefetch={false} onClick={close}>{item.name}</Link> : item.name}</p>
                  <p className={styles.microQty}>
                    {texts.quantity}: {item.qty}
                  </p>
                  <LinePrice item={item} totals={cart.totals} compact />
                </div>
                <button type="button" className={styles.linkButton} onClick={() => void remove(lineKey(item))} aria-label={texts.removeItem.replace('{name}', item.name)}>
                  {texts.remove}
                </button>
              </li>
            ))}
          </ul>
          <CartSummary totals={cart.totals} />
        </>
      )}
      <div className={styles.buttons}>
        <Link href={href('/shoppingcart')} className="button button--secondary" prefetch={false} onClick={close}>
          {texts.toCart}
        </Link>
        {cart.items.length > 0 && (
          <Link href={href('/checkout')} className="button" prefetch={false} onClick={close}>
            {texts.goToCheckout}
          </Link>
        )}
      </div>
      {confirmDialog}
    </aside>
  );
}
