import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

useBrowser(baseUrl, (b, p) => {
  browser = b;
  page = p;
});

const searchBox = () => page.getByRole('search', { name: 'Cerca nel catalogo' }).first();
const field = () => page.getByRole('combobox', { name: 'Cerca nel catalogo' }).first();
const options = () => page.getByRole('listbox', { name: 'Prodotti trovati' }).first().getByRole('option');
const panelStatus = () => searchBox().getByRole('status');

/** Presses Tab (or Shift+Tab) until `target` has focus (keyboard only, as a shopper would). */
async function tabTo(target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error('could not reach the element with Tab');
}

/** "Prodotti 1–50 di 312" or "12 prodotti trovati" → the total. */
async function pageTotal(): Promise<number> {
  const text = (await page.locator('main').getByRole('status').first().textContent()) ?? '';
  const match = /di ([\d.]+)$/.exec(text.trim()) ?? /^([\d.]+) prodott/.exec(text.trim());
  if (!match) throw new Error(`No total in "${text}"`);
  return Number((match[1] ?? '').replace(/\./g, ''));
}

async function panelTotal(): Promise<number> {
  const text = (await panelStatus().textContent()) ?? '';
  const match = /([\d.]+) prodott[io] trovat[io]/.exec(text);
  if (!match) throw new Error(`No total in "${text}"`);
  return Number((match[1] ?? '').replace(/\./g, ''));
}

async function netPrices(): Promise<number[]> {
  const texts = await page.locator('main article .price__line--net .price__value').allTextContents();
  return texts.map((t) => Number(t.replace(/[^\d,]/g, '').replace(',', '.')));
}

describe('search panel (keyboard only)', () => {
  it('searches from the third character, narrows with a facet, opens a product and comes back', async () => {
    await page.goto('/');
    await tabTo(field());
    expect(await field().getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('.overlay').isVisible()).toBe(true);

    await page.keyboard.type('co');
    await expect.poll(() => panelStatus().textContent()).toBe('Il termine di ricerca deve contenere almeno 3 caratteri.');
    await page.waitForTimeout(400); // longer than the debounce: still nothing is asked
    expect(await options().count()).toBe(0);

    await page.keyboard.type('ltello');
    await expect.poll(() => options().count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => panelTotal()).toBeGreaterThan(0);
    const all = await panelTotal();
    const marks = await options().first().locator('mark').allTextContents();
    expect(marks.map((m) => m.toLowerCase())).toContain('coltello');
    expect(await options().first().locator('.price__line--net').textContent()).toMatch(/€.*IVA esclusa/);
    expect(await searchBox().getByRole('link', { name: 'Vedi tutti i risultati' }).getAttribute('href')).toBe('/search?q=coltello');

    // Tab into the facets and tick the first option with the space bar.
    const facets = searchBox().getByRole('region', { name: 'Affina la ricerca' });
    const firstLabel = facets.locator('label').first();
    const firstOption = firstLabel.getByRole('checkbox');
    const optionLabel = (await firstLabel.textContent()) ?? '';
    const expected = Number(/\((\d+)\)/.exec(optionLabel)?.[1]);
    await tabTo(firstOption);
    await page.keyboard.press('Space');
    await expect.poll(() => panelTotal()).toBe(expected);
    expect(expected).toBeLessThanOrEqual(all);
    expect(await searchBox().getByRole('link', { name: 'Vedi tutti i risultati' }).getAttribute('href')).toMatch(/^\/search\?q=coltello&[a-z_]+=/);

    // Escape returns to the field and closes; the arrows reopen and move through the results.
    await page.keyboard.press('Escape');
    expect(await field().evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await field().getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('.overlay').isVisible()).toBe(false);
    await page.keyboard.press('ArrowDown');
    expect(await field().getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const activeId = await field().getAttribute('aria-activedescendant');
    const active = page.locator(`[id="${activeId}"]`);
    expect(await active.getAttribute('aria-selected')).toBe('true');
    const name = ((await active.locator('span').first().textContent()) ?? '').trim();
    expect(await options().nth(1).getAttribute('id')).toBe(activeId);

    await page.keyboard.press('Enter');
    await page.waitForURL(/\/p\//);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await field().inputValue()).toBe('coltello');
    // Focus was left after the field when the product opened: back to it with Shift+Tab.
    await tabTo(field(), 'Shift+Tab');
    await expect.poll(() => panelTotal()).toBe(expected);
    expect(await facets.getByRole('checkbox').first().isChecked()).toBe(true);
  });

  it('finds a misspelt word and sends Enter to all results', async () => {
    await page.goto('/');
    await field().focus();
    await page.keyboard.type('coltelo');
    await expect.poll(() => options().count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?q=coltelo$/);
    // The words were corrected: the page says what it searched, and offers the words as typed (issue 42 point 18).
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe('Risultati per «coltello»');
    expect(await page.getByRole('link', { name: 'Cerca solo «coltelo»' }).count()).toBe(1);
    expect(await pageTotal()).toBeGreaterThan(0);
  });

  it('shows the closest terms when nothing matches', async () => {
    await page.goto('/');
    await field().focus();
    await page.keyboard.type('coltellazzxx');
    await expect.poll(() => panelStatus().textContent(), { timeout: 10_000 }).toBe('Nessun prodotto trovato per «coltellazzxx».');
    const suggestions = searchBox().getByRole('button').filter({ hasNotText: /Cerca|Chiudi/ });
    expect(await suggestions.count()).toBeGreaterThan(0);
    await tabTo(suggestions.first());
    const suggestion = ((await suggestions.first().textContent()) ?? '').trim();
    await page.keyboard.press('Enter');
    expect(await field().inputValue()).toBe(suggestion);
    await expect.poll(() => options().count(), { timeout: 10_000 }).toBeGreaterThan(0);
  });

  it('shows cached results offline, and says so when there are none', async () => {
    await page.goto('/');
    await field().focus();
    await page.keyboard.type('guanti');
    await expect.poll(() => options().count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const online = await options().allTextContents();

    await page.context().setOffline(true);
    try {
      await field().fill('');
      await page.keyboard.type('guanti');
      await expect.poll(() => panelStatus().textContent()).toMatch(/^Sei offline: questi sono i risultati salvati/);
      expect(await options().allTextContents()).toEqual(online);

      await field().fill('');
      await page.keyboard.type('bilancia');
      await expect
        .poll(() => panelStatus().textContent())
        .toBe('Sei offline e non ci sono risultati salvati per questa ricerca. Riprova quando sei online.');
      expect(await options().count()).toBe(0);
    } finally {
      await page.context().setOffline(false);
    }
  });
});

describe('search results page', () => {
  it('pages, filters and sorts through the URL, without indexing', async () => {
    const response = await page.goto('/search?q=coltello');
    expect(response?.status()).toBe(200);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe('Risultati per «coltello»');
    const total = await pageTotal();
    expect(await page.locator('main article').count()).toBe(Math.min(total, 50));
    expect(await page.locator('main article h3 mark').count()).toBeGreaterThan(0);
    expect(await page.locator('#category-sort').inputValue()).toBe('relevance');

    if (total > 50) {
      const pager = page.getByRole('navigation', { name: 'Pagine dei risultati' });
      expect(await pager.getByRole('link', { name: 'Vai alla pagina 2' }).getAttribute('href')).toBe('/search?q=coltello&p=2');
      await page.goto('/search?q=coltello&p=2');
      expect((await page.locator('main').getByRole('status').first().textContent())?.trim()).toMatch(/^Prodotti 51–/);
    }

    await page.goto('/search?q=coltello');
    const fieldset = page.locator('form#category-filters fieldset').first();
    const checkbox = fieldset.getByRole('checkbox').first();
    const code = await checkbox.getAttribute('name');
    const value = await checkbox.getAttribute('value');
    const count = Number(/\((\d+)\)/.exec((await fieldset.locator('label').first().textContent()) ?? '')?.[1]);

    await page.goto(`/search?q=coltello&${code}=${value}&sort=price:asc`);
    expect(await pageTotal()).toBe(count);
    expect(await page.locator(`form#category-filters input[name="${code}"][value="${value}"]`).isChecked()).toBe(true);
    expect(await page.locator('#category-sort').inputValue()).toBe('price:asc');
    const prices = await netPrices();
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p, i) => i === 0 || p >= prices[i - 1]!)).toBe(true);
    // The chosen filter can be removed; the term stays.
    const chip = page.getByRole('region', { name: 'Filtri attivi' }).getByRole('link').first();
    expect(await chip.getAttribute('href')).toBe('/search?q=coltello&sort=price:asc');
  });

  it('asks for three characters, and suggests terms when nothing matches', async () => {
    await page.goto('/search?q=co');
    expect(await page.locator('main').getByText('Il termine di ricerca deve contenere almeno 3 caratteri.').count()).toBe(1);

    await page.goto('/search?q=coltellazzxx');
    expect(await page.locator('main').getByText('Nessun prodotto trovato per «coltellazzxx».').count()).toBe(1);
    const suggestion = page.locator('main').getByText('Forse cercavi:').getByRole('link').first();
    expect(await suggestion.getAttribute('href')).toMatch(/^\/search\?q=\w+/);
  });

  it('searches and filters without JavaScript', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false, locale: 'it-IT' });
    try {
      const noJs = await context.newPage();
      await noJs.goto('/');
      await noJs.getByRole('combobox', { name: 'Cerca nel catalogo' }).fill('guanti');
      await noJs.getByRole('button', { name: 'Cerca', exact: true }).click();
      await noJs.waitForURL(/\/search\?q=guanti$/);
      expect(await noJs.locator('main article').count()).toBeGreaterThan(0);

      const option = noJs.locator('form#category-filters fieldset').first().getByRole('checkbox').first();
      const code = await option.getAttribute('name');
      await option.check();
      await noJs.getByRole('button', { name: 'Applica i filtri' }).click();
      await noJs.waitForURL(new RegExp(`q=guanti.*${code}=`));
      expect((await noJs.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe('Risultati per «guanti»');
      expect(await noJs.locator(`form#category-filters input[name="${code}"]:checked`).count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
