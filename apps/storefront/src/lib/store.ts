/**
 * Store views (catalogue.md §1): /it is the only mapped store; /de is defined but multistore is
 * off. Every shop page lives under the internal segment `app/[store]/…`; proxy.ts maps public
 * URLs onto it.
 */
export const DEFAULT_STORE = 'it';
export const STORE_CODES: readonly string[] = [DEFAULT_STORE];

export const STORE_LOCALE = 'it-IT';
export const STORE_CURRENCY = 'EUR';

export function isStoreCode(code: string): boolean {
  return STORE_CODES.includes(code);
}

/** Public aliases of the home page (catalogue.md §2: "/ (alias /pwa.html)"). */
const HOME_ALIASES = new Set(['/', '/pwa.html']);

/**
 * The internal path a public path is served from, or null when it already is internal.
 * `/` and `/pwa.html` → `/it`; `/it` and `/it/…` pass through (optional store-code prefix);
 * everything else gets the store segment in front: `/c/coltelli` → `/it/c/coltelli`.
 */
export function internalStorePath(pathname: string, store: string = DEFAULT_STORE): string | null {
  if (HOME_ALIASES.has(pathname)) return `/${store}`;
  const prefix = `/${store}`;
  if (pathname === prefix) return null;
  if (pathname.startsWith(`${prefix}/`)) {
    const rest = pathname.slice(prefix.length);
    return HOME_ALIASES.has(rest) && rest !== '/' ? prefix : null;
  }
  return `${prefix}${pathname}`;
}
