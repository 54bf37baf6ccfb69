'use client';

import { useEffect, type ReactNode } from 'react';
import { trackCartStep } from '@/lib/analytics/shop-events.ts';
import { cartActions } from '@/lib/cart/cart-actions.ts';
import { startCart } from '@/lib/cart/cart-store.ts';
import { lineKey } from '@/lib/cart/cart-view.ts';
import { useTrackOnce } from '../analytics/tracking.tsx';
import { useStoreHref } from '../StorePrefix.tsx';
import type { CartTexts } from './cart-texts.ts';
import { CartLine } from './CartLine.tsx';
import { CartSummary } from './CartSummary.tsx';
import { useConfirm, useRemoveLine } from './ConfirmDialog.tsx';
import { CouponForm } from './CouponForm.tsx';
import { FeeBlock } from './FeeBlock.tsx';
import { CartTextsContext, useCart, useCartTexts, useHydrated } from './useCart.ts';
import styles from './cart.module.css';

/**
 * The cart page (shopping.md §2): the lines, the cart's delivery services, the summary with the
 * two buttons (stuck to the bottom of the screen on narrow screens), the coupon field, and the page's static
 * parts (`extras`: payment icons and service highlights; `related`: the slider, placed below
 * the summary under 991 px and under the list on desktop).
 */
export function CartView({ texts, extras, related }: { texts: CartTexts; extras: ReactNode; related: ReactNode }) {
  return (
    <CartTextsContext value={texts}>
      <CartContent extras={extras} related={related} />
    </CartTextsContext>
  );
}

function CartContent({ extras, related }: { extras: ReactNode; related: ReactNode }) {
  const texts = useCartTexts();
  const cart = useCart();
  const hydrated = useHydrated();
  const href = useStoreHref();
  const [removeDialog, remove] = useRemoveLine();
  const [clearDialog, ask] = useConfirm();
  const shippingFees = cart.shippingFees.find((entry) => entry.quoteItemId === null);
  const shippingFeeTotal = cart.totals?.total_segments.find((segment) => segment.code === 'shipping_fee')?.value ?? 0;
  const totals = cart.totals;
  useTrackOnce(totals?.items.length ? 'view_cart' : null, () => totals && trackCartStep('view_cart', totals));
  // The page is the cart: its sync (and totals, when they are due) does not wait for idle time.
  useEffect(() => startCart({ urgent: true }), []);

  const buttons = (
    <div className={styles.buttons}>
      <a href={href('/checkout')} className="button">
        {texts.goToCheckout}
      </a>
      <a href={href('/')} className="button button--secondary">
        {texts.continue}
      </a>
    </div>
  );

  let main: ReactNode;
  if (!hydrated) main = <p className={styles.pending}>{texts.loading}</p>;
  else if (cart.items.length === 0) {
    main = (
      <div className={styles.emptyPage}>
        <p className={styles.empty}>{texts.empty}</p>
        <a href={href('/')} className="button button--secondary">
          {texts.continue}
        </a>
      </div>
    );
  } else {
    main = (
      <>
        <section className={styles.list} aria-label={texts.title}>
          <ul className={styles.lines}>
            {cart.items.map((item) => (
              <CartLine key={lineKey(item)} item={item} cart={cart} onRemove={(key) => void remove(key)} />
            ))}
          </ul>
          <FeeBlock kind="shipping" entry={shippingFees} feeTotal={shippingFeeTotal} />
          <button
            type="button"
            className={styles.linkButton}
            onClick={async () => {
              if (await ask(texts.confirmClear)) await cartActions().clear();
            }}
          >
            {texts.clear}
          </button>
        </section>
        <section className={styles.summaryBox} aria-labelledby="cart-summary-title">
          <h2 id="cart-summary-title" className={styles.summaryTitle}>
            {texts.summary}
          </h2>
          <CartSummary totals={cart.totals} />
          {buttons}
        </section>
        <div className={styles.couponArea}>
          <CouponForm />
        </div>
      </>
    );
  }

  return (
    <div className={styles.page}>
      {main}
      <div className={styles.extras}>{extras}</div>
      <div className={styles.related}>{related}</div>
      {removeDialog}
      {clearDialog}
    </div>
  );
}
