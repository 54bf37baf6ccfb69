import { NextResponse } from 'next/server';
import type { NextRequest } from 'next/server';
import { proxyTarget } from '@/lib/routing.ts';
import { apiInternalUrl } from '@/lib/api/client.ts';

/**
 * Next 16 proxy (formerly middleware): serves public shop URLs from the internal store segment
 * `app/[store]/…` with a rewrite, so the address bar keeps `/c/…`, `/p/…`. A URL that matches
 * no shop route is rewritten to the not-found page with status 404 (see lib/routing.ts). Also
 * the place where real 301 redirects and the URL dispatcher will live (frontend-stack.md §0).
 */
export function proxy(request: NextRequest) {
  // The commerce API runs in its own process; the browser sees one origin. Forwarded here, at
  // request time, because next.config rewrites would freeze the API address at build time.
  if (request.nextUrl.pathname.startsWith('/api/')) {
    return NextResponse.rewrite(new URL(request.nextUrl.pathname + request.nextUrl.search, apiInternalUrl()));
  }
  const target = proxyTarget(request.nextUrl.pathname);
  if (target.status === undefined && target.pathname === request.nextUrl.pathname) return NextResponse.next();
  const url = request.nextUrl.clone();
  url.pathname = target.pathname;
  return NextResponse.rewrite(url, target.status === undefined ? undefined : { status: target.status });
}

export const config = {
  matcher: [
    /*
     * Everything except: Next internals,
     * product images, fonts, favicon/robots/sitemap files, and any other path ending in a file
     * extension — except `.html`, which shop URLs use (/pwa.html, /sitemap.html).
     */
    '/api/:path*',
    '/((?!api(?:/|$)|_next/|media/|fonts/|favicon\\.ico$|robots\\.txt$|sitemap[^/]*\\.xml$)(?!.*\\.(?!html$)[A-Za-z][A-Za-z0-9]{1,4}$).*)',
  ],
};
