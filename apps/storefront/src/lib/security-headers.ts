/**
 * The security headers of the storefront's answers (issue #17 item 4). Pure; no imports but the
 * policies, so next.config.ts can load it.
 *
 * Two places set them: headers that never change go on every answer but /api through
 * next.config.ts `headers()` (fixed when the storefront is built, and Next applies them to
 * static files and cached pages alike); what depends on the request or on the running
 * configuration is set per page by proxy.ts.
 */
import { CONSENT_HINT_HASH } from './consent/consent-hint.ts';
import { CSP_REPORT_GROUP, CSP_REPORT_PATH, cachedPageCsp, needsNonce, newNonce, strictCsp, type PolicyOptions } from './csp.ts';

/** Every answer but the API's (the API sets its own, for JSON). */
export const STATIC_SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // The CSP's frame-ancestors 'none' says the same to browsers that read CSP.
  { key: 'X-Frame-Options', value: 'DENY' },
  // The shop uses none of these; an injected or third-party script gets none either.
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
  // Where the policy's report-to directive sends violations (relative: the page's own origin).
  { key: 'Reporting-Endpoints', value: `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"` },
];

/**
 * The shop's own fixed inline scripts allowed on a cached page, by hash: the front server
 * (inline-scripts.mjs, which names this header too) puts them with Next's in the page's policy
 * in place of its inline-script allowance, and never sends the header on.
 */
export const TRUSTED_SCRIPTS_HEADER = 'x-shop-trusted-scripts';

/** A year, subdomains included; not preloaded (that is a decision for the shop's domain owner). */
export const HSTS = 'max-age=31536000; includeSubDomains';

export interface PageHeaders {
  /** The nonce the page's scripts carry when Next renders it for the request (Next reads it from the request's policy header). */
  nonce: string;
  /** Answer headers. */
  headers: Record<string, string>;
}

/**
 * A page's policy and, when the shop's public address (SHOP_URL) is https, HSTS. The public
 * address decides, not the request: behind a TLS terminator the storefront only ever sees plain
 * http, and a request header claiming https could be sent by anyone.
 */
export function pageSecurityHeaders(
  publicPath: string,
  { shopUrl, nonce = newNonce, ...sources }: { shopUrl: string; nonce?: () => string } & Omit<PolicyOptions, 'tls'>,
): PageHeaders {
  const options = { ...sources, tls: shopUrl.startsWith('https:') };
  const pageNonce = nonce();
  // The trusted-scripts header also tells the front server that a whole page gets hashes.
  const policy: Record<string, string> = needsNonce(publicPath)
    ? { 'content-security-policy': strictCsp(pageNonce, options) }
    : { 'content-security-policy': cachedPageCsp(pageNonce, options), [TRUSTED_SCRIPTS_HEADER]: CONSENT_HINT_HASH };
  return { nonce: pageNonce, headers: { ...policy, ...(options.tls ? { 'strict-transport-security': HSTS } : {}) } };
}
