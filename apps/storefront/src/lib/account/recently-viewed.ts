/**
 * The products this browser viewed, newest first (the account's "recently viewed", shopping.md
 * §2): kept in localStorage like VSF1's, at most 12, one entry per product. Pure list rules with
 * the storage beside them.
 */
export interface ViewedProduct {
  sku: string;
  name: string;
  /** The product page's path, store prefix included. */
  url: string;
}

export const RECENTLY_VIEWED_MAX = 12;
const KEY = 'shop/recently-viewed/v1';

/** The list after viewing `product`: it moves to the front, the oldest beyond the limit drops. */
export function withViewed(list: readonly ViewedProduct[], product: ViewedProduct): ViewedProduct[] {
  return [product, ...list.filter((entry) => entry.sku !== product.sku)].slice(0, RECENTLY_VIEWED_MAX);
}

export function parseViewed(raw: string | null): ViewedProduct[] {
  try {
    const list: unknown = JSON.parse(raw ?? '[]');
    if (!Array.isArray(list)) return [];
    return list
      .filter((entry): entry is ViewedProduct => typeof entry?.sku === 'string' && typeof entry?.name === 'string' && typeof entry?.url === 'string' && entry.url.startsWith('/'))
      .slice(0, RECENTLY_VIEWED_MAX);
  } catch {
    return [];
  }
}

/** BROWSER: the stored list (empty when storage is unavailable). */
export function readViewed(): ViewedProduct[] {
  try {
    return parseViewed(localStorage.getItem(KEY));
  } catch {
    return [];
  }
}

/** BROWSER: records a product view. */
export function rememberViewed(product: ViewedProduct): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(withViewed(readViewed(), product)));
  } catch {
    // quota or privacy mode: the list is a convenience
  }
}

/** BROWSER: forgets the list (sign-out: what a customer viewed is not the next person's business). */
export function forgetViewed(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // privacy mode: nothing was kept
  }
}
