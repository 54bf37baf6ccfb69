/**
 * The cart in localStorage, mirrored across tabs (shopping.md §4 "Items persist locally and are
 * mirrored across browser tabs"), in the pattern of compare-storage.ts: other tabs hear of a
 * change through the `storage` event. Reading and parsing are pure and unit-tested.
 */
import { EMPTY_CART } from './cart-view.ts';
import type { PersistedCart } from './types.ts';

export const CART_STORAGE_KEY = 'shop/cart/v1';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** A stored cart, or the empty one when missing or unreadable (a hand-edited or older entry). */
export function parseCart(raw: string | null): PersistedCart {
  if (!raw) return EMPTY_CART;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return EMPTY_CART;
  }
  if (!isObject(data) || !Array.isArray(data['items'])) return EMPTY_CART;
  const items = data['items'].filter(
    (item): item is PersistedCart['items'][number] =>
      isObject(item) && typeof item['sku'] === 'string' && typeof item['checksum'] === 'string' && Number.isInteger(item['qty']) && (item['qty'] as number) > 0,
  );
  return {
    items,
    token: typeof data['token'] === 'string' ? data['token'] : null,
    itemsHash: typeof data['itemsHash'] === 'string' ? data['itemsHash'] : null,
    lastSyncAt: numberOrNull(data['lastSyncAt']),
    lastTotalsSyncAt: numberOrNull(data['lastTotalsSyncAt']),
    totals: isObject(data['totals']) ? (data['totals'] as unknown as PersistedCart['totals']) : null,
    productFees: Array.isArray(data['productFees']) ? (data['productFees'] as PersistedCart['productFees']) : [],
    shippingFees: Array.isArray(data['shippingFees']) ? (data['shippingFees'] as PersistedCart['shippingFees']) : [],
    bypassCounter: numberOrNull(data['bypassCounter']) ?? 0,
    syncDisabled: data['syncDisabled'] === true,
  };
}

/** Only the persisted fields: per-tab flags (busy lines, adding) stay in the tab. */
export function serializeCart(cart: PersistedCart): string {
  const { items, token, itemsHash, lastSyncAt, lastTotalsSyncAt, totals, productFees, shippingFees, bypassCounter, syncDisabled } = cart;
  return JSON.stringify({ items, token, itemsHash, lastSyncAt, lastTotalsSyncAt, totals, productFees, shippingFees, bypassCounter, syncDisabled });
}

/** BROWSER: the stored cart's raw text; null when storage is disabled (privacy mode). */
export function readStoredCart(): string | null {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** BROWSER: saves the cart; an empty cart without token leaves no entry. */
export function writeStoredCart(cart: PersistedCart): string | null {
  const raw = cart.items.length === 0 && cart.token === null ? null : serializeCart(cart);
  try {
    if (raw === null) window.localStorage.removeItem(CART_STORAGE_KEY);
    else window.localStorage.setItem(CART_STORAGE_KEY, raw);
  } catch {
    // quota or privacy mode: the cart lives in this tab only
  }
  return raw;
}

/** BROWSER: calls back when another tab changed the stored cart (or cleared the storage). */
export function subscribeStoredCart(onChange: (raw: string | null) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CART_STORAGE_KEY) onChange(event.key === null ? null : event.newValue);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
