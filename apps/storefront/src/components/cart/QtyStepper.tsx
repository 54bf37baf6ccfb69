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
 * locked with a spinner while the update is pending, debounce included. Minus does nothing at
 * 1; no update on a quantity error or, online, with no stock left. During the debounce the
 * buttons are locked but the field stays typeable (else "12" could never be typed); the lock
 * is aria-disabled, so a button keeps keyboard focus while it waits.
 */
export function QtyStepper({ item, busy }: { item: CartItem; busy: boolean }) {
  const texts = useCartTexts();
  const online = useOnline();
  const id = useId();
  const key = lineKey(item);
  const [draft, setDraft] = useState<string | null>(null);
  const [scheduled, setScheduled] = useState(false);
  const value = draft ?? String(item.qty);
  const send = useMemo(
    () =>
      debounce((qty: number) => {
        void cartActions()
          .setQty(key, qty)
          .finally(() => {
            setDraft(null);
            setScheduled(false);
          });
      }, QTY_DEBOUNCE_MS),
    [key],
  );
  useEffect(() => () => send.flush(), [send]);

  const error = cartQtyError(value, { maxQuantity: item.max_qty ?? null, online, productType: item.type_id });
  const noStock = online && item.max_qty === 0;
  const change = (next: string) => {
    setDraft(next);
    const problem = cartQtyError(next, { maxQuantity: item.max_qty ?? null, online, productType: item.type_id });
    const sending = !(problem || noStock || Number(next) === item.qty);
    if (sending) send(Number(next));
    else send.cancel();
    setScheduled(sending);
  };
  const locked = busy || scheduled;
  const step = (next: number, allowed: boolean) => () => {
    if (!locked && allowed) change(String(next));
  };
  const current = Number.parseInt(value, 10);
  return (
    <div className={styles.stepperWrap}>
      <label htmlFor={id} className={styles.stepperLabel}>
        {texts.quantity}
      </label>
      <div className={styles.stepper} aria-busy={locked || undefined}>
        <button type="button" onClick={step(decrementQty(current || 1), current > 1)} aria-disabled={locked || !(current > 1)} aria-label={texts.decrease}>
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
        <button type="button" onClick={step((current || 0) + 1, !noStock)} aria-disabled={locked || noStock} aria-label={texts.increase}>
          +
        </button>
        {locked && <span className={styles.spinner} role="status" aria-label={texts.updating} />}
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {messageText({ text: error }, texts)}
        </p>
      )}
    </div>
  );
}
