'use client';

import { useCallback } from 'react';
import { lineKey } from '@/lib/cart/cart-view.ts';
import { SidePanel } from '../ui/SidePanel.tsx';
import { setUiFlag } from '../ui/ui-store.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { CartSummary } from './CartSummary.tsx';
import { useRemoveLine } from './ConfirmDialog.tsx';
import { LineErrors } from './LineErrors.tsx';
import { LinePrice } from './LinePrice.tsx';
import { Thumbnail } from './Thumbnail.tsx';
import { useCart, useCartTexts } from './useCart.ts';
import styles from './cart.module.css';

/**
 * The sidebar cart (UI flag microcart, with the overlay): lines, totals and the way on. Mounted
 * (and loaded) only while open: see CartShell.
 */
export function Microcart({ id }: { id: string }) {
  const close = useCallback(() => setUiFlag('microcart', false), []);
  const cart = useCart();
  const texts = useCartTexts();
  const href = useStoreHref();
  const [confirmDialog, remove] = useRemoveLine();
  return (
    <SidePanel id={id} title={texts.title} closeLabel={texts.close} onClose={close}>
      {cart.items.length === 0 ? (
        <p className={styles.empty}>{texts.empty}</p>
      ) : (
        <>
          <ul className={styles.microList}>
            {cart.items.map((item) => (
              <li key={lineKey(item)} className={styles.microLine}>
                <Thumbnail item={item} size={64} className={styles.microThumb} />
                <div>
                  <p className={styles.lineName}>{item.url ? <a href={href(item.url)} onClick={close}>{item.name}</a> : item.name}</p>
                  <p className={styles.microQty}>
                    {texts.quantity}: {item.qty}
                  </p>
                  <LineErrors item={item} />
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
        <a href={href('/shoppingcart')} className="button button--secondary" onClick={close}>
          {texts.toCart}
        </a>
        {cart.items.length > 0 && (
          <a href={href('/checkout')} className="button" onClick={close}>
            {texts.goToCheckout}
          </a>
        )}
      </div>
      {confirmDialog}
    </SidePanel>
  );
}
