'use client';

import { useState } from 'react';
import { THUMBNAIL } from '@/lib/shop-config.ts';
import { lineKey, lineTotals } from '@/lib/cart/cart-view.ts';
import { messageText } from '@/lib/cart/messages.ts';
import type { CartItem, CartState } from '@/lib/cart/types.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { EditMode } from './EditMode.tsx';
import { FeeBlock } from './FeeBlock.tsx';
import { LineErrors } from './LineErrors.tsx';
import { LinePrice } from './LinePrice.tsx';
import { QtyStepper } from './QtyStepper.tsx';
import { Thumbnail } from './Thumbnail.tsx';
import { useCartTexts } from './useCart.ts';
import styles from './cart.module.css';

/**
 * One line of the cart page (shopping.md §2): thumbnail, sku, name, options, errors joined by
 * comma, availability, quantity, remove, prices, the fee block and edit mode.
 */
export function CartLine({ item, cart, onRemove }: { item: CartItem; cart: CartState; onRemove: (key: string) => void }) {
  const texts = useCartTexts();
  const href = useStoreHref();
  const [editing, setEditing] = useState(false);
  const key = lineKey(item);
  const totals = lineTotals(cart.totals, item);
  const options = totals && totals.options.length > 0 ? totals.options : (item.options ?? []);
  const info = Object.values(item.info ?? {}).map((text) => messageText({ text }, texts));
  const productFees = cart.productFees.find((entry) => entry.quoteItemId === item.server_item_id);
  return (
    <li className={styles.line} data-testid="cart-line" data-sku={item.sku}>
      <Thumbnail item={item} size={THUMBNAIL.cart} className={styles.thumb} />
      <div className={styles.lineBody}>
        <p className={styles.lineSku}>{texts.sku.replace('{sku}', item.sku)}</p>
        <h2 className={styles.lineName}>
          {item.url ? (
            <a href={href(item.url)}>
              {item.name}
            </a>
          ) : (
            item.name
          )}
        </h2>
        {options.length > 0 && (
          <dl className={styles.options}>
            {options.map((option) => (
              <div key={option.label}>
                <dt>{option.label}:</dt> <dd>{option.value}</dd>
              </div>
            ))}
          </dl>
        )}
        <LineErrors item={item} />
        {(item.availability || info.length > 0) && (
          <p className={`${styles.availability} ${styles[item.availability?.tone ?? 'neutral']}`}>
            {[...info, item.availability?.text].filter(Boolean).join(' · ')}
          </p>
        )}
        <div className={styles.lineControls}>
          <QtyStepper item={item} busy={cart.busy.includes(key)} />
          {(item.configurable || item.type_id === 'configurable') && !editing && (
            <button type="button" className={styles.linkButton} onClick={() => setEditing(true)} aria-label={texts.editItem.replace('{name}', item.name)}>
              {texts.edit}
            </button>
          )}
          <button type="button" className={styles.linkButton} onClick={() => onRemove(key)} aria-label={texts.removeItem.replace('{name}', item.name)}>
            {texts.remove}
          </button>
        </div>
        <LinePrice item={item} totals={cart.totals} />
        {item.server_item_id !== undefined && (
          <FeeBlock kind="product" entry={productFees} feeTotal={totals?.product_fee_amount ?? 0} itemId={item.server_item_id} />
        )}
        {editing && <EditMode item={item} onClose={() => setEditing(false)} />}
      </div>
    </li>
  );
}
