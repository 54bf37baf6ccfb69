/**
 * The wishlist's list rules (shopping.md §3 "Wishlist: items identified by sku, qty fixed at 1";
 * §4 "Add (ignored if sku present), remove by sku, clear all"). Pure: the browser keeps the list
 * in localStorage, the API keeps a signed-in customer's copy (issue #19, ADR 0021).
 */

import { parseSkuList } from './sku-list.ts';

/** A wishlist holds at most this many products (the browser's and the server's alike). */
export const WISHLIST_MAX = 100;

/** A stored value as a clean list: SKUs only, no duplicates, at most WISHLIST_MAX. */
export function parseWishlist(raw: string | null | undefined): string[] {
  return parseSkuList(raw, WISHLIST_MAX);
}

export type WishlistChange = { list: string[]; changed: boolean; full: boolean };

/** Adds a SKU at the end: ignored when present, refused (`full`) when the list is full. */
export function addToWishlist(list: readonly string[], sku: string): WishlistChange {
  if (list.includes(sku)) return { list: [...list], changed: false, full: false };
  if (list.length >= WISHLIST_MAX) return { list: [...list], changed: false, full: true };
  return { list: [...list, sku], changed: true, full: false };
}

export function removeFromWishlist(list: readonly string[], sku: string): WishlistChange {
  const next = list.filter((s) => s !== sku);
  return { list: next, changed: next.length !== list.length, full: false };
}

/**
 * The browser's list merged into the customer's at sign-in: theirs first, then this device's
 * other products, up to the limit. What this device has to send is `merged` minus `server`.
 */
export function mergeWishlists(server: readonly string[], local: readonly string[]): string[] {
  return [...new Set([...server, ...local])].slice(0, Math.max(WISHLIST_MAX, server.length));
}
