import type { CartItemLike } from './item.ts';
import { sha3_224 } from './sha3.ts';

/** Only user-chosen state is hashed: stock and server totals change without the cart changing. */
function hashedFields(item: CartItemLike): Record<string, unknown> {
  const { stock: _stock, totals: _totals, ...rest } = item;
  return rest;
}

/** The items hash of the hash-based totals sync (VSF calcItemsHmac). */
export function cartItemsHash(items: readonly CartItemLike[], token: string | null | undefined): string {
  return sha3_224(JSON.stringify({ items: items.map(hashedFields), token: token ?? null }));
}

export interface SyncState {
  storedHash?: string | null;
  lastSyncAt?: number | null;
  lastTotalsSyncAt?: number | null;
}

/** The hash is missing or differs from the stored one. */
export function isCartHashChanged(currentHash: string, state: SyncState): boolean {
  return !state.storedHash || state.storedHash !== currentHash;
}

/** Items must be pushed to the server: changed, or never synced. */
export function isSyncRequired(currentHash: string, state: SyncState): boolean {
  return isCartHashChanged(currentHash, state) || !state.lastSyncAt;
}

/** Totals must be fetched again: changed, or never fetched. */
export function isTotalsSyncRequired(currentHash: string, state: SyncState): boolean {
  return isCartHashChanged(currentHash, state) || !state.lastTotalsSyncAt;
}
