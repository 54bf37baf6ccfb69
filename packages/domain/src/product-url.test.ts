import { describe, expect, it } from 'vitest';
import { categoryUrl, cmsPageUrl, productUrl } from './product-url.ts';

describe('productUrl', () => {
  it('builds the simple and configurable product routes', () => {
    expect(productUrl({ parentSku: 'COLT-01', slug: 'coltello-santoku-18-cm' })).toBe('/p/COLT-01/coltello-santoku-18-cm');
    expect(productUrl({ parentSku: 'COLT-01', slug: 'coltello', childSku: 'COLT-01-R-M' })).toBe(
      '/p/COLT-01/coltello/COLT-01-R-M',
    );
  });

  it('prefixes the store code when given', () => {
    expect(productUrl({ parentSku: 'A', slug: 'b', storeCode: 'it' })).toBe('/it/p/A/b');
    expect(productUrl({ parentSku: 'A', slug: 'b', storeCode: null, childSku: null })).toBe('/p/A/b');
  });

  it('encodes each part', () => {
    expect(productUrl({ parentSku: 'PE 500/60', slug: 'tagliere', childSku: 'x#1' })).toBe('/p/PE%20500%2F60/tagliere/x%231');
  });
});

describe('categoryUrl / cmsPageUrl', () => {
  it('builds /c and /i paths with an optional store prefix', () => {
    expect(categoryUrl('coltelli-21')).toBe('/c/coltelli-21');
    expect(categoryUrl('coltelli-21', 'it')).toBe('/it/c/coltelli-21');
    expect(cmsPageUrl('chi-siamo')).toBe('/i/chi-siamo');
    expect(cmsPageUrl('chi siamo', 'de')).toBe('/de/i/chi%20siamo');
  });
});
