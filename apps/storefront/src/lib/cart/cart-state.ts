/** Pure changes of the client cart's items (shopping.md §4 "Mutations"). Unit-tested. */
import { productChecksum, productsEquals } from '@shop/domain';
import { lineKey } from './cart-view.ts';
import type { CartItem } from './types.ts';

/** The item with its checksum (VSF prepareProductsToAdd). */
export function withChecksum(item: Omit<CartItem, 'checksum'>): CartItem {
  return { ...item, checksum: productChecksum(item) };
}

/** Adds an item: a matching line gets the quantity added, else it is appended (VSF CART_ADD_ITEM). */
export function addItem(items: readonly CartItem[], item: CartItem): CartItem[] {
  const index = items.findIndex((candidate) => productsEquals(candidate, item));
  if (index < 0) return [...items, item];
  return items.map((candidate, i) => (i === index ? { ...candidate, qty: candidate.qty + item.qty } : candidate));
}

export function patchLine(items: readonly CartItem[], key: string, patch: Partial<CartItem>): CartItem[] {
  return items.map((item) => (lineKey(item) === key ? { ...item, ...patch } : item));
}

export function removeLine(items: readonly CartItem[], key: string): CartItem[] {
  return items.filter((item) => lineKey(item) !== key);
}

/** Lines the server never confirmed go (VSF CART_DEL_NON_CONFIRMED_ITEM). */
export function removeUnconfirmed(items: readonly CartItem[]): CartItem[] {
  return items.filter((item) => item.server_item_id !== undefined);
}
