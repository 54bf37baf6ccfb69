import { absoluteUrl } from '@/lib/shop-url.ts';

/*
 * robots.txt: everything may be crawled but the back office (/admin, also noindex by its headers); points to the XML sitemap at the configured SHOP_URL.
 * Built per request (it costs nothing and SHOP_URL is read at run time, not at build);
 * browsers and CDNs may keep it for a day.
 */
// Without this Next prerenders the handler at build time, freezing SHOP_URL into the file.
export const dynamic = 'force-dynamic';

export function GET() {
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/admin', '', `Sitemap: ${absoluteUrl('/sitemap.xml')}`, ''].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=86400' },
  });
}
