import { categoryUrl, cmsPageUrl, productSlug, productUrl } from '@shop/domain';
import { countSitemapProducts, sitemapCategoryList, sitemapCmsPages, sitemapProducts } from '@/lib/api/sitemap.ts';
import {
  SITEMAP_MAX_URLS,
  sitemapFileCount,
  sitemapFileRange,
  sitemapIndexXml,
  sliceParts,
  urlsetXml,
  w3cDate,
  type SitemapEntry,
} from '@/lib/sitemap-xml.ts';
import { absoluteUrl, shopUrl } from '@/lib/shop-url.ts';
import { storeHref } from '@/lib/store.ts';

/*
 * XML sitemaps. /sitemap.xml (rewritten here by proxy.ts as /sitemaps/sitemap.xml) lists the
 * home page, active categories (not id 2), active CMS pages and listable products; past 50,000
 * URLs it becomes a sitemap index of /sitemaps/1.xml, /sitemaps/2.xml, … Each file is rendered on
 * first request and cached like a page (ISR, a day, tags product/sitemap/category/cms from its reads);
 * nothing is built at `next build`, which needs no API.
 */
export const revalidate = 86400;

export function generateStaticParams(): { file: string }[] {
  return [];
}

const XML_HEADERS = { 'content-type': 'application/xml; charset=utf-8' };

async function fixedEntries(base: string): Promise<SitemapEntry[]> {
  const [categories, cmsPages] = await Promise.all([sitemapCategoryList(), sitemapCmsPages()]);
  return [
    { loc: absoluteUrl(storeHref('/'), base) },
    ...categories.map((c) => ({ loc: absoluteUrl(storeHref(categoryUrl(c.slug || c.url_key || String(c.id))), base) })),
    ...cmsPages.map((p) => ({ loc: absoluteUrl(storeHref(cmsPageUrl(p.identifier)), base), lastmod: w3cDate(p.update_time ?? p.updated_at) })),
  ];
}

async function fileEntries(base: string, fixed: SitemapEntry[], productTotal: number, n: number): Promise<SitemapEntry[]> {
  const { start, end } = sitemapFileRange(n);
  const parts = sliceParts(fixed.length, productTotal, start, end);
  const products = parts.products.count > 0 ? await sitemapProducts(parts.products.start, parts.products.count) : [];
  return [
    ...fixed.slice(parts.fixed.start, parts.fixed.end),
    ...products.map((p) => ({
      loc: absoluteUrl(storeHref(productUrl({ parentSku: p.sku, slug: productSlug(p) })), base),
      lastmod: w3cDate(p.updated_at),
    })),
  ];
}

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const numbered = /^([1-9]\d{0,4})\.xml$/.exec(file);
  if (file !== 'sitemap.xml' && !numbered) return new Response('Not found', { status: 404 });

  const base = shopUrl();
  const [fixed, productTotal] = await Promise.all([fixedEntries(base), countSitemapProducts()]);
  const files = sitemapFileCount(fixed.length + productTotal, SITEMAP_MAX_URLS);

  if (file === 'sitemap.xml') {
    if (files > 1) {
      const locs = Array.from({ length: files }, (_, i) => absoluteUrl(`/sitemaps/${i + 1}.xml`, base));
      return new Response(sitemapIndexXml(locs), { headers: XML_HEADERS });
    }
    return new Response(urlsetXml(await fileEntries(base, fixed, productTotal, 1)), { headers: XML_HEADERS });
  }

  const n = Number(numbered?.[1]);
  if (n > files) return new Response('Not found', { status: 404 });
  return new Response(urlsetXml(await fileEntries(base, fixed, productTotal, n)), { headers: XML_HEADERS });
}
