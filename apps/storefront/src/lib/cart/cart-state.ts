/** Pure changes of the client cart's items (shopping.md §4 "Mutations"). Unit-tested. */
import { productChecksum, productsEquals } from '@shop/domain';
import type { CartItem, CartState, CartTotals, PersistedCart } from './types.ts';

export const EMPTY_CART: PersistedCart = Object.freeze({
  items: [],
  token: null,
  itemsHash: null,
  lastSyncAt: null,
  lastTotalsSyncAt: null,
  totals: null,
  productFees: [],
  shippingFees: [],
  bypassCounter: 0,
  syncDisabled: false,
});

export const EMPTY_STATE: CartState = Object.freeze({ ...EMPTY_CART, busy: [], adding: false });

/** A stable key of a line for the UI: two lines never share sku and options. */
export function lineKey(item: Pick<CartItem, 'sku' | 'checksum'>): string {
  return `${item.sku}|${item.checksum}`;
}

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

/** The header badge: the sum of quantities (minicart counts quantities, §9). */
export function totalQty(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.qty, 0);
}

/** The server's totals of a line, matched by its server id. */
export function lineTotals(totals: CartTotals | null, item: CartItem): CartTotals['items'][number] | undefined {
  if (!totals || item.server_item_id === undefined) return undefined;
  return totals.items.find((line) => line.item_id === item.server_item_id);
}

/** The coupon applied on the server, if any (VSF getCoupon). */
export function appliedCoupon(totals: CartTotals | null): string | null {
  return totals?.coupon_code ?? null;
}
