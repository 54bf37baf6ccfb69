import { describe, expect, it } from 'vitest';
import type { ConfigurableChild, ProductDoc } from './catalog/types.ts';
import { categoryUrl, cmsPageUrl, productPageUrl, productUrl } from './product-url.ts';

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

describe('productPageUrl (the link lists, search and structured data use)', () => {
  const child = (sku: string, price: number, extra: Partial<ConfigurableChild> = {}) =>
    ({ sku, status: 1, price_incl_tax: price, stock: { is_in_stock: true, qty: 5 }, ...extra }) as ConfigurableChild;
  const configurable = (children: ConfigurableChild[]) =>
    ({ id: 7, sku: 'STI-7', name: 'Stivale', slug: 'stivale-7', type_id: 'configurable', configurable_children: children }) as ProductDoc;

  it('opens a configurable product on its cheapest available child', () => {
    const boots = configurable([child('STI-7-40', 50), child('STI-7-41', 45), child('STI-7-42', 40, { stock: { is_in_stock: false, qty: 0 } })]);
    expect(productPageUrl(boots)).toBe('/p/STI-7/stivale-7/STI-7-41');
    expect(productPageUrl(boots, 'it')).toBe('/it/p/STI-7/stivale-7/STI-7-41');
  });

  it('keeps the parent form when no child is available, and for other types', () => {
    expect(productPageUrl(configurable([child('STI-7-40', 50, { status: 2 })]))).toBe('/p/STI-7/stivale-7');
    expect(productPageUrl({ id: 1, sku: 'COLT-01', name: 'Coltello', url_key: 'coltello', type_id: 'simple' } as ProductDoc)).toBe('/p/COLT-01/coltello');
  });
});
