/**
 * What the service worker keeps for offline use (issue #18, ADR 0020). Pure, unit-tested; the
 * worker (sw.ts) maps each kind onto a Serwist strategy.
 *
 * - `page`: a catalogue page the shopper opened (HTML of a navigation, or the RSC payload of a
 *   soft navigation): network first, the copy when the network is gone or slow.
 * - `shell`: the cart and checkout pages as the server renders them for everyone (an empty
 *   frame: the cart, the form and what the buyer typed live in the browser's storage): network
 *   first, the copy offline, so both open offline (issue 42 point 16). One copy each, under its
 *   plain path (`shellKey`), whatever the alias or query it was opened with.
 * - `image`: product and category pictures: cache first, bounded and expiring.
 * - `null`: never stored: anything not a GET, other origins, anything carrying a token (the
 *   `Authorization` header, a `token` or `cartId` query parameter), the API's writes and private
 *   reads (cart, user, orders), and every other page that is not the same for everyone (thank-you,
 *   account, search; search answers have their own offline copy, lib/search).
 */
import { matchShopRoute, stripStorePrefix, type ShopRoute } from '../lib/routing.ts';

export type CacheKind = 'page' | 'shell' | 'image' | null;

/** What the decision reads of a request (a subset of the Fetch API's `Request`). */
export interface RequestFacts {
  url: string;
  method: string;
  mode: string;
  headers: { get(name: string): string | null };
}

/** Shop routes whose pages are the same for every visitor (ISR-cached on the server too). */
const PUBLIC_PAGES: ReadonlySet<ShopRoute['kind']> = new Set(['home', 'category', 'product', 'static', 'cms', 'sitemap', 'cutting-board', 'compare', 'wishlist', 'offline']);

/** Query parameters that carry a customer or cart token (shopping.md §7: placeholders of queued tasks). */
const TOKEN_PARAMS = ['token', 'cartId', 'refreshToken'];

/** The app-shell pages, by their plain path: precached at install, then network first. */
export const SHELL_PATHS = ['/shoppingcart', '/checkout'] as const;

/** The plain path of an app-shell page (the cart under any alias, the checkout itself), else null. */
export function shellPath(pathname: string): (typeof SHELL_PATHS)[number] | null {
  const route = matchShopRoute(stripStorePrefix(pathname));
  if (route?.kind === 'cart') return '/shoppingcart';
  return route?.kind === 'checkout' && route.page === 'checkout' ? '/checkout' : null;
}

/** The one cache key of an app-shell page: its plain path on the shop's origin (no query). */
export function shellKey(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${shellPath(parsed.pathname) ?? parsed.pathname}`;
}

/** The back office (/admin, its API under /api/admin): the worker never answers for it, not even offline. */
export function isBackOffice(url: string): boolean {
  const { pathname } = new URL(url, 'http://shop.invalid');
  return /^\/(api\/)?admin(\/|$|\.)/.test(pathname);
}

export function carriesToken(request: RequestFacts, url: URL): boolean {
  return request.headers.get('authorization') !== null || TOKEN_PARAMS.some((name) => url.searchParams.has(name));
}

export function cacheKind(request: RequestFacts, origin: string): CacheKind {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== origin || carriesToken(request, url)) return null;
  if (url.pathname.startsWith('/media/') || url.pathname === '/_next/image') return 'image';
  if (url.pathname.startsWith('/_next/') || url.pathname.startsWith('/api/')) return null;
  // A prefetch is not a visit; the page is stored when it is opened.
  if (request.headers.get('next-router-prefetch') !== null) return null;
  if (request.mode === 'navigate' && shellPath(url.pathname) !== null) return 'shell';
  const navigation = request.mode === 'navigate' || request.headers.get('rsc') === '1';
  if (!navigation) return null;
  const route = matchShopRoute(stripStorePrefix(url.pathname));
  return route !== null && PUBLIC_PAGES.has(route.kind) ? 'page' : null;
}

/**
 * A page that is one visitor's own (cart, checkout, account, thank-you…): what sign-out deletes
 * from the worker's caches, should one ever have been stored. Files and pictures are not pages.
 */
export function isPrivatePage(url: string): boolean {
  const { pathname } = new URL(url, 'http://shop.invalid');
  if (pathname.startsWith('/_next/') || pathname.startsWith('/media/') || pathname.startsWith('/api/')) return false;
  const route = matchShopRoute(stripStorePrefix(pathname));
  return route !== null && !PUBLIC_PAGES.has(route.kind);
}

/**
 * A short, stable name of a build: the hash of its precache manifest (every entry carries a
 * content hash or revision). Runtime page caches carry it, so a new build starts them afresh:
 * an old page would load chunks the new build no longer has.
 */
export function buildVersion(manifest: ReadonlyArray<string | { url: string; revision?: string | null }>): string {
  let hash = 0x811c9dc5; // FNV-1a, 32 bit
  for (const entry of manifest) {
    const text = typeof entry === 'string' ? entry : `${entry.url} ${entry.revision ?? ''}`;
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
  }
  return (hash >>> 0).toString(36);
}

/** Prefix of the runtime page caches; the build version follows it. */
export const PAGE_CACHE_PREFIX = 'shop-pages-';
/** Prefix of the app-shell cache (cart and checkout frames); the build version follows it. */
export const SHELL_CACHE_PREFIX = 'shop-shell-';

/** Page caches of other builds (pages and app shell), to delete when this build's worker activates. */
export function outdatedPageCaches(cacheNames: readonly string[], current: string | readonly string[]): string[] {
  const kept = typeof current === 'string' ? [current] : current;
  return cacheNames.filter((name) => (name.startsWith(PAGE_CACHE_PREFIX) || name.startsWith(SHELL_CACHE_PREFIX)) && !kept.includes(name));
}
