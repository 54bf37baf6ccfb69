'use client';

import { formatPrice, toCents } from '@shop/domain';
import { lineTotals } from '@/lib/cart/cart-view.ts';
import type { CartItem, CartTotals } from '@/lib/cart/types.ts';
import { useCartTexts, useOnline } from './useCart.ts';
import styles from './cart.module.css';

/**
 * A line's prices from the server's totals (never computed here): the unit price excl. tax with
 * the regular price struck through when it is higher, and the row total. Nothing until the
 * totals arrive.
 */
export function LinePrice({ item, totals, compact = false }: { item: CartItem; totals: CartTotals | null; compact?: boolean }) {
  const texts = useCartTexts();
  const line = lineTotals(totals, item);
  const online = useOnline();
  // Offline the summary says when totals come (issue 42 point 16): no line waits "in progress" forever.
  if (!line) return online ? <p className={styles.pending}>{texts.totalsPending}</p> : null;
  const unit = toCents(line.price);
  const regular = item.regular_price === undefined ? null : toCents(item.regular_price);
  const special = regular !== null && regular > unit;
  return (
    <div className={styles.prices} data-testid="line-price">
      <p className={styles.unit}>
        {!compact && <span className={styles.priceLabel}>{texts.unitPrice}: </span>}
        {special && (
          <>
            <span className="visually-hidden">{texts.was}: </span>
            <s className="price__old">{formatPrice(regular)}</s>{' '}
            <span className="visually-hidden">{texts.now}: </span>
          </>
        )}
        <span className="price__value">{formatPrice(unit)}</span> <span className="price__label">{texts.exclTax}</span>
      </p>
      <p className={styles.rowTotal}>
        <span className={styles.priceLabel}>{texts.rowTotal}: </span>
        <strong data-testid="row-total">{formatPrice(toCents(line.row_total))}</strong> <span className="price__label">{texts.exclTax}</span>
      </p>
    </div>
  );
}
