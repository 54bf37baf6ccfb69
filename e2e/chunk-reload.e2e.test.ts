import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { checkoutProducts } from './checkout-flow.ts';
import { useBrowser } from './browser.ts';

// catalogue.md §2: "A failed page chunk load reloads the page when online." Code loaded after
// the first paint (the search panel, a page reached by a soft navigation, the cart engine) may
// be gone after a new release; here the browser is made to fail those loads.

const baseUrl = inject('baseUrl');
let page: Page;

useBrowser(baseUrl, (_, p) => {
  page = p;
});

afterEach(async () => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.context().setOffline(false);
});

const field = () => page.getByRole('combobox', { name: 'Cerca nel catalogo' }).first();
const panelStatus = () => page.getByRole('search', { name: 'Cerca nel catalogo' }).first().getByRole('status');

/** Opens a page and waits until it has loaded all it loads by itself. */
async function openSettled(path: string): Promise<void> {
  // A fresh tab for each case: the loop guard remembers the last reload for this tab, and a
  // stored cart would load the cart engine by itself to sync.
  await page.goto(path);
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  await page.reload({ waitUntil: 'networkidle' });
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
}

/** Makes every script chunk load fail until the page asks for a new document; counts them. */
async function failChunksUntilReload(): Promise<{ failed: number }> {
  const seen = { failed: 0 };
  let blocking = true;
  page.on('request', (request) => {
    if (request.isNavigationRequest()) blocking = false;
  });
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    if (!blocking) return route.continue();
    seen.failed += 1;
    return route.abort('failed');
  });
  return seen;
}

const sameDocument = () => page.evaluate(() => 'sameDocument' in window);

/** Takes the browser offline and waits until the page knows it (the rule reads navigator.onLine; online, it would reload). */
async function goOffline(): Promise<void> {
  await page.context().setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

const addToCart = () => page.getByRole('button', { name: 'Aggiungi al carrello' });
const notification = (text: string) => page.getByTestId('notification').filter({ hasText: text }).first();

/** Waits for the failure notification on the same page; a failure says what the page showed instead. */
const saysItFailed = () =>
  expect
    .poll(async () => `${(await sameDocument()) ? 'same page' : 'page loaded anew'}: ${(await page.getByTestId('notification').allTextContents()).join(' | ')}`, { timeout: 30_000 })
    .toMatch(/^same page: .*Qualcosa è andato storto\./);

/** A simple product in stock without custom options: one click adds it. */
async function simpleProductPath(): Promise<string> {
  const items = await checkoutProducts(baseUrl);
  const product = items.find((p) => p.price > 5 && p.stock?.is_in_stock && p.stock.qty > 10 && !p.custom_options?.length)!;
  return `/p/${encodeURIComponent(product.sku)}/${encodeURIComponent(product.slug)}`;
}

describe('a script chunk that fails to load', () => {
  it('reloads the page when the search panel cannot load, and search works after it', async () => {
    await openSettled('/');
    const chunks = await failChunksUntilReload();
    await field().click();
    await page.keyboard.type('coltello');
    await expect.poll(sameDocument, { timeout: 15_000 }).toBe(false);
    expect(chunks.failed).toBeGreaterThan(0);

    await page.waitForLoadState('networkidle');
    await field().click();
    await page.keyboard.type('coltello');
    await expect.poll(() => panelStatus().textContent(), { timeout: 15_000 }).toMatch(/prodott[io] trovat[io]/);
  });

  it('reloads into the page a soft navigation could not load', async () => {
    await openSettled('/');
    const tile = page.locator('main article').first();
    const name = (await tile.getByRole('heading').textContent())!.trim();
    const chunks = await failChunksUntilReload();
    await tile.getByRole('link').first().click();
    await expect.poll(sameDocument, { timeout: 15_000 }).toBe(false);
    expect(chunks.failed).toBeGreaterThan(0);
    await expect.poll(async () => (await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe(name);
    expect(new URL(page.url()).pathname).toMatch(/^\/p\//);
  });

  it('reloads when the cart engine cannot load for an add, and the add works after it', async () => {
    await openSettled(await simpleProductPath());
    const chunks = await failChunksUntilReload();
    await addToCart().click();
    await expect.poll(sameDocument, { timeout: 15_000 }).toBe(false);
    expect(chunks.failed).toBeGreaterThan(0);

    await page.waitForLoadState('networkidle');
    await addToCart().click();
    await notification('Il prodotto è stato aggiunto al carrello!').waitFor();
  });

  it('does not reload offline: an add whose cart engine cannot load says it failed', async () => {
    await openSettled(await simpleProductPath());
    const chunks = await failChunksUntilReload();
    await goOffline();
    await addToCart().click();
    await saysItFailed();
    expect(chunks.failed).toBeGreaterThan(0);
    await expect.poll(() => addToCart().isEnabled()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
  });

  it('does not reload offline: the cart link says the microcart cannot open, and the page stays', async () => {
    await openSettled('/');
    const chunks = await failChunksUntilReload();
    await goOffline();
    await page.getByTestId('cart-link').click();
    await saysItFailed();
    expect(chunks.failed).toBeGreaterThan(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
  });

  it('does not reload offline: the page stays and the search says it failed', async () => {
    await openSettled('/');
    const chunks = await failChunksUntilReload();
    await goOffline();
    await field().click();
    await page.keyboard.type('coltello');
    await expect.poll(() => panelStatus().textContent()).toBe('La ricerca non è riuscita. Riprova tra poco.');
    expect(chunks.failed).toBeGreaterThan(0);
    expect(await sameDocument()).toBe(true);
  });
});
