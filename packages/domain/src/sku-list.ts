/** A list of products kept by SKU in the browser (wishlist, compare list). */

const isSku = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 64;

/** A stored value (JSON) as a clean list: SKUs only, no duplicates, at most `max`. */
export function parseSkuList(raw: string | null | undefined, max: number): string[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  return Array.isArray(value) ? [...new Set(value.filter(isSku))].slice(0, max) : [];
}
