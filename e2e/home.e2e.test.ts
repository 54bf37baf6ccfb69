import type { Browser, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

useBrowser(baseUrl, (b, p) => {
  browser = b;
  page = p;
});

// "€1234,50": sign, then the amount with Italian separators and two decimals (catalogue.md §9).
const PRICE = /^€\d{1,3}(\.\d{3})*\d*,\d{2}$/;

describe('home page', () => {
  it('shows the four lists of real products with prices excluding and including VAT', async () => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('it');
    const sections: [string, number][] = [
      ["Novità per l'industria", 10],
      ['Horeca', 10],
      ['Nuovi arrivi', 8],
      ['Più venduti', 8],
    ];
    for (const [heading, count] of sections) {
      const section = page.locator('section', { has: page.getByRole('heading', { name: heading, exact: true }) });
      await expect.poll(() => section.locator('article').count()).toBe(count);
      const first = section.locator('article').first();
      expect(await first.getByRole('heading').textContent()).toMatch(/\S/);
      const text = (await first.textContent()) ?? '';
      expect(text).toContain('IVA esclusa');
      expect(text).toContain('IVA inclusa');
      const amounts = text.match(/€[\d.,]+/g) ?? [];
      expect(amounts.length).toBeGreaterThanOrEqual(2);
      for (const amount of amounts) expect(amount).toMatch(PRICE);
    }
  });

  it('lists the new products of category 16 (catalogue §9)', async () => {
    const res = await fetch(`${baseUrl}/api/catalog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ entityType: 'product', filters: { category_ids: { in: [16] } }, size: 500, includeFields: ['sku'] }),
    });
    const inCategory = new Set(((await res.json()) as { result: { items: { sku: string }[] } }).result.items.map((p) => p.sku));
    expect(inCategory.size).toBeGreaterThan(8);
    await page.goto('/');
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Nuovi arrivi', exact: true }) });
    const skus = await section.locator('article').evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-sku')));
    expect(skus).toHaveLength(8);
    for (const sku of skus) expect(inCategory.has(sku!), sku!).toBe(true);
  });

  it('answers /pwa.html with the same home page', async () => {
    const response = await page.goto('/pwa.html');
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { name: 'Horeca', exact: true }).count()).toBe(1);
  });

  it('opens a category from the menu', async () => {
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Categorie di prodotti' });
    const entry = menu.getByRole('link', { name: 'Guanti', exact: true });
    const href = await entry.getAttribute('href');
    expect(href).toMatch(/^\/c\/[a-z0-9-]+$/);
    await entry.click();
    await page.waitForURL(`**${href}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Guanti');
    await expect.poll(() => page.locator('article').count()).toBeGreaterThan(0);
  });

  it('opens a product from a tile', async () => {
    await page.goto('/');
    const tile = page.locator('article').first();
    const name = (await tile.getByRole('heading').textContent())!.trim();
    const link = tile.getByRole('link').first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/p\/[^/]+\/[^/]+$/);
    await link.click();
    await page.waitForURL(`**${href}`);
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe(name);
    expect(await page.locator('main').textContent()).toContain('IVA esclusa');
  });

  it('moves between pages through plain links without reloading the document, back included', async () => {
    // Links are plain <a> elements; once the page is live, one listener hands them to the router.
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(await page.locator('a[href^="/p/"]').first().evaluate((a) => a.tagName)).toBe('A');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const tile = page.locator('article').first();
    const name = (await tile.getByRole('heading').textContent())!.trim();
    const href = (await tile.getByRole('link').first().getAttribute('href'))!;
    await tile.getByRole('link').first().click();
    await page.waitForURL(`**${href}`);
    await expect.poll(async () => (await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe(name);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.locator('article').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });
});

describe('list price refresh', () => {
  it('writes the current prices of the render list over a cached list, then fires prices-after-sync', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, locale: 'it-IT' });
    const fresh = await context.newPage();
    try {
      // The API says the first tile now costs 12,34 € net, 15,06 € with VAT, no special price.
      await fresh.route('**/api/product/render-list?**', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        const first = body.result.items[0];
        const price = { final_price: 15.06, regular_price: 15.06, special_price: 0 };
        first.price_info = { ...price, extension_attributes: { tax_adjustments: { final_price: 12.34, regular_price: 12.34, special_price: 0 } } };
        await route.fulfill({ response, json: body });
      });
      await fresh.addInitScript(() => {
        window.addEventListener('prices-after-sync', () => document.documentElement.setAttribute('data-synced', 'yes'));
      });
      const refreshed = fresh.waitForResponse('**/api/product/render-list?**');
      await fresh.goto('/');
      const body = await (await refreshed).json();
      const sku = body.result.items[0].sku;
      // The same product may stand in two lists; the list whose answer named it first is refreshed.
      const tile = fresh.locator(`article[data-sku="${sku}"]`).filter({ hasText: '€12,34' });
      await expect.poll(() => tile.count()).toBeGreaterThan(0);
      expect(await tile.first().locator('.price__line--gross .price__value').textContent()).toBe('€15,06');
      expect(await tile.first().locator('.price__old').count()).toBe(0);
      await expect.poll(() => fresh.getAttribute('html', 'data-synced')).toBe('yes');
    } finally {
      // Later render-list calls may still be in the route: closing under them is not an error.
      await fresh.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });
});

describe('status pages', () => {
  it('answers an unknown URL with HTTP 404 and the not-found page', async () => {
    const response = await page.goto('/questa-pagina-non-esiste/davvero');
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Pagina non trovata');
    // Still the shop's layout: the menu is there.
    expect(await page.getByRole('navigation', { name: 'Categorie di prodotti' }).count()).toBe(1);
    // Its own search form (a plain GET form) leads to the results.
    await page.locator('#not-found-search-q').fill('coltello');
    await page.locator('#not-found-search-q').press('Enter');
    await page.waitForURL('**/search?q=coltello');
    expect(await page.locator('article.tile').count()).toBeGreaterThan(0);
  });

  it('answers an unknown product with HTTP 404', async () => {
    const response = await page.goto('/p/NON-ESISTE-123/nulla');
    expect(response?.status()).toBe(404);
  });

  it('renders /error in the minimal layout', async () => {
    const response = await page.goto('/error');
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('navigation', { name: 'Categorie di prodotti' }).count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/\S/);
  });

  it('renders a static page from the footer', async () => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const link = footer.getByRole('link', { name: 'Chi siamo' });
    await link.click();
    await page.waitForURL('**/about-us');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Chi siamo');
  });
});

describe('API through the shop port', () => {
  it('reaches the API under /api with the JSON envelope', async () => {
    const res = await fetch(`${baseUrl}/api/health`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ code: 200, result: { status: 'ok', database: 'pglite' } });
  });
});
