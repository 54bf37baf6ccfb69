'use client';

import { formatPrice, isFeeApplied, toCents } from '@shop/domain';
import { useState } from 'react';
import type { FeeKind } from '@/lib/cart/cart-api.ts';
import { cartActions } from '@/lib/cart/cart-actions.ts';
import type { FeesResult } from '@/lib/cart/types.ts';
import { useCartTexts } from './useCart.ts';
import styles from './cart.module.css';

/**
 * The fee options of a line (product fees) or of the cart (shipping fees): one checkbox each,
 * priced with 2 decimals plus VAT; a change saves the selection and forces a totals sync
 * (shopping.md §4 "Fees"). `feeTotal` is the server's fee total it counts as applied with.
 */
export function FeeBlock({ kind, entry, feeTotal, itemId }: { kind: FeeKind; entry: FeesResult[number] | undefined; feeTotal: number; itemId?: number }) {
  const texts = useCartTexts();
  // The clicked box shows its new state until the server's answer replaces it.
  const [saving, setSaving] = useState<{ optionId: number; checked: boolean } | null>(null);
  if (!entry || entry.feesDetails.length === 0) return null;
  return (
    <div className={styles.fees} data-testid={`fees-${kind}`}>
      {entry.feesDetails.map((fee) => {
        const selected = fee.options.filter((option) => option.selected).map((option) => option.fee_option_id);
        return (
          <fieldset key={fee.fee_id} className={styles.feeSet} disabled={saving !== null}>
            <legend className={styles.feeTitle}>{fee.title}</legend>
            {fee.description && <p className={styles.hint}>{fee.description}</p>}
            {fee.options.map((option) => {
              const applied = isFeeApplied(feeTotal, selected, option.fee_option_id);
              return (
                <label key={option.fee_option_id} className={styles.feeOption}>
                  <input
                    type="checkbox"
                    checked={saving?.optionId === option.fee_option_id ? saving.checked : applied}
                    onChange={async () => {
                      setSaving({ optionId: option.fee_option_id, checked: !applied });
                      try {
                        await cartActions().toggleFee(kind, { ...(itemId === undefined ? {} : { itemId }), feeId: fee.fee_id, optionId: option.fee_option_id, title: option.title });
                      } finally {
                        setSaving(null);
                      }
                    }}
                  />
                  <span>
                    {option.title} <span className={styles.feePrice}>{texts.feePrice.replace('{price}', formatPrice(toCents(option.amount)))}</span>
                    {option.description && <span className={styles.hint}> — {option.description}</span>}
                  </span>
                </label>
              );
            })}
          </fieldset>
        );
      })}
    </div>
  );
}
