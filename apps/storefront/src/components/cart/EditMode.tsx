'use client';

import { CART_MESSAGES, parseQty } from '@shop/domain';
import { useEffect, useId, useState } from 'react';
import { checkStock, type LiveStock } from '../product/browser-api.ts';
import { cartActions } from '@/lib/cart/cart-actions.ts';
import { lineKey } from '@/lib/cart/cart-view.ts';
import { availableQty, editError, editedItem, editUnavailable, findChild } from '@/lib/cart/edit-mode.ts';
import { messageText } from '@/lib/cart/messages.ts';
import type { CartItem } from '@/lib/cart/types.ts';
import { useCartTexts } from './useCart.ts';
import styles from './cart.module.css';

/**
 * Edit mode of a configurable line (shopping.md §4): the banner, one choice per configurable
 * attribute (size, colour…) and the quantity; every change checks the chosen child's stock;
 * Confirm applies the new configuration and quantity, then closes.
 */
export function EditMode({ item, onClose }: { item: CartItem; onClose: () => void }) {
  const texts = useCartTexts();
  const id = useId();
  const data = item.configurable;
  const [attributes, setAttributes] = useState<Record<string, string>>(
    () => data?.children.find((child) => child.sku === item.sku)?.attributes ?? {},
  );
  const [qty, setQty] = useState(String(item.qty));
  const [stock, setStock] = useState<{ sku: string; stock: LiveStock | undefined } | null>(null);
  const child = data ? findChild(data.children, attributes) : undefined;

  useEffect(() => {
    if (!child) return;
    const controller = new AbortController();
    void checkStock(child.sku, controller.signal).then((found) => {
      if (!controller.signal.aborted) setStock({ sku: child.sku, stock: found });
    });
    return () => controller.abort();
  }, [child]);

  const unavailable = editUnavailable(item);
  if (!data || unavailable) {
    return (
      <p className={styles.fieldError} role="alert" data-testid="edit-mode">
        {messageText({ text: unavailable ?? CART_MESSAGES.noParentSku }, texts)}
      </p>
    );
  }
  const checking = child !== undefined && stock?.sku !== child.sku;
  const available = child && !checking ? availableQty(stock?.stock) : null;
  const quantity = parseQty(qty);
  const problem = !child
    ? CART_MESSAGES.noConfiguration
    : !/^\d+$/.test(qty.trim()) || quantity < 1
      ? CART_MESSAGES.qtyPositive
      : checking
        ? null
        : editError(available, quantity);

  return (
    <div className={styles.editMode} role="group" aria-labelledby={`${id}-banner`} data-testid="edit-mode">
      <p id={`${id}-banner`} className={styles.editBanner}>
        {texts.editBanner}
      </p>
      <div className={styles.editFields}>
        {data.options.map((option) => (
          <label key={option.id} className={styles.editField}>
            <span>{option.label}</span>
            <select value={attributes[option.attribute_code] ?? ''} onChange={(event) => setAttributes({ ...attributes, [option.attribute_code]: event.target.value })}>
              {option.values.map((value) => (
                <option key={value.id} value={value.id}>
                  {value.label}
                </option>
              ))}
            </select>
          </label>
        ))}
        <label className={styles.editField}>
          <span>{texts.quantity}</span>
          <input type="number" inputMode="numeric" min={1} step={1} value={qty} onChange={(event) => setQty(event.target.value)} />
        </label>
      </div>
      <p className={problem ? styles.fieldError : styles.hint} role="status">
        {problem ? messageText({ text: problem }, texts) : checking ? texts.editChecking : ''}
      </p>
      <div className={styles.buttons}>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {texts.cancel}
        </button>
        <button
          type="button"
          className="button"
          disabled={problem !== null || checking || !child}
          onClick={() => {
            if (!child) return;
            void cartActions().replace(lineKey(item), editedItem(item, child, quantity, available));
            onClose();
          }}
        >
          {texts.editConfirm}
        </button>
      </div>
    </div>
  );
}
