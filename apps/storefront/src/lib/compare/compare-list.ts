/**
 * The compare list (shopping.md §3 "Compare list: products by sku"), kept in the browser. Pure
 * list rules here; compare-storage.ts reads and writes localStorage.
 */

import { parseSkuList } from '@shop/domain';

/** At most this many products side by side. */
export const COMPARE_MAX = 4;

/** localStorage key of the list (a JSON array of SKUs). */
export const COMPARE_STORAGE_KEY = 'bottega-pro:compare';

/** Event dispatched on `window` after the list changed in this tab (detail: the new list). */
export const COMPARE_EVENT = 'bottega-pro:compare-change';

/** A stored value as a clean list: SKUs only, no duplicates, at most COMPARE_MAX. */
export function parseCompareList(raw: string | null | undefined): string[] {
  return parseSkuList(raw, COMPARE_MAX);
}

export type CompareChange = { list: string[]; changed: boolean; full: boolean };

/** Adds a SKU at the end; refused (unchanged, `full`) when the list is full. */
export function addToCompare(list: readonly string[], sku: string): CompareChange {
  if (list.includes(sku)) return { list: [...list], changed: false, full: list.length >= COMPARE_MAX };
  if (list.length >= COMPARE_MAX) return { list: [...list], changed: false, full: true };
  const next = [...list, sku];
  return { list: next, changed: true, full: next.length >= COMPARE_MAX };
}

export function removeFromCompare(list: readonly string[], sku: string): CompareChange {
  const next = list.filter((s) => s !== sku);
  return { list: next, changed: next.length !== list.length, full: next.length >= COMPARE_MAX };
}

export function toggleCompare(list: readonly string[], sku: string): CompareChange {
  return list.includes(sku) ? removeFromCompare(list, sku) : addToCompare(list, sku);
}
