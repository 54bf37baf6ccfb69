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
 * A line's quantity (shopping.md §4, §5): validated as typed, sent 1 s after the last change.
 * Presses during that second are gathered into one update (three quick "+" add 3); the control
 * locks only while the update runs, with a visible spinner and "Aggiornamento in corso…" for
 * screen readers (a live region that is always there, so the change is announced). Minus does
 * nothing at 1; no update on a quantity error or, online, with no stock left. The lock is
 * aria-disabled, so a button keeps keyboard focus while it waits.
 */
export function QtyStepper({ item, busy }: { item: CartItem; busy: boolean }) {
  const texts = useCartTexts();
  const online = useOnline();
  const id = useId();
  const key = lineKey(item);
  const [draft, setDraft] = useState<string | null>(null);
  // From the end of the debounce until the cart has taken the change (the engine's busy flag follows).
  const [sending, setSending] = useState(false);
  const value = draft ?? String(item.qty);
  const send = useMemo(
    () =>
      debounce((qty: number) => {
        setSending(true);
        void cartActions()
          .setQty(key, qty)
          .finally(() => {
            setDraft(null);
            setSending(false);
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
    if (problem || noStock || Number(next) === item.qty) send.cancel();
    else send(Number(next));
  };
  const locked = busy || sending;
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
          readOnly={locked}
          aria-disabled={locked || undefined}
          onChange={(event) => change(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-label={texts.quantityFor.replace('{name}', item.name)}
        />
        <button type="button" onClick={step((current || 0) + 1, !noStock)} aria-disabled={locked || noStock} aria-label={texts.increase}>
          +
        </button>
        {locked && <span className={styles.spinner} aria-hidden="true" data-testid="qty-spinner" />}
        <span role="status" className="visually-hidden">
          {locked ? texts.updating : ''}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {messageText({ text: error }, texts)}
        </p>
      )}
    </div>
  );
}
