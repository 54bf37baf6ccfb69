import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { newPage, useBrowser } from './browser.ts';

/**
 * Issue 42, catalogue points: facets that follow the URL and count disjunctively (8), prices only
 * buyable variants have (9), the phone's filter drawer (13) and searches that say what they
 * corrected (18).
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;
const phones: Page[] = [];

useBrowser(baseUrl, (b, p) => {
  browser = b;
  page = p;
});
afterAll(async () => {
  for (const phone of phones) await phone.context().close();
});

async function phonePage(): Promise<Page> {
  const phone = await newPage(browser, baseUrl, 390);
  phones.push(phone);
  return phone;
}

const form = (p: Page = page) => p.locator('form#category-filters');
const enhanced = (p: Page = page) => p.locator('form#category-filters[data-enhanced="true"]').waitFor();
const fieldset = (legend: string, p: Page = page) => form(p).locator('fieldset', { has: p.locator('legend', { hasText: legend }) });
const countOf = async (label: Locator) => Number(/\(([\d.]+)\)\s*$/.exec((await label.textContent()) ?? '')?.[1]?.replace(/\./g, '') ?? NaN);
const counts = async (legend: string, p: Page = page) => Promise.all((await fieldset(legend, p).locator('label').all()).map(countOf));
const sum = (xs: number[]) => xs.filter((x) => !Number.isNaN(x)).reduce((a, b) => a + b, 0);

/** "Prodotti 1–48 di 312" or "12 prodotti trovati" → the total. */
async function total(p: Page = page): Promise<number> {
  const text = ((await p.locator('main').getByRole('status').first().textContent()) ?? '').trim();
  const match = /di ([\d.]+)$/.exec(text) ?? /^([\d.]+) prodott/.exec(text);
  if (!match) throw new Error(`No total in "${text}"`);
  return Number((match[1] ?? '').replace(/\./g, ''));
}

describe('facets follow the URL and count disjunctively (issue 42 point 8)', () => {
  it('"Rimuovi tutti i filtri" unticks every box, and the next tick brings no removed filter back', async () => {
    await page.goto('/c/coltelli');
    const colore = fieldset('Colore').locator('input');
    await enhanced();
    await colore.nth(0).check();
    await page.waitForURL((url) => url.searchParams.getAll('colore').length === 1);
    await enhanced();
    await fieldset('Marca').locator('input').first().check();
    await page.waitForURL((url) => url.searchParams.has('marca'));

    await page.getByRole('link', { name: 'Rimuovi tutti i filtri' }).first().click();
    await page.waitForURL((url) => url.search === '');
    await expect.poll(() => form().locator('input[type="checkbox"]:checked').count()).toBe(0);

    await enhanced();
    const second = await colore.nth(1).getAttribute('value');
    await colore.nth(1).check();
    await page.waitForURL((url) => url.search !== '');
    const url = new URL(page.url());
    expect(url.searchParams.getAll('colore')).toEqual([second]);
    expect(url.searchParams.has('marca')).toBe(false);
  });

  it('a tick by keyboard updates the list in place: no page load, the URL follows, the focus stays on the box, and the sort keeps it too (issue 46 point 3)', async () => {
    await page.goto('/c/coltelli');
    await enhanced();
    const all = await total();
    // A page load would lose this mark.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const brand = fieldset('Marca').locator('input').first();
    const value = await brand.getAttribute('value');
    await brand.focus();
    await page.keyboard.press('Space');
    await page.waitForURL((url) => url.searchParams.get('marca') === value);
    await expect.poll(() => total()).toBeLessThan(all);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    // The boxes are rendered anew for the view; the one pressed has the focus again.
    await expect.poll(() => page.evaluate(() => { const active = document.activeElement; return active instanceof HTMLInputElement ? `${active.name}=${active.value}:${active.checked}` : active?.tagName; })).toBe(`marca=${value}:true`);

    const sort = page.getByLabel('Ordina per');
    await sort.focus();
    await sort.selectOption('price:asc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price:asc' && url.searchParams.get('marca') === value);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('category-sort');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });

  it('on a category page: with a brand chosen the price ranges count that brand, the brands still every brand', async () => {
    await page.goto('/c/coltelli');
    const brands = await counts('Marca');
    await enhanced();
    await fieldset('Marca').locator('input').first().check();
    await page.waitForURL((url) => url.searchParams.has('marca'));
    const chosen = await total();
    expect(chosen).toBeLessThan(sum(brands));
    expect(sum(await counts('Prezzo'))).toBe(chosen);
    expect(await counts('Marca')).toEqual(brands);
  });

  it('on the search page alike', async () => {
    await page.goto('/search?q=coltello');
    const brands = await counts('Marca');
    await enhanced();
    await fieldset('Marca').locator('input').first().check();
    await page.waitForURL((url) => url.searchParams.has('marca'));
    const chosen = await total();
    expect(sum(await counts('Prezzo'))).toBe(chosen);
    expect(await counts('Marca')).toEqual(brands);
  });

  it('in the search panel alike', async () => {
    await page.goto('/');
    const field = page.getByRole('combobox', { name: 'Cerca nel catalogo' }).first();
    await field.fill('coltello');
    const panel = page.getByRole('search', { name: 'Cerca nel catalogo' }).first();
    const facet = (legend: string) => panel.locator('fieldset', { has: page.locator('legend', { hasText: legend }) });
    await facet('Marca').locator('input').first().waitFor();
    const panelCounts = async (legend: string) => Promise.all((await facet(legend).locator('label').all()).map(countOf));
    const brands = await panelCounts('Marca');
    const firstBrand = brands[0]!;
    await facet('Marca').locator('input').first().check();
    await expect.poll(async () => sum(await panelCounts('Prezzo'))).toBe(firstBrand);
    expect(await panelCounts('Marca')).toEqual(brands);
  });
});

describe('a configurable product advertises only prices a buyable variant has (issue 42 point 9)', () => {
  it('GUA-00270: the tile, the meta description and the page show the same price', async () => {
    await page.goto('/search?q=GUA-00270');
    const tile = page.locator('main article.tile[data-sku="GUA-00270"]');
    const tilePrice = (await tile.locator('.price__line--net .price__value').first().textContent())?.trim();
    await tile.getByRole('link').first().click();
    await page.waitForURL(/\/p\//);
    const pagePrice = (await page.locator('.price--lg .price__line--net .price__value').first().textContent())?.trim();
    expect(pagePrice).toBe('€24,90');
    expect(tilePrice).toBe(pagePrice);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('24,90');
  });
});

type Doc = Record<string, any>;
async function catalog(body: Record<string, unknown>): Promise<Doc[]> {
  const res = await fetch(`${baseUrl}/api/catalog`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ entityType: 'product', ...body }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { items: Doc[] } }).result.items;
}
const productPath = (doc: Doc) => `/p/${encodeURIComponent(doc.sku)}/${encodeURIComponent(doc.slug)}`;
const euro = (amount: number) => `€${new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

describe('grouped and bundle products (issue 42 points 10 and 13)', () => {
  it('a grouped product reads "da €X" (its cheapest buyable member), starts at 0 and needs one to add; a phone stacks its rows', async () => {
    const [product] = await catalog({ filters: { type_id: { eq: 'grouped' }, status: { eq: 1 }, visibility: { eq: 4 } }, size: 1, includeFields: ['sku', 'slug', 'product_links'] });
    const skus = (product!.product_links as Doc[]).filter((l) => l.link_type === 'associated').map((l) => l.linked_product_sku);
    const members = await catalog({ filters: { sku: { in: skus }, status: { eq: 1 } }, size: 100, includeFields: ['sku', 'price', 'stock'] });
    const cheapest = Math.min(...members.filter((m) => m.stock?.is_in_stock !== false).map((m) => m.price));

    const phone = await phonePage();
    await phone.goto(productPath(product!), { waitUntil: 'networkidle' });
    const net = phone.locator('.price--lg .price__line--net');
    expect((await net.textContent())?.replace(/\s+/g, ' ').trim()).toMatch(new RegExp(`^da ${euro(cheapest).replace('.', '\\.')} `));
    const inputs = phone.getByRole('table').getByRole('spinbutton');
    expect(await inputs.count()).toBeGreaterThan(1);
    for (const input of await inputs.all()) {
      expect(await input.inputValue()).toBe('0');
      const box = (await input.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await phone.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await expect.poll(() => phone.getByText('Indica la quantità di almeno un prodotto.').count()).toBeGreaterThan(0);
  });

  it('a bundle never preselects a sold-out option', async () => {
    const bundles = await catalog({ filters: { type_id: { eq: 'bundle' }, status: { eq: 1 }, visibility: { eq: 4 } }, size: 200, includeFields: ['sku', 'slug', 'bundle_options'] });
    const linked = [...new Set(bundles.flatMap((b) => (b.bundle_options as Doc[]).flatMap((o) => (o.product_links as Doc[]).map((l) => l.sku))))];
    const stock = new Map((await catalog({ filters: { sku: { in: linked } }, size: 500, includeFields: ['sku', 'name', 'stock'] })).map((d) => [d.sku, d]));
    const soldOut = (sku: string) => stock.get(sku)?.stock?.is_in_stock === false;
    let found: { product: Doc; option: Doc; link: Doc } | undefined;
    for (const product of bundles) {
      for (const option of product.bundle_options as Doc[]) {
        const links = option.product_links as Doc[];
        const link = links.find((l) => l.is_default) ?? links[0];
        if (option.type === 'radio' && link && soldOut(link.sku) && links.some((l) => !soldOut(l.sku))) found ??= { product, option, link };
      }
    }
    expect(found, 'a bundle whose default option is sold out').toBeDefined();
    await page.goto(productPath(found!.product), { waitUntil: 'networkidle' });
    const group = page.getByRole('group', { name: new RegExp(`^${found!.option.title}`) });
    expect(await group.getByRole('radio', { name: new RegExp(stock.get(found!.link.sku)!.name) }).isChecked()).toBe(false);
  });
});

describe("the phone's filter drawer (issue 42 point 13)", () => {
  it('gathers ticks without reloading and applies them with "Mostra N prodotti" in one navigation', async () => {
    const phone = await phonePage();
    await phone.goto('/c/coltelli');
    await enhanced(phone);
    const all = await total(phone);
    await form(phone).getByText('Filtri', { exact: true }).first().click();
    const apply = form(phone).getByRole('button', { name: /^Mostra/ });
    expect(await apply.isVisible()).toBe(true);
    expect(await apply.textContent()).toBe(`Mostra ${all.toLocaleString('it-IT')} prodotti`);
    expect(await axeViolations(phone)).toEqual([]);

    let navigations = 0;
    phone.on('framenavigated', (frame) => {
      if (frame === phone.mainFrame()) navigations++;
    });
    const colore = fieldset('Colore', phone).locator('label');
    const [first, second] = [await countOf(colore.nth(0)), await countOf(colore.nth(1))];
    await colore.nth(0).click();
    await colore.nth(1).click();
    // Counted, not applied: the page stays.
    await expect.poll(async () => apply.textContent()).not.toBe(`Mostra ${all.toLocaleString('it-IT')} prodotti`);
    const shown = Number(/Mostra ([\d.]+) prodott/.exec((await apply.textContent()) ?? '')?.[1]?.replace(/\./g, ''));
    expect(shown).toBeGreaterThanOrEqual(Math.max(first, second));
    expect(shown).toBeLessThanOrEqual(first + second);
    expect(new URL(phone.url()).search).toBe('');
    expect(navigations).toBe(0);

    await phone.evaluate(() => Object.assign(window, { sameDocument: true }));
    await apply.click();
    await phone.waitForURL((url) => url.searchParams.getAll('colore').length === 2);
    await expect.poll(() => total(phone)).toBe(shown);
    expect(navigations).toBe(1);
    // Applied in place: the drawer closes on the new list, its toggle keeps the focus.
    expect(await phone.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect(await form(phone).locator('details').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await phone.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
  });

  it('the category menu closes when a category is chosen', async () => {
    const phone = await phonePage();
    await phone.goto('/');
    await phone.waitForLoadState('networkidle');
    const menu = phone.locator('details.menu');
    await menu.locator('summary').click();
    expect(await menu.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await menu.getByRole('link', { name: 'Coltelli', exact: true }).click();
    await phone.waitForURL(/\/c\/coltelli$/);
    await phone.getByRole('heading', { level: 1, name: 'Coltelli' }).waitFor();
    expect(await menu.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
  });

  it('closing the drawer drops the ticks not applied', async () => {
    const phone = await phonePage();
    await phone.goto('/c/coltelli');
    await enhanced(phone);
    await form(phone).getByText('Filtri', { exact: true }).first().click();
    await fieldset('Colore', phone).locator('label').first().click();
    await form(phone).getByRole('button', { name: 'Chiudi i filtri' }).click();
    expect(await form(phone).locator('input[type="checkbox"]:checked').count()).toBe(0);
    expect(new URL(phone.url()).search).toBe('');
  });
});

describe('search says what it did (issue 42 point 18)', () => {
  it('the search panel suggests the categories named like the words searched, corrected ones too', async () => {
    await page.goto('/');
    const field = page.getByRole('combobox', { name: 'Cerca nel catalogo' }).first();
    const panel = page.getByRole('search', { name: 'Cerca nel catalogo' }).first();
    await field.fill('coltello');
    const categories = panel.getByRole('navigation', { name: 'Categorie' });
    await categories.getByRole('link', { name: 'Coltelli', exact: true }).waitFor();
    expect(await categories.getByRole('link', { name: 'Coltelli', exact: true }).getAttribute('href')).toBe('/c/coltelli');
    await field.fill('tritacrne');
    await categories.getByRole('link', { name: /Tritacarne/ }).first().waitFor();
  });

  it('names the corrected words and links to the words as typed', async () => {
    await page.goto('/search?q=tritacrne');
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe('Risultati per «tritacarne»');
    expect(await page.locator('main article.tile').count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Cerca solo «tritacrne»' }).click();
    await page.waitForURL((url) => url.searchParams.get('typed') === '1');
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe('Risultati per «tritacrne»');
    expect(await page.locator('main article.tile').count()).toBe(0);
    expect(await page.getByText('Nessun prodotto trovato per «tritacrne».').count()).toBe(1);
  });
});
