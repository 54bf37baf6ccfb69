'use client';

import type { CartTotals } from '@shop/contracts';
import { formatPrice, toCents } from '@shop/domain';
import type { CheckoutTexts } from './checkout-texts.ts';
import { TotalSegments } from './OrderSummary.tsx';
import styles from './checkout.module.css';

/** The order as the server prices it: lines with their totals excl. VAT (the shop's convention), then the cart's segments. */
export function OrderReview({ totals, texts }: { totals: CartTotals | null; texts: CheckoutTexts }) {
  return (
    <>
      <h2 id="checkout-review">{texts['review']}</h2>
      {totals && (
        <>
          <ul className={styles.lines}>
            {totals.items.map((item) => (
              <li key={item.item_id}>
                <span>{texts['quantityOf']!.replace('{qty}', String(item.qty)).replace('{name}', item.name)}</span>
                <span>{formatPrice(toCents(item.row_total))}</span>
              </li>
            ))}
          </ul>
          <TotalSegments segments={totals.total_segments} testId="checkout-totals" note={texts['amountsNote']!} />
        </>
      )}
    </>
  );
}
