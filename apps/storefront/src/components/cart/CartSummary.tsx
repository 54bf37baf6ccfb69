'use client';

import { formatPrice, toCents } from '@shop/domain';
import { cartActions } from '@/lib/cart/cart-actions.ts';
import type { CartTotals } from '@/lib/cart/types.ts';
import { useCartTexts, useOnline } from './useCart.ts';
import type { CartTextKey } from './cart-texts.ts';
import styles from './cart.module.css';

const SEGMENT_TEXT: Readonly<Record<string, CartTextKey>> = {
  subtotal: 'subtotal',
  shipping_fee: 'shipping_fee',
  product_fee: 'product_fee',
  surcharge: 'surcharge',
  discount: 'discount',
  tax: 'tax',
  grand_total: 'grand_total',
};

/**
 * The server's total segments (shopping.md §2 "Summary"): zero values skipped; shipping once
 * known is listed, so that the lines add up to the total shown (issue 42),
 * grand_total emphasised, the discount line with its remove-coupon button. Announced politely
 * when it changes.
 */
export function CartSummary({ totals }: { totals: CartTotals | null }) {
  const texts = useCartTexts();
  const online = useOnline();
  // Offline nothing computes them: say when they will be (issue 42 point 16), not "in progress".
  if (!totals) return <p className={styles.pending}>{online ? texts.totalsPending : texts.totalsOffline}</p>;
  const segments = totals.total_segments.filter((s) => s.value !== 0);
  return (
    <dl className={styles.summary} aria-live="polite" aria-atomic="true" data-testid="cart-summary">
      {segments.map((segment) => {
        const key = SEGMENT_TEXT[segment.code];
        const label =
          segment.code === 'discount' && totals.coupon_code
            ? texts.discountCode.replace('{code}', totals.coupon_code)
            : key
              ? texts[key]
              : segment.title;
        const grand = segment.code === 'grand_total';
        return (
          <div key={segment.code} className={`${styles.segment}${grand ? ` ${styles.grandTotal}` : ''}`} data-segment={segment.code}>
            <dt>
              {label}
              {segment.code === 'discount' && totals.coupon_code && (
                <button type="button" className={styles.linkButton} onClick={() => void cartActions().removeCoupon()}>
                  {texts.couponRemove}
                </button>
              )}
            </dt>
            <dd>{grand ? <strong>{formatPrice(toCents(segment.value))}</strong> : formatPrice(toCents(segment.value))}</dd>
          </div>
        );
      })}
    </dl>
  );
}
