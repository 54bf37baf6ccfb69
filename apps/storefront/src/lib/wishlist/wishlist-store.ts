/**
 * BROWSER: the wishlist (shopping.md §4: loaded once from localStorage, saved after every change)
 * as an external store for React. For a signed-in customer every change is also sent to the API
 * (`/api/wishlist`, ADR 0021) and its answer — the whole list — becomes this device's copy once no
 * other change is on its way; at sign-in the device's list is merged into the customer's.
 */
import { addToWishlist, mergeWishlists, parseWishlist, removeFromWishlist, type WishlistChange } from '@shop/domain';
import { accountCall, currentCustomer } from '../account/session.ts';

export const WISHLIST_STORAGE_KEY = 'bottega-pro:wishlist';

const EMPTY: readonly string[] = Object.freeze([]);
let list: readonly string[] | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** The list, read from localStorage on first use only (and when another tab changes it). */
export function getWishlist(): readonly string[] {
  if (list === null) {
    let raw: string | null = null;
    try {
      raw = window.localStorage.getItem(WISHLIST_STORAGE_KEY);
    } catch {
      // storage disabled (privacy mode): the list lives in this page only
    }
    list = Object.freeze(parseWishlist(raw));
  }
  return list;
}

/** The server renders with an empty list; the browser's arrives at hydration. */
export function getServerWishlist(): readonly string[] {
  return EMPTY;
}

function save(next: readonly string[]): void {
  list = Object.freeze([...next]);
  try {
    if (next.length === 0) window.localStorage.removeItem(WISHLIST_STORAGE_KEY);
    else window.localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // quota or privacy mode: kept in this page only
  }
  notify();
}

export function subscribeWishlist(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== WISHLIST_STORAGE_KEY) return;
    list = Object.freeze(parseWishlist(event.newValue));
    onChange();
  };
  listeners.add(onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

type ServerList = { items: { sku: string }[] };
let inFlight = 0;

/** Sends a change as the customer; the last answer of a burst becomes the device's list. */
async function sync(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<void> {
  if (!currentCustomer()) return;
  inFlight++;
  try {
    const answer = await accountCall<ServerList>(method, path, {}, body);
    if (inFlight === 1 && answer.code === 200 && typeof answer.result === 'object') save(answer.result.items.map((item) => item.sku));
  } finally {
    inFlight--;
  }
}

/** Adds the product, or removes it when it is there; `full` when the list has no room. */
export function toggleWishlist(sku: string): WishlistChange {
  const current = getWishlist();
  const change = current.includes(sku) ? removeFromWishlist(current, sku) : addToWishlist(current, sku);
  if (!change.changed) return change;
  save(change.list);
  void (change.list.includes(sku) ? sync('POST', '/api/wishlist/items', { skus: [sku] }) : sync('DELETE', `/api/wishlist/items/${encodeURIComponent(sku)}`));
  return change;
}

export function removeWishlistItem(sku: string): void {
  if (getWishlist().includes(sku)) toggleWishlist(sku);
}

export function clearWishlist(): void {
  save([]);
  void sync('DELETE', '/api/wishlist');
}

/** The session ended (logout, §4): the list is forgotten on this device; the account keeps its copy. */
export function forgetWishlist(): void {
  save([]);
}

/** The customer's list as the server has it now (another device may have changed it). */
export function pullWishlist(): Promise<void> {
  return sync('GET', '/api/wishlist');
}

/** At sign-in: this device's products join the customer's list, and the result is kept here. */
export async function mergeWishlistAtSignIn(): Promise<void> {
  const server = await accountCall<ServerList>('GET', '/api/wishlist');
  if (server.code !== 200 || typeof server.result !== 'object') return;
  const theirs = server.result.items.map((item) => item.sku);
  const merged = mergeWishlists(theirs, getWishlist());
  const missing = merged.filter((sku) => !theirs.includes(sku));
  if (missing.length === 0) save(theirs);
  else await sync('POST', '/api/wishlist/items', { skus: missing });
}
