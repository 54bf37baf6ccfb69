import { NextResponse } from 'next/server';
import type { NextRequest } from 'next/server';
import { apiInternalUrl } from '@/lib/api/client.ts';
import { cachedDispatchLookups } from '@/lib/api/dispatch-lookups.ts';
import { dispatch, type DispatchLog } from '@/lib/dispatch.ts';
import { ROUTE_LABEL_HEADER, routeLabel } from '@/lib/route-label.ts';
import { stripStorePrefix } from '@/lib/routing.ts';
import { tagManagerId } from '@/lib/analytics/tag-config.ts';
import { currentErrorReporting, reportingOrigin } from '@/lib/error-reporting/config.ts';
import { pageSecurityHeaders } from '@/lib/security-headers.ts';
import { shopUrl } from '@/lib/shop-url.ts';
import { appendStoreCode } from '@/lib/store.ts';

/** The catalogue.md §8 texts of the dispatcher, logged as written with the URL after them. */
const dispatchLog: DispatchLog = {
  warn: (message, url) => console.warn(`${message} (${url})`),
  info: (message, url) => console.info(`${message} (${url})`),
};

/**
 * Next 16 proxy (formerly middleware): serves public shop URLs from the internal store segment
 * `app/[store]/…` with a rewrite, so the address bar keeps `/c/…`, `/p/…`. A URL that matches
 * no shop route is rewritten to the not-found page with status 404 (see lib/routing.ts).
 *
 * The URL dispatcher (lib/dispatch.ts) decides with catalogue lookups (cached here for 30 s):
 * unknown paths are resolved through /api/url/map, unknown categories, products and CMS pages
 * answer a real 404, a disabled product 404, a child not visible individually and a stale
 * product slug a real 301 (frontend-stack.md §0: status codes only come from here).
 */
export async function proxy(request: NextRequest) {
  // The commerce API runs in its own process; the browser sees one origin. Forwarded here, at
  // request time, because next.config rewrites would freeze the API address at build time.
  // X-Forwarded-For arrives set by front-server.mjs (the shopper's address) and passes as is.
  // `/img/` is the API's too: Vue Storefront 1's pictures (issue 47), on the shop's one address.
  if (request.nextUrl.pathname.startsWith('/api/') || request.nextUrl.pathname.startsWith('/img/')) {
    return NextResponse.rewrite(new URL(request.nextUrl.pathname + request.nextUrl.search, apiInternalUrl()));
  }
  const { pathname, searchParams } = request.nextUrl;
  // The XML sitemap is an ISR-cached route handler under /sitemaps (app/sitemaps/[file]).
  if (pathname === '/sitemap.xml') {
    const url = request.nextUrl.clone();
    url.pathname = '/sitemaps/sitemap.xml';
    return NextResponse.rewrite(url);
  }
  const target = await dispatch(pathname, searchParams, cachedDispatchLookups, dispatchLog, { appendStoreCode: appendStoreCode() });
  // Every page answer gets its policy (and HSTS behind TLS) with a fresh nonce, which Next reads
  // from the request's policy header and puts on its own scripts when it renders the page for
  // this request; a cached page's nonce is replaced by its scripts' hashes in the front server.
  const security = pageSecurityHeaders(stripStorePrefix(pathname), {
    shopUrl: shopUrl(),
    dev: process.env.NODE_ENV === 'development',
    tagManager: tagManagerId() !== null,
    reporting: reportingOrigin(currentErrorReporting()),
  });
  const withPolicy = (response: NextResponse) => {
    for (const [name, value] of Object.entries(security.headers)) response.headers.set(name, value);
    // The front server logs and counts the request under this pattern, and drops the header.
    response.headers.set(ROUTE_LABEL_HEADER, routeLabel(target));
    return response;
  };
  if (target.type === 'redirect') {
    return withPolicy(NextResponse.redirect(new URL(target.location, request.nextUrl), target.status));
  }
  const headers = new Headers(request.headers);
  headers.set('content-security-policy', security.headers['content-security-policy']!);
  if (target.status === undefined && target.pathname === pathname) return withPolicy(NextResponse.next({ request: { headers } }));
  const url = request.nextUrl.clone();
  url.pathname = target.pathname;
  return withPolicy(NextResponse.rewrite(url, { ...(target.status === undefined ? {} : { status: target.status }), request: { headers } }));
}

export const config = {
  matcher: [
    /*
     * Everything except: Next internals,
     * product images, fonts, favicon/robots/sitemap files, the web app manifest, and any other
     * path ending in a file extension — except `.html`, which shop URLs use (/pwa.html, /sitemap.html).
     */
    '/api/:path*',
    '/img/:path*',
    '/sitemap.xml',
    '/((?!api(?:/|$)|internal/|_next/|media/|fonts/|favicon\\.ico$|robots\\.txt$|manifest\\.webmanifest$|sitemap[^/]*\\.xml$)(?!.*\\.(?!html$)[A-Za-z][A-Za-z0-9]{1,4}$).*)',
  ],
};
