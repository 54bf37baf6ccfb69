/**
 * XML sitemaps (sitemaps.org protocol). Pure: escaping, one `urlset`, a `sitemapindex`, and how
 * the URLs are split into files of at most 50,000 (the protocol's limit).
 */

/** The protocol's limit of URLs in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  /** W3C date (YYYY-MM-DD or full ISO); left out when unknown. */
  lastmod?: string;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/**
 * A catalogue date ('2025-03-01 09:00:00', UTC as VSF writes it, or ISO) as a W3C date
 * (YYYY-MM-DD), or undefined when it cannot be read.
 */
export function w3cDate(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}

export function urlsetXml(entries: Iterable<SitemapEntry>): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  for (const { loc, lastmod } of entries) {
    lines.push(`<url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${xmlEscape(lastmod)}</lastmod>` : ''}</url>`);
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}

export function sitemapIndexXml(locs: Iterable<string>): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  for (const loc of locs) lines.push(`<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>`);
  lines.push('</sitemapindex>', '');
  return lines.join('\n');
}

/** Number of sitemap files for `total` URLs (at least one). */
export function sitemapFileCount(total: number, perFile: number = SITEMAP_MAX_URLS): number {
  return Math.max(1, Math.ceil(total / perFile));
}

/** The 0-based range of URLs in sitemap file `n` (1-based). */
export function sitemapFileRange(n: number, perFile: number = SITEMAP_MAX_URLS): { start: number; end: number } {
  return { start: (n - 1) * perFile, end: n * perFile };
}

/**
 * Where a slice [start, end) of the whole URL list falls in its parts (fixed URLs first, then
 * products): how many fixed entries to take from where, and the product offset and count.
 */
export function sliceParts(
  fixedCount: number,
  productCount: number,
  start: number,
  end: number,
): { fixed: { start: number; end: number }; products: { start: number; count: number } } {
  const fixedStart = Math.min(start, fixedCount);
  const fixedEnd = Math.min(end, fixedCount);
  const productStart = Math.max(0, start - fixedCount);
  const productEnd = Math.min(productCount, Math.max(0, end - fixedCount));
  return {
    fixed: { start: fixedStart, end: fixedEnd },
    products: { start: productStart, count: Math.max(0, productEnd - productStart) },
  };
}
