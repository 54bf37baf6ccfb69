import { describe, expect, it, vi } from 'vitest';
import {
  categoryTarget,
  dispatch,
  mappingPath,
  sitemapTarget,
  type DispatchLookups,
  type DispatchProduct,
  type UrlMapping,
} from './dispatch.ts';

const product = (p: Partial<DispatchProduct> & { sku: string }): DispatchProduct => ({
  id: 1,
  name: p.sku,
  status: 1,
  visibility: 4,
  type_id: 'simple',
  ...p,
});

const PRODUCTS: DispatchProduct[] = [
  product({ id: 10, sku: 'COL-1', slug: 'coltello-da-disosso', name: 'Coltello da disosso' }),
  product({ id: 11, sku: 'OFF-1', slug: 'spento', status: 2 }),
  product({
    id: 20,
    sku: 'GUA-1',
    slug: 'guanti-nitrile',
    type_id: 'configurable',
    configurable_children: [{ sku: 'GUA-1-M', status: 1 }, { sku: 'GUA-1-L', status: 2 }],
  }),
  product({ id: 21, sku: 'GUA-1-M', slug: 'guanti-nitrile-m', visibility: 1, parent_sku: 'GUA-1' }),
  product({ id: 30, sku: 'STI-1', slug: 'stivale', type_id: 'configurable' }),
  product({ id: 31, sku: 'STI-1-42', slug: 'stivale-42', visibility: 1, parent_sku: 'STI-1' }),
  product({ id: 40, sku: 'ORF-1', slug: 'orfano', visibility: 1 }),
  product({ id: 50, sku: 'NOSLUG-1', name: 'Tavolo Inox', slug: '', url_key: '' }),
];

const MAPPINGS: Record<string, UrlMapping> = {
  'coltelli/coltelli-da-disosso': { _type: 'category', _source: { id: 5, slug: 'coltelli-da-disosso', is_active: true } },
  'coltelli/coltelli-da-disosso/coltello-da-disosso': { _type: 'product', _source: PRODUCTS[0]! },
  'guanti/guanti-nitrile-m': { _type: 'product', _source: PRODUCTS[3]! },
  'chi-siamo': { _type: 'cms_page', _source: { identifier: 'chi-siamo', active: true } },
  'vecchia-categoria': { _type: 'category', _source: { id: 6, slug: 'vecchia', is_active: false } },
  // The seller changed this product's URL key (ADR 0032): the API names where it is now.
  'coltelli/coltelli-da-disosso/vecchio-coltello': { _type: 'redirect', _source: { url_path: 'coltelli/coltelli-da-disosso/coltello-da-disosso' } },
  'coltelli/perché-così': { _type: 'redirect', _source: { url_path: 'coltelli/perché sì' } },
};

function fakeLookups(overrides: Partial<DispatchLookups> = {}): DispatchLookups {
  return {
    productBySku: vi.fn(async (sku: string) => PRODUCTS.find((p) => p.sku === sku) ?? null),
    parentOfChild: vi.fn(async (sku: string) => PRODUCTS.find((p) => p.configurable_children?.some((c) => c.sku === sku)) ?? null),
    categoryBySlug: vi.fn(async (slug: string) => (['coltelli', 'coltelli-da-disosso'].includes(slug) ? { id: 4, slug } : null)),
    cmsPage: vi.fn(async (identifier: string) => (identifier === 'chi-siamo' ? { identifier } : null)),
    mapUrl: vi.fn(async (url: string) => MAPPINGS[url] ?? null),
    ...overrides,
  };
}

function run(url: string, lookups = fakeLookups(), appendStoreCode = false) {
  const log = { warn: vi.fn(), info: vi.fn() };
  const parsed = new URL(url, 'http://shop.test');
  return { result: dispatch(parsed.pathname, parsed.searchParams, lookups, log, { appendStoreCode }), log, lookups };
}

const NOT_FOUND = { type: 'rewrite', pathname: '/it/page-not-found', status: 404 };

describe('dispatch: categories', () => {
  it('serves a known category from the cached bare page', async () => {
    expect(await run('/c/coltelli').result).toEqual({ type: 'rewrite', pathname: '/it/c/coltelli' });
    expect(await run('/c/coltelli?utm_source=news').result).toEqual({ type: 'rewrite', pathname: '/it/c/coltelli' });
  });

  it('serves filtered, sorted or paged views from the dynamic view', async () => {
    for (const query of ['?colore=20101', '?sort=price:asc', '?p=2']) {
      expect(await run(`/c/coltelli${query}`).result).toEqual({ type: 'rewrite', pathname: '/it/c/coltelli/filtered' });
    }
  });

  it('answers 404 for an unknown category and logs the §8 text', async () => {
    const { result, log } = run('/c/nessuna');
    expect(await result).toEqual(NOT_FOUND);
    expect(log.warn).toHaveBeenCalledWith('Category query returned empty result slug = nessuna', '/c/nessuna');
  });
});

describe('dispatch: products', () => {
  it('serves an enabled product under its slug', async () => {
    expect(await run('/p/COL-1/coltello-da-disosso').result).toEqual({ type: 'rewrite', pathname: '/it/p/COL-1/coltello-da-disosso' });
    expect(await run('/p/GUA-1/guanti-nitrile/GUA-1-M').result).toEqual({
      type: 'rewrite',
      pathname: '/it/p/GUA-1/guanti-nitrile/GUA-1-M',
    });
  });

  it('redirects a stale slug to the canonical URL with 301, keeping the query and the store prefix', async () => {
    expect(await run('/p/COL-1/vecchio-nome?x=1').result).toEqual({
      type: 'redirect',
      location: '/p/COL-1/coltello-da-disosso?x=1',
      status: 301,
    });
    expect(await run('/it/p/GUA-1/vecchio/GUA-1-M', fakeLookups(), true).result).toEqual({
      type: 'redirect',
      location: '/it/p/GUA-1/guanti-nitrile/GUA-1-M',
      status: 301,
    });
  });

  it('uses slugify(name)-id when a product has neither slug nor url_key', async () => {
    expect(await run('/p/NOSLUG-1/x').result).toEqual({ type: 'redirect', location: '/p/NOSLUG-1/tavolo-inox-50', status: 301 });
  });

  it('answers 404 for an unknown or disabled product and logs the status', async () => {
    expect(await run('/p/NESSUNO/x').result).toEqual(NOT_FOUND);
    const { result, log } = run('/p/OFF-1/spento');
    expect(await result).toEqual(NOT_FOUND);
    expect(log.warn).toHaveBeenCalledWith('Product query returned empty result product status = 2', '/p/OFF-1/spento');
  });

  it('answers 404 for an unknown or disabled child', async () => {
    expect(await run('/p/GUA-1/guanti-nitrile/GUA-1-XL').result).toEqual(NOT_FOUND);
    expect(await run('/p/GUA-1/guanti-nitrile/GUA-1-L').result).toEqual(NOT_FOUND);
    expect(await run('/p/COL-1/coltello-da-disosso/COL-1-X').result).toEqual(NOT_FOUND);
  });

  it('redirects a child not visible individually to its configurable parent (301)', async () => {
    expect(await run('/p/GUA-1-M/guanti-nitrile-m').result).toEqual({
      type: 'redirect',
      location: '/p/GUA-1/guanti-nitrile/GUA-1-M',
      status: 301,
    });
  });

  it('falls back to the first parent_sku when no configurable lists the child', async () => {
    const { result, lookups } = run('/p/STI-1-42/stivale-42');
    expect(await result).toEqual({ type: 'redirect', location: '/p/STI-1/stivale/STI-1-42', status: 301 });
    expect(lookups.parentOfChild).toHaveBeenCalledWith('STI-1-42');
    expect(lookups.productBySku).toHaveBeenCalledWith('STI-1');
  });

  it('answers 404 for a product not visible individually without a parent', async () => {
    const { result, log } = run('/p/ORF-1/orfano');
    expect(await result).toEqual(NOT_FOUND);
    expect(log.warn).toHaveBeenCalledWith('Product query returned empty result product visibility = 1', '/p/ORF-1/orfano');
  });

  it('answers 404 for undecodable segments without asking the API', async () => {
    const { result, lookups } = run('/p/%E0%A4%A/x');
    expect(await result).toEqual(NOT_FOUND);
    expect(lookups.productBySku).not.toHaveBeenCalled();
  });
});

describe('dispatch: CMS pages, sitemap and fixed pages', () => {
  it('serves active CMS pages and 404s others', async () => {
    expect(await run('/i/chi-siamo').result).toEqual({ type: 'rewrite', pathname: '/it/i/chi-siamo' });
    const { result, log } = run('/i/segreta');
    expect(await result).toEqual(NOT_FOUND);
    expect(log.warn).toHaveBeenCalledWith('CMS query returned empty result', '/i/segreta');
  });

  it('serves sitemap pages from ?p=', async () => {
    expect(await run('/sitemap').result).toEqual({ type: 'rewrite', pathname: '/it/sitemap/1' });
    expect(await run('/sitemap.html?p=3').result).toEqual({ type: 'rewrite', pathname: '/it/sitemap/3' });
    expect(await run('/sitemap?p=abc').result).toEqual({ type: 'rewrite', pathname: '/it/sitemap/1' });
    expect(await run('/sitemap?p=5000').result).toEqual(NOT_FOUND);
  });

  it('leaves home, static pages, compare and search to their routes without lookups', async () => {
    const lookups = fakeLookups();
    expect(await run('/', lookups).result).toEqual({ type: 'rewrite', pathname: '/it' });
    expect(await run('/pwa.html', lookups).result).toEqual({ type: 'rewrite', pathname: '/it' });
    expect(await run('/legal', lookups).result).toEqual({ type: 'rewrite', pathname: '/it/legal' });
    expect(await run('/compare', lookups).result).toEqual({ type: 'rewrite', pathname: '/it/compare' });
    expect(await run('/search?q=coltello&p=2', lookups).result).toEqual({ type: 'rewrite', pathname: '/it/search' });
    expect(lookups.mapUrl).not.toHaveBeenCalled();
  });
});

describe('dispatch: URL mapping of unknown paths', () => {
  it('serves a category found by url_path', async () => {
    const { result, lookups } = run('/coltelli/coltelli-da-disosso?colore=1');
    expect(await result).toEqual({ type: 'rewrite', pathname: '/it/c/coltelli-da-disosso/filtered' });
    expect(lookups.mapUrl).toHaveBeenCalledWith('coltelli/coltelli-da-disosso');
  });

  it('serves a product found by url_path from its product route', async () => {
    expect(await run('/coltelli/coltelli-da-disosso/coltello-da-disosso').result).toEqual({
      type: 'rewrite',
      pathname: '/it/p/COL-1/coltello-da-disosso',
    });
  });

  it('redirects a mapped child not visible individually to its parent', async () => {
    expect(await run('/guanti/guanti-nitrile-m').result).toEqual({
      type: 'redirect',
      location: '/p/GUA-1/guanti-nitrile/GUA-1-M',
      status: 301,
    });
  });

  it('redirects an old product path (URL key changed) with 301 to the current one, keeping the query', async () => {
    expect(await run('/coltelli/coltelli-da-disosso/vecchio-coltello?utm_source=news').result).toEqual({
      type: 'redirect',
      location: '/coltelli/coltelli-da-disosso/coltello-da-disosso?utm_source=news',
      status: 301,
    });
    // Each segment percent-encoded, slashes kept; with store codes in URLs the prefix too.
    expect(await run('/coltelli/perch%C3%A9-cos%C3%AC').result).toMatchObject({ type: 'redirect', location: '/coltelli/perch%C3%A9%20s%C3%AC' });
    expect(await run('/it/coltelli/coltelli-da-disosso/vecchio-coltello', fakeLookups(), true).result).toEqual({
      type: 'redirect',
      location: '/it/coltelli/coltelli-da-disosso/coltello-da-disosso',
      status: 301,
    });
  });

  it('serves a CMS page found by identifier', async () => {
    expect(await run('/chi-siamo').result).toEqual({ type: 'rewrite', pathname: '/it/i/chi-siamo' });
  });

  it('answers 404 when nothing maps, logging "No mapping found"', async () => {
    const { result, log } = run('/niente/qui');
    expect(await result).toEqual(NOT_FOUND);
    expect(log.info).toHaveBeenCalledWith('No mapping found', '/niente/qui');
    expect(await run('/vecchia-categoria').result).toEqual(NOT_FOUND);
  });

  it('keeps other store codes unmapped', async () => {
    const { result, lookups } = run('/de/c/messer');
    expect(await result).toEqual(NOT_FOUND);
    expect(lookups.mapUrl).toHaveBeenCalledWith('de/c/messer');
    expect(await run('/it/page-not-found', fakeLookups(), true).result).toEqual(NOT_FOUND);
  });
});

describe('dispatch: API unreachable', () => {
  const down = () =>
    fakeLookups({
      productBySku: vi.fn(async () => Promise.reject(new Error('ECONNREFUSED'))),
      categoryBySlug: vi.fn(async () => Promise.reject(new Error('ECONNREFUSED'))),
      cmsPage: vi.fn(async () => Promise.reject(new Error('ECONNREFUSED'))),
      mapUrl: vi.fn(async () => Promise.reject(new Error('ECONNREFUSED'))),
    });

  it('lets known routes through for the page to handle', async () => {
    expect(await run('/p/COL-1/x', down()).result).toEqual({ type: 'rewrite', pathname: '/it/p/COL-1/x' });
    expect(await run('/c/coltelli?p=2', down()).result).toEqual({ type: 'rewrite', pathname: '/it/c/coltelli/filtered' });
    expect(await run('/i/chi-siamo', down()).result).toEqual({ type: 'rewrite', pathname: '/it/i/chi-siamo' });
  });

  it('keeps unknown URLs a 404', async () => {
    expect(await run('/niente/qui', down()).result).toEqual(NOT_FOUND);
  });
});

describe('helpers', () => {
  it('strips slashes for the URL mapping', () => {
    expect(mappingPath('/coltelli/x/')).toBe('coltelli/x');
  });

  it('picks the category target', () => {
    expect(categoryTarget('coltelli', new URLSearchParams())).toBe('/it/c/coltelli');
    expect(categoryTarget('coltelli', new URLSearchParams('sort=price:asc'))).toBe('/it/c/coltelli/filtered');
  });

  it('reads the sitemap page', () => {
    expect(sitemapTarget(new URLSearchParams('p=2'))).toBe('/it/sitemap/2');
    expect(sitemapTarget(new URLSearchParams('p=0'))).toBe('/it/sitemap/1');
  });
});

describe('dispatch: store-code prefix (appendStoreCode)', () => {
  it('redirects the prefixed form to the plain one when store codes are not appended', async () => {
    expect(await run('/it/c/coltelli?sort=price:asc').result).toEqual({ type: 'redirect', location: '/c/coltelli?sort=price%3Aasc', status: 301 });
    expect(await run('/it').result).toEqual({ type: 'redirect', location: '/', status: 301 });
  });

  it('serves the prefixed form and redirects the plain one when they are', async () => {
    expect(await run('/it/c/coltelli', fakeLookups(), true).result).toEqual({ type: 'rewrite', pathname: '/it/c/coltelli' });
    expect(await run('/it', fakeLookups(), true).result).toEqual({ type: 'rewrite', pathname: '/it' });
    expect(await run('/c/coltelli?p=2', fakeLookups(), true).result).toEqual({ type: 'redirect', location: '/it/c/coltelli?p=2', status: 301 });
    expect(await run('/', fakeLookups(), true).result).toEqual({ type: 'redirect', location: '/it', status: 301 });
  });

  it('keeps the prefix on product redirects and resolves mapped URLs under it', async () => {
    expect(await run('/it/p/GUA-1-M/guanti-nitrile-m', fakeLookups(), true).result).toEqual({
      type: 'redirect',
      location: '/it/p/GUA-1/guanti-nitrile/GUA-1-M',
      status: 301,
    });
    expect(await run('/it/chi-siamo', fakeLookups(), true).result).toEqual({ type: 'rewrite', pathname: '/it/i/chi-siamo' });
  });

  it('leaves other store codes unmapped', async () => {
    expect(await run('/de/c/coltelli', fakeLookups(), true).result).toEqual({ type: 'redirect', location: '/it/de/c/coltelli', status: 301 });
    expect(await run('/de/c/coltelli').result).toEqual(NOT_FOUND);
  });
});
