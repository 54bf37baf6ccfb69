/**
 * The strict Content Security Policy of the pages where a shopper pays or comes back from paying
 * (issue #14, PCI DSS SAQ A: no script may be injected where payment starts). Scripts run only
 * with the request's nonce ('strict-dynamic' lets Next's loader add its chunks); no inline script,
 * no eval, no plugin, no framing. Styles keep 'unsafe-inline' (React style attributes).
 */

/** Public paths (without store prefix) that get the strict policy. */
const STRICT_PAGES = new Set(['/checkout', '/thank-you', '/payment-cancelled', '/instalment-return']);

export const needsStrictCsp = (publicPath: string) => STRICT_PAGES.has(publicPath.replace(/\/+$/, '') || '/');

export function strictCsp(nonce: string, { dev = false }: { dev?: boolean } = {}): string {
  return [
    "default-src 'self'",
    // React's development build evaluates code for its error overlay; production never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** A fresh, unguessable nonce per response (Web Crypto: the proxy runs on the edge runtime API). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes));
}
