import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.ts';

/*
 * The URL dispatcher in proxy.ts: real HTTP status codes (301, 404) and URL-mapped paths,
 * checked over plain HTTP (no redirect following) and in the browser.
 */

const baseUrl = inject('baseUrl');
let page: Page;

useBrowser(baseUrl, (_browser, p) => {
  page = p;
});

const FIELDS = ['id', 'sku', 'name', 'slug', 'url_key', 'url_path', 'status', 'visibility', 'type_id', 'parent_sku'];

async function catalog(body: Record<string, unknown>): Promise<any[]> {
  const response = await fetch(`${baseUrl}/api/catalog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as any).result.items;
}

const slugOf = (p: { slug?: string; url_key?: string; name: string; id: number }) => p.slug || p.url_key || `${p.name}-${p.id}`;

/** GET without following redirects. */
function get(path: string): Promise<Response> {
  return fetch(`${baseUrl}${path}`, { redirect: 'manual' });
}

function locationPath(response: Response): string {
  const location = response.headers.get('location') ?? '';
  const url = new URL(location, baseUrl);
  return url.pathname + url.search;
}

describe('product URLs', () => {
  it('redirects a child not visible individually to its configurable parent with 301', async () => {
    const children = await catalog({
      entityType: 'product',
      filters: { visibility: { eq: 1 }, status: { eq: 1 } },
      size: 20,
      includeFields: FIELDS,
    });
    let checked = 0;
    for (const child of children) {
      const [parent] = await catalog({
        entityType: 'product',
        filters: { 'configurable_children.sku': { eq: child.sku }, status: { in: [0, 1] }, visibility: { in: [2, 3, 4] } },
        size: 1,
        includeFields: FIELDS,
      });
      if (!parent) continue;
      const response = await get(`/p/${encodeURIComponent(child.sku)}/${encodeURIComponent(slugOf(child))}`);
      expect(response.status).toBe(301);
      const expected = `/p/${encodeURIComponent(parent.sku)}/${encodeURIComponent(slugOf(parent))}/${encodeURIComponent(child.sku)}`;
      expect(locationPath(response)).toBe(expected);
      const target = await get(expected);
      expect(target.status).toBe(200);
      checked++;
      break;
    }
    expect(checked).toBe(1);
  });

  it('redirects a stale slug to the canonical URL with 301, keeping the query', async () => {
    const [product] = await catalog({
      entityType: 'product',
      filters: { visibility: { eq: 4 }, status: { eq: 1 }, type_id: { eq: 'simple' } },
      size: 1,
      includeFields: FIELDS,
    });
    const canonical = `/p/${encodeURIComponent(product.sku)}/${encodeURIComponent(slugOf(product))}`;
    const response = await get(`/p/${encodeURIComponent(product.sku)}/un-vecchio-nome?ref=newsletter`);
    expect(response.status).toBe(301);
    expect(locationPath(response)).toBe(`${canonical}?ref=newsletter`);
    expect((await get(canonical)).status).toBe(200);

    // In the browser the redirect lands on the product page.
    await page.goto(`/p/${encodeURIComponent(product.sku)}/un-vecchio-nome`);
    expect(new URL(page.url()).pathname).toBe(canonical);
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe(product.name);
  });

  it('answers 404 for an unknown product and for a disabled one', async () => {
    expect((await get('/p/NON-ESISTE-999/nulla')).status).toBe(404);
    const [disabled] = await catalog({
      entityType: 'product',
      filters: { status: { gte: 2 }, visibility: { in: [2, 3, 4] } },
      size: 1,
      includeFields: FIELDS,
    });
    expect(disabled).toBeDefined();
    const response = await page.goto(`/p/${encodeURIComponent(disabled.sku)}/${encodeURIComponent(slugOf(disabled))}`);
    expect(response?.status()).toBe(404);
    // The whole not-found page is in the server HTML (not an empty shell).
    expect(await response?.text()).toContain('Pagina non trovata');
  });

  it('answers 404 for an unknown child of a configurable product', async () => {
    const [parent] = await catalog({
      entityType: 'product',
      filters: { type_id: { eq: 'configurable' }, status: { eq: 1 }, visibility: { eq: 4 } },
      size: 1,
      includeFields: FIELDS,
    });
    expect((await get(`/p/${encodeURIComponent(parent.sku)}/${encodeURIComponent(slugOf(parent))}/NON-ESISTE`)).status).toBe(404);
  });
});

describe('category and other URLs', () => {
  it('answers 404 for an unknown or inactive category', async () => {
    expect((await get('/c/categoria-inesistente')).status).toBe(404);
    expect((await get('/c/offerte-black-friday')).status).toBe(404);
    expect((await get('/c/coltelli')).status).toBe(200);
  });

  it('redirects the /it prefix to the plain URL when store codes are not appended, and leaves /de unmapped', async () => {
    const prefixed = await get('/it/c/coltelli?sort=price:asc');
    expect(prefixed.status).toBe(301);
    expect(prefixed.headers.get('location')).toMatch(/^(https?:\/\/[^/]+)?\/c\/coltelli\?sort=price%3Aasc$/);
    expect((await get('/de/c/coltelli')).status).toBe(404);
  });

  it('does not expose internal routes', async () => {
    expect((await get('/c/coltelli/filtered')).status).toBe(404);
    expect((await get('/sitemap/2')).status).toBe(404);
    expect((await get('/page-not-found')).status).toBe(404);
  });

  it('answers 404 with the full not-found page for a path nothing maps', async () => {
    const response = await page.goto('/nessuna/pagina/qui');
    expect(response?.status()).toBe(404);
    expect(await response?.text()).toContain('Pagina non trovata');
  });
});

describe('URL mapping (url_path)', () => {
  it('serves a category at its url_path', async () => {
    const response = await page.goto('/coltelli/coltelli-da-disosso');
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/coltelli/coltelli-da-disosso');
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe('Coltelli da disosso');
    expect(await page.locator('main article').count()).toBeGreaterThan(0);
  });

  it('serves a product at its url_path', async () => {
    const [product] = await catalog({
      entityType: 'product',
      filters: { visibility: { eq: 4 }, status: { eq: 1 }, type_id: { eq: 'simple' } },
      size: 1,
      start: 3,
      includeFields: FIELDS,
    });
    const response = await page.goto(`/${product.url_path}`);
    expect(response?.status()).toBe(200);
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe(product.name);
  });

  it('serves a CMS page at its identifier', async () => {
    const response = await page.goto('/chi-siamo');
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 2, name: 'Cosa offriamo' }).count()).toBe(1);
  });
});
