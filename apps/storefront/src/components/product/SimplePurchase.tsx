'use client';

/**
 * Purchase island of simple, virtual and downloadable products (with their custom options).
 * Rendered on the server with the cached data; after hydration it refreshes the price
 * (render list) and checks the stock.
 */
import { useMemo } from 'react';
import { itemForCart, type CartOrigin } from './cart-items.ts';
import { ItemBuyBox } from './ItemBuyBox.tsx';
import { useLivePrices, useLiveStock } from './live.ts';
import { stockStatus } from './stock.ts';
import type { PurchaseTexts } from './text-keys.ts';
import type { CustomOptionView, SellableItem } from './types.ts';

const NO_PREFETCH: readonly string[] = [];

export interface SimplePurchaseProps {
  texts: PurchaseTexts;
  item: SellableItem;
  customOptions: readonly CustomOptionView[];
  errors: readonly string[];
  origin: CartOrigin;
}

export function SimplePurchase({ texts, item, customOptions, errors, origin }: SimplePurchaseProps) {
  const docs = useMemo(() => ({ [item.sku]: item }), [item]);
  const prices = useLivePrices(docs);
  const stock = useLiveStock(NO_PREFETCH, item.sku);
  const live = stock[item.sku];
  const current = { ...(prices[item.sku] ?? item), ...(live ? { stock: live } : {}) };
  return (
    <ItemBuyBox
      texts={texts}
      item={prices[item.sku] ?? item}
      status={stockStatus(live, item.stock)}
      stock={live ?? item.stock}
      customOptions={customOptions}
      errors={errors}
      cartItem={(qty, choices) => itemForCart(current, qty, origin, { options: customOptions, choices })}
    />
  );
}
