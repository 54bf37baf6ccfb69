'use client';

import { useEffect, useId, useMemo, useState } from 'react';
import { cartQtyError, decrementQty } from '@shop/domain';
import { cartActions } from '@/lib/cart/cart-actions.ts';
import { lineKey } from '@/lib/cart/cart-view.ts';
import { debounce, QTY_DEBOUNCE_MS } from '@/lib/cart/debounce.ts';
import { messageText } from '@/lib/cart/messages.ts';
import type { CartItem } from '@/lib/cart/types.ts';
import { useCartTexts, useOnline } from './useCart.ts';
import styles from './cart.module.css';

/**
 * A line's quantity (shopping.md §4, §5): validated as typed, sent 1 s after the last change,
 * locked with a spinner while the update runs. Minus does nothing at 1; no update on a
 * quantity error or, online, with no stock left.
 */
export function QtyStepper({ item, busy }: { item: CartItem; busy: boolean }) {
  const texts = useCartTexts();
  const online = useOnline();
  const id = useId();
  const key = lineKey(item);
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? String(item.qty);
  const send = useMemo(
    () =>
      debounce((qty: number) => {
        void cartActions()
          .setQty(key, qty)
          .finally(() => setDraft(null));
      }, QTY_DEBOUNCE_MS),
    [key],
  );
  useEffect(() => () => send.flush(), [send]);

  const error = cartQtyError(value, { maxQuantity: item.max_qty ?? null, online, productType: item.type_id });
  const noStock = online && item.max_qty === 0;
  const change = (next: string) => {
    setDraft(next);
    const problem = cartQtyError(next, { maxQuantity: item.max_qty ?? null, online, productType: item.type_id });
    if (problem || noStock || Number(next) === item.qty) send.cancel();
    else send(Number(next));
  };
  const current = Number.parseInt(value, 10);
  return (
    <div className={styles.stepperWrap}>
      <label htmlFor={id} className={styles.stepperLabel}>
        {texts.quantity}
      </label>
      <div className={styles.stepper} aria-busy={busy || undefined}>
        <button type="button" onClick={() => change(String(decrementQty(current || 1)))} disabled={busy || !(current > 1)} aria-label={texts.decrease}>
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={value}
          disabled={busy}
          onChange={(event) => change(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-label={texts.quantityFor.replace('{name}', item.name)}
        />
        <button type="button" onClick={() => change(String((current || 0) + 1))} disabled={busy || noStock} aria-label={texts.increase}>
          +
        </button>
        {busy && <span className={styles.spinner} role="status" aria-label={texts.updating} />}
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {messageText({ text: error }, texts)}
        </p>
      )}
    </div>
  );
}
