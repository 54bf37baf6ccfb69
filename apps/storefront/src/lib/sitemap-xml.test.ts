import { describe, expect, it } from 'vitest';
import { sitemapFileCount, sitemapFileRange, sitemapIndexXml, sliceParts, urlsetXml, w3cDate, xmlEscape } from './sitemap-xml.ts';

describe('sitemap XML', () => {
  it('escapes XML text', () => {
    expect(xmlEscape(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
  });

  it('writes a urlset with optional lastmod', () => {
    expect(urlsetXml([{ loc: 'https://x.example/c/a?x=1&y=2', lastmod: '2025-03-01' }, { loc: 'https://x.example/' }])).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '<url><loc>https://x.example/c/a?x=1&amp;y=2</loc><lastmod>2025-03-01</lastmod></url>',
        '<url><loc>https://x.example/</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('writes a sitemap index', () => {
    expect(sitemapIndexXml(['https://x.example/sitemaps/1.xml'])).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<sitemap><loc>https://x.example/sitemaps/1.xml</loc></sitemap>',
    );
  });

  it('reads catalogue dates as W3C dates', () => {
    expect(w3cDate('2025-03-01 09:00:00')).toBe('2025-03-01');
    expect(w3cDate('2025-03-01T23:30:00+00:00')).toBe('2025-03-01');
    expect(w3cDate('garbage')).toBeUndefined();
    expect(w3cDate(undefined)).toBeUndefined();
  });
});

describe('splitting into files of 50,000', () => {
  it('counts files', () => {
    expect(sitemapFileCount(0)).toBe(1);
    expect(sitemapFileCount(50_000)).toBe(1);
    expect(sitemapFileCount(50_001)).toBe(2);
  });

  it('slices fixed URLs then products', () => {
    expect(sitemapFileRange(2)).toEqual({ start: 50_000, end: 100_000 });
    expect(sliceParts(100, 120_000, 0, 50_000)).toEqual({ fixed: { start: 0, end: 100 }, products: { start: 0, count: 49_900 } });
    expect(sliceParts(100, 120_000, 50_000, 100_000)).toEqual({ fixed: { start: 100, end: 100 }, products: { start: 49_900, count: 50_000 } });
    expect(sliceParts(100, 120_000, 100_000, 150_000)).toEqual({ fixed: { start: 100, end: 100 }, products: { start: 99_900, count: 20_100 } });
    expect(sliceParts(100, 10, 0, 50_000)).toEqual({ fixed: { start: 0, end: 100 }, products: { start: 0, count: 10 } });
  });
});
