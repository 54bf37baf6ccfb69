/**
 * Pure reads of the client cart (the empty cart, line keys, the badge count, the server's line
 * totals): what the header and the cart screens need without the checksum and matching code of
 * cart-state.ts, so pages load them without the cart engine.
 */
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
