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

/** "Prodotti 1–48 di 312" → { from: 1, to: 48, total: 312 } */
async function shown(p: Page = page): Promise<{ from: number; to: number; total: number }> {
  const text = (await p.getByRole('status').filter({ hasText: /^Prodotti/ }).textContent()) ?? '';
  const match = /Prodotti ([\d.]+)–([\d.]+) di ([\d.]+)/.exec(text);
  if (!match) throw new Error(`No product count in "${text}"`);
  const n = (s: string | undefined) => Number((s ?? '').replace(/\./g, ''));
  return { from: n(match[1]), to: n(match[2]), total: n(match[3]) };
}

/** Net prices of the tiles, in cents, in grid order. */
async function tilePrices(p: Page = page): Promise<number[]> {
  const texts = await p.locator('main article .price__line--net .price__value').allTextContents();
  return texts.map((t) => Number(t.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
}

/**
 * Regular prices of the tiles (the struck-through price during a special price, else the
 * price), in cents. The API sorts and filters by its stored price column, which does not
 * follow special prices (reported to the API side), so sort checks accept either order.
 */
async function tileRegularPrices(p: Page = page): Promise<number[]> {
  return p.locator('main article .price__line--net').evaluateAll((lines) =>
    lines.map((line) => {
      const text = (line.querySelector('.price__old') ?? line.querySelector('.price__value'))?.textContent ?? '';
      return Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100;
    }),
  );
}

const ascending = (prices: number[]) => prices.every((p, i) => i === 0 || p >= prices[i - 1]!);
const descending = (prices: number[]) => prices.every((p, i) => i === 0 || p <= prices[i - 1]!);

async function sortedBy(check: (prices: number[]) => boolean, p: Page = page): Promise<boolean> {
  return check(await tilePrices(p)) || check(await tileRegularPrices(p));
}

async function tileSkus(): Promise<string[]> {
  return page.locator('article.tile').evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-sku') ?? ''));
}

const filters = (p: Page = page) => p.locator('form#category-filters');

/** Waits until the filter form applies changes at once (before that it has an apply button). */
const enhanced = (p: Page = page) => p.locator('form#category-filters[data-enhanced="true"]').waitFor();

describe('category page', () => {
  it('gives each screen the tile picture its density needs, by density, never wider than 640 px', async () => {
    // The width each screen's browser picks from the tiles' srcset (ProductTileView: by density,
    // no `sizes`, whose handling cost a phone ~3 ms a picture).
    const screens = [
      { name: 'wide screen, 1×', viewport: { width: 1350, height: 900 }, deviceScaleFactor: 1, width: '256' },
      { name: 'phone, 1.75× (Lighthouse)', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, width: '384' },
      { name: 'phone, 2.625×', viewport: { width: 412, height: 823 }, deviceScaleFactor: 2.625, width: '640' },
    ];
    for (const screen of screens) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: screen.viewport, deviceScaleFactor: screen.deviceScaleFactor, serviceWorkers: 'block' });
      try {
        const p = await context.newPage();
        await p.goto('/c/coltelli');
        const first = p.locator('main article img').first();
        await first.evaluate((img: HTMLImageElement) => img.decode());
        const picked = await first.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).searchParams.get('w'));
        expect(picked, screen.name).toBe(screen.width);
        const pictures = await p.locator('main article img').evaluateAll((images) => images.map((img) => ({ src: img.getAttribute('src') ?? '', srcset: img.getAttribute('srcset') ?? '', sizes: img.getAttribute('sizes') })));
        expect(pictures.length).toBe(48);
        for (const { src, srcset, sizes } of pictures) {
          expect(sizes).toBeNull();
          const widths = srcset.split(', ').map((entry) => Number(/[?&]w=(\d+)&.* [\d.]+x$/.exec(entry)?.[1]));
          expect(widths, srcset).toEqual([256, 384, 640]);
          // The src, which a srcset by density takes as its 1× picture, is the narrowest.
          expect(srcset.split(', ')[0]?.startsWith(`${src} `)).toBe(true);
        }
      } finally {
        await context.close();
      }
    }
  });

  it('renders breadcrumbs, heading, subcategories, filters and 48 products', async () => {
    const response = await page.goto('/c/coltelli');
    expect(response?.status()).toBe(200);
    expect(await page.title()).toMatch(/Coltelli/);
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe('Coltelli');

    const crumbs = page.getByRole('navigation', { name: 'Sei qui' });
    expect(await crumbs.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect((await crumbs.locator('[aria-current="page"]').textContent())?.trim()).toBe('Coltelli');

    const subcategories = page.getByRole('navigation', { name: 'Sottocategorie' });
    expect(await subcategories.getByRole('link').count()).toBeGreaterThan(1);
    expect(await subcategories.getByRole('link', { name: 'Coltelli da disosso' }).getAttribute('href')).toBe('/c/coltelli-da-disosso');

    expect(await page.locator('main article').count()).toBe(48);
    expect(await shown()).toMatchObject({ from: 1, to: 48 });

    for (const legend of ['Marca', 'Colore', 'Prezzo']) {
      expect(await filters().locator('legend', { hasText: legend }).count(), legend).toBe(1);
    }
    const priceLabels = await filters().locator('fieldset', { has: page.locator('legend', { hasText: 'Prezzo' }) }).locator('label').allTextContents();
    expect(priceLabels.join('|')).toMatch(/< €50 \(\d+\)/);
    expect(priceLabels.join('|')).toMatch(/> €150 \(\d+\)/);

    // CMS block top, FAQ disclosure and the structured data.
    expect(await page.getByRole('heading', { name: 'Incisione laser del nome' }).count()).toBe(1);
    const faq = page.locator('section', { has: page.getByRole('heading', { name: 'Domande frequenti' }) });
    const firstQuestion = faq.locator('summary').first();
    await firstQuestion.click();
    expect(await faq.locator('details').first().getAttribute('open')).not.toBeNull();
    const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((s) => JSON.parse(s));
    expect(jsonLd.map((d) => d['@type']).sort()).toEqual(['BreadcrumbList', 'FAQPage']);
    const breadcrumbList = jsonLd.find((d) => d['@type'] === 'BreadcrumbList');
    expect(breadcrumbList.itemListElement.at(-1)).toMatchObject({ name: 'Coltelli', item: expect.stringMatching(/\/c\/coltelli$/) });

    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${inject('publicUrl')}/c/coltelli`);
  });

  it('shows the breadcrumb trail of a subcategory', async () => {
    await page.goto('/c/coltelli-da-disosso');
    const crumbs = page.getByRole('navigation', { name: 'Sei qui' });
    expect((await crumbs.getByRole('listitem').allTextContents()).map((s) => s.trim())).toEqual(['Home', 'Coltelli', 'Coltelli da disosso']);
  });

  it('changes the view without touching the rest of the page: an opened FAQ answer stays open, the answer carries only the view', async () => {
    await page.goto('/c/coltelli');
    const faq = page.getByRole('region', { name: 'Domande frequenti' }).locator('details').first();
    const question = ((await faq.locator('summary').textContent()) ?? '').trim();
    expect(question).not.toBe('');
    await faq.locator('summary').click();
    expect(await faq.getAttribute('open')).not.toBeNull();
    const before = await shown();

    await enhanced();
    // The answers are read as they pass (a response the router has since dropped has no body
    // left for the browser to give back).
    const answers: string[] = [];
    await page.route(
      (url) => url.searchParams.has('_rsc') && url.searchParams.has('marca'),
      async (route) => {
        const response = await route.fetch();
        answers.push(await response.text());
        await route.fulfill({ response });
      },
    );
    await filters().locator('fieldset', { has: page.locator('legend', { hasText: 'Marca' }) }).locator('label').first().click();
    await page.waitForURL((url) => url.searchParams.has('marca'));
    await expect.poll(async () => (await shown()).total).toBeLessThan(before.total);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    expect(answers.length).toBeGreaterThan(0);

    // The frame (breadcrumbs, heading, subcategories, FAQ) is the route's layout, kept by the
    // browser: the shopper's open question stays open, and the answer names only the view.
    expect(await faq.getAttribute('open')).not.toBeNull();
    for (const payload of answers) expect(payload).not.toContain(question);
    expect(answers.at(-1)).toContain(await page.locator('main article.tile').first().getAttribute('data-sku'));
  });

  it('narrows the grid with filters kept in the URL (OR within an attribute)', async () => {
    await page.goto('/c/coltelli');
    const all = (await shown()).total;
    const colore = filters().locator('fieldset', { has: page.locator('legend', { hasText: 'Colore' }) });
    const first = colore.locator('label').nth(0);
    const second = colore.locator('label').nth(1);
    const count = async (label: typeof first) => Number(/\((\d+)\)/.exec((await label.textContent()) ?? '')?.[1]);
    const [firstCount, secondCount] = [await count(first), await count(second)];
    const firstValue = await first.locator('input').getAttribute('value');

    await enhanced();
    await first.click();
    await page.waitForURL(new RegExp(`colore=${firstValue}`));
    await expect.poll(async () => (await shown()).total).toBe(firstCount);
    expect(firstCount).toBeLessThan(all);
    expect(await first.locator('input').isChecked()).toBe(true);
    expect(await page.getByRole('link', { name: /^Colore: .*rimuovi il filtro/ }).count()).toBe(1);

    await enhanced();
    await second.click();
    await page.waitForURL((url) => url.searchParams.getAll('colore').length === 2);
    // OR: at least every product of either option; a product can carry both (configurable children).
    await expect.poll(async () => (await shown()).total).toBeGreaterThan(firstCount);
    const either = (await shown()).total;
    expect(either).toBeGreaterThanOrEqual(Math.max(firstCount, secondCount));
    expect(either).toBeLessThanOrEqual(firstCount + secondCount);

    // A price range narrows further (AND across filters).
    const price = filters().locator('fieldset', { has: page.locator('legend', { hasText: 'Prezzo' }) });
    await enhanced();
    await price.locator('label', { hasText: '< €50' }).click();
    await page.waitForURL(/price=0\.0-50\.0/);
    await expect.poll(async () => (await shown()).total).toBeLessThan(either);
    for (const cents of await tilePrices()) expect(cents).toBeLessThan(5000);

    // Removing every filter brings the whole category back.
    await page.getByRole('link', { name: 'Rimuovi tutti i filtri' }).click();
    await page.waitForURL((url) => url.search === '');
    await expect.poll(async () => (await shown()).total).toBe(all);
  });

  it('sorts by price both ways and by newest', async () => {
    await page.goto('/c/coltelli');
    const sort = page.getByLabel('Ordina per');
    await enhanced();
    await sort.selectOption('price:asc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price:asc');
    await expect.poll(() => sortedBy(ascending)).toBe(true);
    const cheapest = (await tileRegularPrices())[0]!;

    await enhanced();
    await sort.selectOption('price:desc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price:desc');
    await expect.poll(() => sortedBy(descending)).toBe(true);
    expect((await tileRegularPrices())[0]!).toBeGreaterThan(cheapest);

    await enhanced();
    await sort.selectOption('updated_at:desc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'updated_at:desc');
    expect(await page.locator('main article').count()).toBe(48);

    // Back to the default order: the parameter disappears.
    await enhanced();
    await sort.selectOption('position');
    await page.waitForURL((url) => !url.searchParams.has('sort'));
  });

  it('pages through the list with rel=next/prev links', async () => {
    await page.goto('/c/coltelli');
    const firstPage = await tileSkus();
    const nav = page.getByRole('navigation', { name: 'Pagine dei prodotti' });
    expect(await nav.locator('[aria-current="page"]').textContent()).toContain('1');
    await nav.locator('a[rel="next"]').click();
    await page.waitForURL(/\?p=2$/);
    await expect.poll(async () => shown()).toMatchObject({ from: 49, to: 96 });
    const secondPage = await tileSkus();
    // By sku: different products may share a name.
    expect(secondPage.some((sku) => firstPage.includes(sku))).toBe(false);
    expect(await nav.locator('a[rel="prev"]').getAttribute('href')).toBe('/c/coltelli');
    expect(await page.locator('head link[rel="next"]').getAttribute('href')).toBe('/c/coltelli?p=3');
  });

  it('restores the previous view with the back button', async () => {
    await page.goto('/c/coltelli');
    const unfiltered = await shown();
    const marca = filters().locator('fieldset', { has: page.locator('legend', { hasText: 'Marca' }) }).locator('label').first();
    await enhanced();
    await marca.click();
    await page.waitForURL(/marca=/);
    const filtered = await shown();
    expect(filtered.total).toBeLessThan(unfiltered.total);

    await enhanced();
    await page.getByLabel('Ordina per').selectOption('price:asc');
    await page.waitForURL((url) => url.searchParams.has('marca') && url.searchParams.get('sort') === 'price:asc');

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.has('marca') && !url.searchParams.has('sort'));
    await expect.poll(async () => (await shown()).total).toBe(filtered.total);
    await expect.poll(() => page.getByLabel('Ordina per').inputValue()).toBe('position');

    await page.goBack();
    await page.waitForURL((url) => url.search === '');
    await expect.poll(async () => (await shown()).total).toBe(unfiltered.total);
    await expect.poll(() => marca.locator('input').isChecked()).toBe(false);
  });

  it('filters and sorts without JavaScript (plain GET form)', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false, locale: 'it-IT' });
    const noJs = await context.newPage();
    try {
      await noJs.goto('/c/coltelli');
      const all = (await shown(noJs)).total;
      const colore = noJs.locator('form#category-filters fieldset', { has: noJs.locator('legend', { hasText: 'Colore' }) });
      await colore.locator('input').first().check();
      await noJs.getByRole('button', { name: 'Applica i filtri' }).click();
      await noJs.waitForURL(/colore=/);
      expect((await shown(noJs)).total).toBeLessThan(all);

      await noJs.getByLabel('Ordina per').selectOption('price:desc');
      await noJs.getByRole('button', { name: 'Ordina', exact: true }).click();
      await noJs.waitForURL((url) => url.searchParams.get('sort') === 'price:desc');
      expect(await sortedBy(descending, noJs)).toBe(true);
      expect(await noJs.locator('form#category-filters input[name="colore"]:checked').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('marks filtered views noindex with the bare category as canonical', async () => {
    await page.goto('/c/coltelli?sort=price:asc');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/c\/coltelli$/);
    await page.goto('/c/potrebbe-servirti-anche');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
  });

  it('serves the bare category from the page cache and views with a query string per request', async () => {
    await fetch(`${baseUrl}/c/guanti`);
    const cached = await fetch(`${baseUrl}/c/guanti`);
    expect(cached.headers.get('x-nextjs-cache')).toBe('HIT');
    const view = await fetch(`${baseUrl}/c/guanti?sort=price:asc`);
    expect(view.status).toBe(200);
    expect(view.headers.get('x-nextjs-cache')).toBeNull();
  });

  it('says so when a filter combination matches nothing, and when a page has no products', async () => {
    await page.goto('/c/coltelli?marca=99999');
    expect(await page.locator('main article').count()).toBe(0);
    expect(await page.locator('main').textContent()).toContain('Nessun prodotto corrisponde ai filtri scelti.');
    await page.locator('.empty-note').getByRole('link', { name: 'Rimuovi tutti i filtri' }).click();
    await page.waitForURL((url) => url.search === '');
    await expect.poll(() => page.locator('main article').count()).toBe(48);

    await page.goto('/c/coltelli?p=999');
    expect(await page.locator('main').textContent()).toContain(
      'Nessun prodotto sincronizzato per questa categoria. Torna a trovarci quando sei online!',
    );
  });
});
