'use client';

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { cartActions } from '@/lib/cart/cart-actions.ts';
import { useCartTexts } from './useCart.ts';
import styles from './cart.module.css';

/**
 * The confirmations of shopping.md §8 (OK / Cancel) in a native modal <dialog>: the browser
 * traps focus, Escape cancels, and focus returns to the button that asked.
 * `ask(message)` resolves true on OK.
 */
export function useConfirm(): [ReactNode, (message: string) => Promise<boolean>] {
  const texts = useCartTexts();
  const ref = useRef<HTMLDialogElement>(null);
  const [pending, setPending] = useState<{ message: string; resolve: (ok: boolean) => void } | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (pending && dialog && !dialog.open) dialog.showModal();
  }, [pending]);

  const ask = useCallback((message: string) => new Promise<boolean>((resolve) => setPending({ message, resolve })), []);
  const answer = (ok: boolean) => {
    ref.current?.close();
    pending?.resolve(ok);
    setPending(null);
  };

  const element = pending ? (
    <dialog ref={ref} className={styles.confirm} aria-labelledby="cart-confirm-text" onCancel={() => answer(false)}>
      <p id="cart-confirm-text">{pending.message}</p>
      <div className={styles.buttons}>
        <button type="button" className="button button--secondary" onClick={() => answer(false)}>
          {texts.cancel}
        </button>
        <button type="button" className="button" onClick={() => answer(true)} autoFocus>
          {texts.ok}
        </button>
      </div>
    </dialog>
  ) : null;
  return [element, ask];
}

/** Removing a line asks first (askBeforeRemoveProduct, §8); answers the dialog and the remove action. */
export function useRemoveLine(): [ReactNode, (key: string) => Promise<void>] {
  const texts = useCartTexts();
  const [dialog, ask] = useConfirm();
  const remove = useCallback(
    async (key: string) => {
      if (await ask(texts.confirmRemoveItem)) await cartActions().remove(key);
    },
    [ask, texts],
  );
  return [dialog, remove];
}
