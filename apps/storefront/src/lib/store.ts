/**
 * Store views (catalogue.md §1, §3 "Store view": storeCode, appendStoreCode): /it is the only
 * mapped store; /de is defined but multistore is off. Every shop page lives under the internal
 * segment `app/[store]/…`; proxy.ts maps public URLs onto it (see routing.ts).
 */
export const DEFAULT_STORE = 'it';
export const STORE_CODES: readonly string[] = [DEFAULT_STORE];

export function isStoreCode(code: string): boolean {
  return STORE_CODES.includes(code);
}

/**
 * appendStoreCode, from `APPEND_STORE_CODE` (true/1): public URLs then read `/it/c/…` instead of
 * `/c/…`. Read at request time, so one build serves either setting; the other form answers 301.
 */
export function appendStoreCode(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return /^(1|true|yes|on)$/i.test(env.APPEND_STORE_CODE?.trim() ?? '');
}

/** The prefix of every public shop URL: `/it` when store codes are appended, else ''. */
export function storePrefix(append: boolean = appendStoreCode(), store: string = DEFAULT_STORE): string {
  return append ? `/${store}` : '';
}

/** A shop path as the shopper sees it: `/c/x` → `/it/c/x` under a prefix, `/` → `/it`. */
export function withStorePrefix(path: string, prefix: string): string {
  if (!prefix || !path.startsWith('/')) return path;
  if (path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`)) return path;
  if (path === '/') return prefix;
  return path.startsWith('/?') || path.startsWith('/#') ? `${prefix}${path.slice(1)}` : `${prefix}${path}`;
}

/** Server-side: `path` with the configured store prefix. */
export function storeHref(path: string): string {
  return withStorePrefix(path, storePrefix());
}
