import { NextResponse } from 'next/server';
import type { NextRequest } from 'next/server';
import { internalStorePath } from '@/lib/store.ts';

/**
 * Next 16 proxy (formerly middleware): serves public shop URLs from the internal store segment
 * `app/[store]/…` with a rewrite, so the address bar keeps `/c/…`, `/p/…`. Also the one place
 * where real 301 redirects will live (frontend-stack.md §0).
 */
export function proxy(request: NextRequest) {
  const target = internalStorePath(request.nextUrl.pathname);
  if (target === null) return NextResponse.next();
  const url = request.nextUrl.clone();
  url.pathname = target;
  return NextResponse.rewrite(url);
}

export const config = {
  matcher: [
    /*
     * Everything except: the API (rewritten to the commerce API by next.config), Next internals,
     * product images, fonts, favicon/robots/sitemap files, and any other path ending in a file
     * extension — except `.html`, which shop URLs use (/pwa.html, /sitemap.html).
     */
    '/((?!api(?:/|$)|_next/|media/|fonts/|favicon\\.ico$|robots\\.txt$|sitemap[^/]*\\.xml$)(?!.*\\.(?!html$)[A-Za-z][A-Za-z0-9]{1,4}$).*)',
  ],
};
