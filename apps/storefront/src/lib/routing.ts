/**
 * The shop's public URL shapes (catalogue.md §2, shopping.md §2) and how proxy.ts serves them.
 * Pure: no Next imports, unit-tested.
 *
 * Why the proxy decides "unknown URL" by shape: in Next 16 a `notFound()` thrown while rendering
 * answers 404 but with an empty HTML shell that only the browser's JavaScript fills in. A URL
 * that matches no shop route is instead rewritten to the `page-not-found` page with status 404,
 * so the full not-found page (header, menu, footer) is in the server HTML and is cached once.
 * Routes added by later issues must be listed in `matchShopRoute`.
 */
import { DEFAULT_STORE } from './store.ts';
import { isStaticPage, type StaticPageName } from './static-pages.ts';

/** Internal slug of the not-found page (catalogue.md §2: "catch-all, slug page-not-found"). */
export const NOT_FOUND_SLUG = 'page-not-found';

export type ShopRoute =
  | { kind: 'home' }
  | { kind: 'category'; slug: string }
  | { kind: 'product'; parentSku: string; slug: string; childSku?: string }
  | { kind: 'static'; name: StaticPageName }
  | { kind: 'cms'; identifier: string }
  | { kind: 'sitemap' }
  | { kind: 'compare' }
  | { kind: 'wishlist' }
  | { kind: 'quote' }
  | { kind: 'quote-offer' }
  | { kind: 'quick-order' }
  | { kind: 'newsletter' }
  | { kind: 'search' }
  | { kind: 'cart' }
  | { kind: 'checkout'; page: CheckoutPage }
  | { kind: 'account'; page: 'my-account' | 'reset-password' | AccountSection | 'order' }
  | { kind: 'cutting-board' }
  | { kind: 'offline' }
  | { kind: 'error' };

/** The custom cutting board page (catalogue.md §2: "/tagliere-in-polietilene-su-misura.html with a fixed parentSku"). */
export const CUTTING_BOARD_PAGE = 'tagliere-in-polietilene-su-misura.html';

/** The cart page and its alias (shopping.md §2: "/shoppingcart (alias /shoppingcart.html)"). */
const CART_PATHS = new Set(['shoppingcart', 'shoppingcart.html']);

/** The checkout's pages (shopping.md §2): the form, the order confirmation, the returns of a cancelled and an instalment payment. */
const CHECKOUT_PAGES = ['checkout', 'thank-you', 'payment-cancelled', 'instalment-return'] as const;
export type CheckoutPage = (typeof CHECKOUT_PAGES)[number];
const isCheckoutPage = (segment: string): segment is CheckoutPage => (CHECKOUT_PAGES as readonly string[]).includes(segment);

/** The account's pages under /my-account (shopping.md §2, plus the reviews and loyalty card screens); an order is /my-account/orders/{orderId}. */
export const ACCOUNT_SECTIONS = ['shipping-details', 'newsletter', 'orders', 'documents', 'recently-viewed', 'reviews', 'loyalty-card'] as const;
export type AccountSection = (typeof ACCOUNT_SECTIONS)[number];
const isAccountSection = (segment: string | undefined): segment is AccountSection => (ACCOUNT_SECTIONS as readonly (string | undefined)[]).includes(segment);

/** The quick order page (issue 42 point 17: B2B buyers type or upload codes and quantities). */
export const QUICK_ORDER_PATH = '/ordine-rapido';

/** A quote offer's link, `/preventivo/<token>` (issue #45 point 6): mailed to the buyer, it opens a cart at the offer's prices. */
export const QUOTE_OFFER_PATH = '/preventivo';

/** Public aliases of the home page (catalogue.md §2: "/ (alias /pwa.html)"). */
const HOME_ALIASES = new Set(['/', '/pwa.html']);

/**
 * The route a store-less public path (`/c/coltelli`) names, or null for an unknown URL.
 * Empty segments (`/c//x`) never match.
 */
export function matchShopRoute(path: string): ShopRoute | null {
  if (HOME_ALIASES.has(path)) return { kind: 'home' };
  const segments = path.split('/').slice(1);
  if (segments.some((segment) => segment === '')) return null;
  const [first, second, third, fourth] = segments;
  switch (segments.length) {
    case 1:
      if (first === 'error') return { kind: 'error' };
      if (first === 'offline') return { kind: 'offline' };
      if (first === 'sitemap' || first === 'sitemap.html') return { kind: 'sitemap' };
      if (first === 'compare') return { kind: 'compare' };
      if (first === 'wishlist') return { kind: 'wishlist' };
      if (first === 'quote-request') return { kind: 'quote' };
      if (first === QUICK_ORDER_PATH.slice(1)) return { kind: 'quick-order' };
      if (first === 'newsletter') return { kind: 'newsletter' };
      if (first === 'search') return { kind: 'search' };
      if (first !== undefined && CART_PATHS.has(first)) return { kind: 'cart' };
      if (first !== undefined && isCheckoutPage(first)) return { kind: 'checkout', page: first };
      if (first === 'my-account' || first === 'reset-password') return { kind: 'account', page: first };
      if (first === CUTTING_BOARD_PAGE) return { kind: 'cutting-board' };
      if (first !== undefined && isStaticPage(first)) return { kind: 'static', name: first };
      return null;
    case 2:
      if (first === 'i' && second) return { kind: 'cms', identifier: second };
      if (first === 'my-account' && isAccountSection(second)) return { kind: 'account', page: second };
      if (first === QUOTE_OFFER_PATH.slice(1) && second) return { kind: 'quote-offer' };
      return first === 'c' && second ? { kind: 'category', slug: second } : null;
    case 3:
      if (first === 'my-account' && second === 'orders' && third) return { kind: 'account', page: 'order' };
      return first === 'p' && second && third ? { kind: 'product', parentSku: second, slug: third } : null;
    case 4:
      return first === 'p' && second && third && fourth
        ? { kind: 'product', parentSku: second, slug: third, childSku: fourth }
        : null;
    default:
      return null;
  }
}

/** Removes the optional store-code prefix: `/it/c/x` → `/c/x`, `/it` → `/`. */
export function stripStorePrefix(pathname: string, store: string = DEFAULT_STORE): string {
  const prefix = `/${store}`;
  if (pathname === prefix) return '/';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname;
}

export interface ProxyTarget {
  /** Internal path under the store segment. */
  pathname: string;
  /** Set for unknown URLs: the response status of the rewrite. */
  status?: 404;
}

/**
 * Where proxy.ts serves a public path from: `/` and `/pwa.html` → `/it`, `/c/x` → `/it/c/x`,
 * `/it/…` as is (optional store-code prefix), an unknown URL → `/it/page-not-found` with 404.
 */
export function proxyTarget(pathname: string, store: string = DEFAULT_STORE): ProxyTarget {
  const path = stripStorePrefix(pathname, store);
  const route = matchShopRoute(path);
  if (!route) return { pathname: `/${store}/${NOT_FOUND_SLUG}`, status: 404 };
  if (route.kind === 'sitemap') return { pathname: `/${store}/sitemap/1` }; // page from ?p= in dispatch.ts
  if (route.kind === 'cart') return { pathname: `/${store}/shoppingcart` };
  return { pathname: route.kind === 'home' ? `/${store}` : `/${store}${path}` };
}
