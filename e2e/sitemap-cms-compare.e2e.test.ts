import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const publicUrl = inject('publicUrl');
let page: Page;

useBrowser(baseUrl, (_browser, p) => {
  page = p;
});

async function catalog(body: Record<string, unknown>): Promise<{ items: any[]; total: number }> {
  const response = await fetch(`${baseUrl}/api/catalog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as any).result;
}

/** Active categories the sitemap lists (all but id 2). */
async function sitemapCategoryCount(): Promise<number> {
  const { items } = await catalog({ entityType: 'category', filters: { is_active: { eq: true } }, size: 4000, includeFields: ['id'] });
  return items.filter((c) => c.id !== 2).length;
}

describe('sitemap page', () => {
  it('lists 50 active categories a page and pages with ?p=', async () => {
    const categories = await sitemapCategoryCount();
    expect(categories).toBeGreaterThan(50);

    const response = await page.goto('/sitemap');
    expect(response?.status()).toBe(200);
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe('Mappa del sito');
    const list = page.locator('main ul').filter({ has: page.locator('a[href^="/c/"]') }).last();
    expect(await list.locator('a[href^="/c/"]').count()).toBe(50);
    expect(await page.locator('main a[href="/c/default-category"]').count()).toBe(0);
    expect(await page.locator('main a[href="/c/coltelli"]').count()).toBe(1);

    const nav = page.getByRole('navigation', { name: 'Pagine della mappa del sito' });
    expect(await nav.locator('[aria-current="page"]').textContent()).toContain('1');
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await nav.locator('a[rel="next"]').click();
    await page.waitForURL(/\/sitemap\?p=2$/);
    await expect.poll(() => list.locator('a[href^="/c/"]').count()).toBe(categories - 50);
    expect(await nav.locator('[aria-current="page"]').textContent()).toContain('2');
    await expect.poll(() => page.evaluate('window.scrollY')).toBe(0);
    expect(await nav.locator('a[rel="prev"]').getAttribute('href')).toBe('/sitemap');
  });

  it('answers the /sitemap.html alias with the same pages', async () => {
    const response = await page.goto('/sitemap.html?p=2');
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('navigation', { name: 'Pagine della mappa del sito' }).locator('[aria-current="page"]').textContent()).toContain('2');
  });
});

describe('XML sitemap and robots.txt', () => {
  it('lists home, categories, CMS pages and listable products with absolute URLs', async () => {
    const response = await fetch(`${baseUrl}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/xml');
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs[0]).toBe(`${publicUrl}/`);
    expect(locs).toContain(`${publicUrl}/c/coltelli`);
    expect(locs).toContain(`${publicUrl}/i/chi-siamo`);
    expect(locs.some((l) => l.endsWith('/c/default-category'))).toBe(false);

    const products = await catalog({ entityType: 'product', filters: { visibility: { in: [2, 3, 4] }, status: { in: [0, 1] } }, size: 0 });
    const cms = await catalog({ entityType: 'cms_page', filters: { active: { eq: true } }, size: 500, includeFields: ['identifier'] });
    expect(locs.length).toBe(1 + (await sitemapCategoryCount()) + cms.items.length + products.total);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.filter((l) => l.includes('/p/')).every((l) => l.startsWith(`${publicUrl}/p/`) && /\/p\/[^/]+\/[^/]+$/.test(l))).toBe(true);
  });

  it('follows product changes at once: a disabled product leaves it, a new URL key and a new product enter it', async () => {
    const token = readFileSync(join(inject('dataDir'), 'admin-token'), 'utf8').trim();
    const importProducts = async (docs: Record<string, unknown>[]) => {
      const res = await fetch(`${baseUrl}/api/admin/catalog/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ entity: 'product', docs }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    // Outside every category, so that no category page or count of other files changes.
    const product = (id: number, sku: string, urlKey: string, status = 1) => ({
      id, sku, name: `Prodotto ${sku}`, type_id: 'simple', status, visibility: 4, price: 10, tax_class_id: '2',
      category_ids: [], url_key: urlKey, slug: urlKey, stock: { qty: 5, is_in_stock: true },
    });
    const productLocs = async () => [...(await (await fetch(`${baseUrl}/sitemap.xml`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!).filter((l) => l.includes('/p/'));

    await importProducts([product(990_001, 'SMT-A', 'smt-a'), product(990_002, 'SMT-B', 'smt-b')]);
    const before = await productLocs();
    expect(before).toEqual(expect.arrayContaining([`${publicUrl}/p/SMT-A/smt-a`, `${publicUrl}/p/SMT-B/smt-b`]));
    expect(await productLocs()).toEqual(before);

    await importProducts([product(990_001, 'SMT-A', 'smt-a', 2), product(990_002, 'SMT-B', 'smt-b-nuovo'), product(990_003, 'SMT-C', 'smt-c')]);
    const after = await productLocs();
    expect(after).not.toContain(`${publicUrl}/p/SMT-A/smt-a`);
    expect(after).not.toContain(`${publicUrl}/p/SMT-B/smt-b`);
    expect(after).toEqual(expect.arrayContaining([`${publicUrl}/p/SMT-B/smt-b-nuovo`, `${publicUrl}/p/SMT-C/smt-c`]));
    expect(after.length).toBe(before.length);
  });

  it('serves robots.txt allowing everything and naming the sitemap', async () => {
    const response = await fetch(`${baseUrl}/robots.txt`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('User-agent: *\nAllow: /');
    expect(text).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
  });
});

describe('CMS page', () => {
  it('renders an active CMS page with its title and content', async () => {
    const response = await page.goto('/i/chi-siamo');
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe('Chi siamo | Bottega Pro');
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe('Attrezzature professionali per chi lavora con il cibo');
    expect(await page.getByRole('heading', { level: 2, name: 'Cosa offriamo' }).count()).toBe(1);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('attrezzature professionali');
  });

  it('answers 404 for an unknown CMS page', async () => {
    const response = await page.goto('/i/pagina-che-non-esiste');
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Pagina non trovata');
  });
});

describe('compare', () => {
  const headerCount = () => page.locator('header a[href="/compare"]').textContent();

  it('adds products from tiles, compares them side by side and removes them', async () => {
    await page.goto('/compare');
    await page.evaluate('localStorage.clear()');
    await page.reload();
    await expect.poll(() => page.locator('main').textContent()).toContain('Non hai ancora aggiunto prodotti al confronto.');

    await page.goto('/c/coltelli');
    const tiles = page.locator('main article');
    const names = [(await tiles.nth(0).locator('h3').textContent())!.trim(), (await tiles.nth(1).locator('h3').textContent())!.trim()];
    for (const i of [0, 1]) {
      const toggle = tiles.nth(i).getByRole('button', { name: /^Confronta/ });
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    }
    await expect.poll(headerCount).toContain('2');

    await page.locator('header a[href="/compare"]').click();
    await page.waitForURL('**/compare');
    const table = page.getByRole('table', { name: 'Confronto tra 2 prodotti' });
    await expect.poll(() => table.count()).toBe(1);
    const columns = table.locator('thead th[scope="col"]');
    expect(await columns.count()).toBe(2);
    expect((await columns.allTextContents()).map((t) => t)).toEqual([expect.stringContaining(names[0]!), expect.stringContaining(names[1]!)]);
    const rows = (await table.locator('tbody th[scope="row"]').allTextContents()).map((s) => s.trim());
    expect(rows).toContain('Codice articolo');
    expect(rows).toContain('Marca');
    expect(await table.locator('thead').textContent()).toContain('IVA esclusa');

    await table.getByRole('button', { name: `Rimuovi ${names[0]}` }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Confronto tra 1 prodotto' }).count()).toBe(1);
    await expect.poll(headerCount).toContain('1');
    await page.getByRole('button', { name: `Rimuovi ${names[1]}` }).click();
    await expect.poll(() => page.locator('main').textContent()).toContain('Non hai ancora aggiunto prodotti al confronto.');
  });

  it('keeps at most four products', async () => {
    await page.goto('/c/guanti');
    await page.evaluate('localStorage.clear()');
    await page.reload();
    const toggles = page.locator('main article').getByRole('button', { name: /^Confronta/ });
    for (let i = 0; i < 4; i++) {
      await toggles.nth(i).click();
      await expect.poll(() => toggles.nth(i).getAttribute('aria-pressed')).toBe('true');
    }
    const fifth = toggles.nth(4);
    expect(await fifth.getAttribute('aria-disabled')).toBe('true');
    // aria-disabled keeps the button focusable and clickable (Playwright treats it as disabled).
    await fifth.click({ force: true });
    await expect.poll(() => page.locator('main article').nth(4).textContent()).toContain('Puoi confrontare al massimo 4 prodotti.');
    expect(await fifth.getAttribute('aria-pressed')).toBe('false');
    // Screen readers hear it from the list's one status region, again at a second try.
    const listStatus = page.locator('main article').nth(4).locator('xpath=ancestor::ul[1]/..').getByRole('status');
    expect((await listStatus.textContent())?.trim()).toBe('Puoi confrontare al massimo 4 prodotti.');
    const said = await listStatus.textContent();
    await fifth.click({ force: true });
    await expect.poll(() => listStatus.textContent()).not.toBe(said);
    expect((await listStatus.textContent())?.trim()).toBe('Puoi confrontare al massimo 4 prodotti.');

    // On a fifth product's page the refusal is written under its toggles.
    await page.locator('main article').nth(4).locator('a.tile__link').click();
    await page.waitForURL('**/p/**');
    const pageToggle = page.locator('main').getByRole('button', { name: /^Confronta/ }).first();
    await pageToggle.click({ force: true });
    const shown = page.getByRole('status').filter({ hasText: 'Puoi confrontare al massimo 4 prodotti.' });
    await shown.waitFor();
    expect(await shown.isVisible()).toBe(true);
    expect(await pageToggle.getAttribute('aria-pressed')).toBe('false');
    expect(JSON.parse((await page.evaluate<string | null>("localStorage.getItem('bottega-pro:compare')")) ?? '[]')).toHaveLength(4);
    await page.evaluate('localStorage.clear()');
  });
});
