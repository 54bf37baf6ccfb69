/**
 * Store views (catalogue.md §1): /it is the only mapped store; /de is defined but multistore is
 * off. Every shop page lives under the internal segment `app/[store]/…`; proxy.ts maps public
 * URLs onto it (see routing.ts).
 */
export const DEFAULT_STORE = 'it';
export const STORE_CODES: readonly string[] = [DEFAULT_STORE];

export function isStoreCode(code: string): boolean {
  return STORE_CODES.includes(code);
}
