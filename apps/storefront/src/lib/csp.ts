/**
 * The Content Security Policy of the storefront's pages (issue #14, issue #17 item 4). Both
 * policies lock down the same things: no plugin, no framing, no <base>, forms and requests to
 * the shop only, images, fonts and styles from the shop. Styles keep 'unsafe-inline' (React
 * style attributes). They differ in scripts:
 *
 * - Pages rendered per request run scripts only with the request's nonce ('strict-dynamic' lets
 *   Next's loader add its chunks): no injected inline script runs. The payment pages must (PCI
 *   DSS SAQ A: nothing may be injected where payment starts); search, cart and password reset
 *   render per request anyway, so the nonce costs them nothing.
 * - Every other page may come from the page cache (ISR: home, categories, products, CMS) or be
 *   rendered for the request (account pages, filtered and paged lists, 404s): the proxy cannot
 *   tell which. Its policy leaves here with a fresh nonce, which Next puts on its scripts when it
 *   renders the page for this request (streamed: the head leaves before the body). A page sent
 *   whole (a cached page: the same bytes for every visitor, which cannot carry this nonce) gets
 *   the nonce replaced by the hashes of the page's own inline scripts in the front server
 *   (inline-scripts.mjs): the browser then runs Next's and the consent hint, and blocks any
 *   other. No page is ever sent with 'unsafe-inline' in its script policy (issue #43 item 5).
 *   No 'strict-dynamic' there: a cached page's chunk scripts carry neither nonce nor hash.
 *
 * Both allow the one inline script of the shop's own layout, the consent hint
 * (lib/consent/consent-hint.ts), by its hash: cached pages through the front server.
 *
 * Google Tag Manager (issue #19, ADR 0022) is allowed only when a container id is configured,
 * and then only its hosts: the script from www.googletagmanager.com, GA4's collection requests
 * and pixels to Google's analytics hosts (Google's CSP guide for GA4 and GTM). Whether it loads
 * is the shopper's choice, made in the browser (components/consent): the policy cannot wait for
 * it, since a page's policy is fixed when it loads and the tag must start as soon as they accept.
 * Its built-in tags (GA4) need nothing more; custom HTML tags that write inline scripts are
 * blocked on cached pages, as any inline script the page did not bring.
 * Error reporting likewise adds only its DSN's origin, and only when a DSN is configured.
 */

import { CONSENT_HINT_HASH } from './consent/consent-hint.ts';

/** Where the tag manager's script comes from. */
export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';
const TAG_IMAGES = 'https://*.google-analytics.com https://*.googletagmanager.com';
const TAG_CONNECT = 'https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com';

/** Where browsers send the policy's violation reports (the API's csp-reports module logs them). */
export const CSP_REPORT_PATH = '/api/csp-report';
/** The Reporting API's endpoint name (Reporting-Endpoints header, report-to directive). */
export const CSP_REPORT_GROUP = 'csp';

/** Public paths (without store prefix) that render per request and get the strict nonce policy. */
const NONCE_PAGES = new Set(['/checkout', '/thank-you', '/payment-cancelled', '/instalment-return', '/search', '/shoppingcart', '/reset-password']);

export const needsNonce = (publicPath: string) => NONCE_PAGES.has(publicPath.replace(/\/+$/, '') || '/');

export interface PolicyOptions {
  /** React's development build evaluates code for its error overlay; production never does. */
  dev?: boolean;
  /** The shop is served over https: any http:// reference is fetched over https. */
  tls?: boolean;
  /** A tag manager container is configured: its hosts are allowed. */
  tagManager?: boolean;
  /** Error reporting's origin (the Sentry DSN's host) when configured; its replay compresses in a blob worker. */
  reporting?: string | null;
}

function policy(scripts: string, { dev = false, tls = false, tagManager = false, reporting = null }: PolicyOptions): string {
  const tag = (sources: string) => (tagManager ? ` ${sources}` : '');
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts}${tag(TAG_MANAGER_ORIGIN)}${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tag(TAG_IMAGES)}`,
    "font-src 'self'",
    // The service worker (ADR 0020): explicit, since 'strict-dynamic' ignores 'self' in script-src.
    // Error reporting's session replay compresses in a blob worker.
    `worker-src 'self'${reporting ? ' blob:' : ''}`,
    `connect-src 'self'${tag(TAG_CONNECT)}${reporting ? ` ${reporting}` : ''}`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    ...(tls ? ['upgrade-insecure-requests'] : []),
    // report-uri for browsers without the Reporting API; report-to where they have it.
    `report-uri ${CSP_REPORT_PATH}`,
    `report-to ${CSP_REPORT_GROUP}`,
  ].join('; ');
}

/** The policy of a page rendered per request: scripts with this nonce only, and the consent hint by its hash. */
export const strictCsp = (nonce: string, options: PolicyOptions = {}) => policy(`'nonce-${nonce}' ${CONSENT_HINT_HASH} 'strict-dynamic'`, options);

/**
 * The policy of any other page as the proxy gives it: scripts with this nonce (a page rendered for
 * the request), which the front server replaces by the hashes of the page's inline scripts when it
 * sends a whole (cached) page.
 */
export const cachedPageCsp = (nonce: string, options: PolicyOptions = {}) => policy(`'nonce-${nonce}' ${CONSENT_HINT_HASH}`, options);

/** A fresh, unguessable nonce per response (Web Crypto: the proxy runs on the edge runtime API). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes));
}
