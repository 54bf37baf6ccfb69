/**
 * Whether two JSON values are equal: the same reference (what an edit leaves untouched keeps its
 * reference: the cheap and common case), or the same JSON text.
 */
export const sameJson = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Whether two documents have the same top-level fields with equal values (sameJson), in any key order. */
export function sameFields(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => key in b && sameJson(a[key], b[key]));
}
