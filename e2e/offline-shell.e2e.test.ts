import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './browser.ts';
import { checkoutFlow, plentifulProducts, type Doc } from './checkout-flow.ts';
import { offlineFlow, productPath } from './offline-helpers.ts';

/*
 * The cart and the checkout offline (shopping.md §1, §4; issue 42 point 16): both open offline from
 * the service worker's app shell with the cart kept in the browser, the worker's caches hold no
 * buyer data, an order placed in a checkout opened offline is queued ("Ordine in attesa!"), and the
 * microcart offline says when its totals will be computed.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;
let products: Doc[];

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, baseUrl, 1280, 'allow');
  products = await plentifulProducts(baseUrl);
});

afterAll(async () => {
  await browser?.close();
});

const { offline, storedCart, freshShopper, checkoutReadyToConfirm } = offlineFlow(() => page);
const { notification } = checkoutFlow(() => page);

/** Every response the worker keeps: its URL and its text. */
const cachedPages = () =>
  page.evaluate(async () => {
    const found: { url: string; body: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        if (url.pathname.startsWith('/_next/static/')) continue;
        found.push({ url: url.pathname + url.search, body: (await (await cache.match(request))?.text()) ?? '' });
      }
    }
    return found;
  });

describe('cart and checkout offline', () => {
  it('open offline from the app shell with the cart kept in the browser', async () => {
    await freshShopper();
    const product = products[3]!;
    await page.goto(productPath(product), { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await notification('Il prodotto è stato aggiunto al carrello!').first().waitFor();
    await page.goto('/', { waitUntil: 'networkidle' });
    await offline(true);
    try {
      // Never opened before in this browser: the worker fetched both frames when it was installed.
      await page.goto('/shoppingcart');
      await page.locator(`[data-testid="cart-line"][data-sku="${product.sku}"]`).waitFor();
      expect(await page.getByText('Il prodotto, la categoria o la pagina non è disponibile in modalità offline.').count()).toBe(0);
      await page.goto('/checkout');
      await page.locator('#f-personalDetails-emailAddress').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Cassa');
    } finally {
      await offline(false);
    }
  });

  it('queues an order placed in a checkout opened offline, and the worker keeps none of the buyer data', async () => {
    await freshShopper();
    const email = `shell-${Date.now()}@example.it`;
    await checkoutReadyToConfirm(products[4]!, email);
    const cartToken = (await storedCart()).token!;
    await page.goto('/', { waitUntil: 'networkidle' });
    await offline(true);
    try {
      await page.goto('/checkout');
      await page.locator('#f-personalDetails-emailAddress').waitFor();
      // What was typed comes back from the browser's storage.
      expect(await page.locator('#f-personalDetails-emailAddress').inputValue()).toBe(email);
      await page.getByRole('radio', { name: /Bonifico bancario/ }).check();
      const terms = page.getByRole('checkbox', { name: /termini e le condizioni/ });
      if (!(await terms.isChecked())) await terms.check();
      await page.getByRole('button', { name: 'Conferma ordine' }).click();
      await page.getByRole('heading', { name: 'Ordine in attesa!' }).waitFor();
    } finally {
      await offline(false);
    }
    const kept = await cachedPages();
    expect(kept.map((entry) => entry.url)).toEqual(expect.arrayContaining(['/shoppingcart', '/checkout']));
    const leaks = kept.filter((entry) => entry.body.includes(email) || entry.body.includes('RSSMRA79B11C566R') || entry.body.includes(cartToken) || /my-account|thank-you|\/api\/|token=|cartId=/.test(entry.url));
    expect(leaks.map((entry) => entry.url)).toEqual([]);
  });

  it('the microcart offline says the totals will be computed when back online', async () => {
    await freshShopper();
    const product = products[1]!;
    await page.goto(productPath(product), { waitUntil: 'networkidle' });
    await offline(true);
    try {
      await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
      await notification('Il prodotto è stato aggiunto al carrello!').first().waitFor();
      await page.getByTestId('cart-link').click();
      const microcart = page.getByRole('dialog', { name: 'Carrello' });
      await microcart.waitFor();
      await microcart.getByText('Sei offline: i totali saranno calcolati quando tornerai online.').waitFor();
      expect(await microcart.getByText('Calcolo dei totali in corso…').count()).toBe(0);
      await page.keyboard.press('Escape');
    } finally {
      await offline(false);
    }
    // Back online the totals come. The queued add reaching the server says so in a new notification,
    // whenever that happens, over the header's cart link, and it stays while pointed at (WCAG 2.2.1):
    // the shopper opens the cart from the keyboard, which no notification can cover.
    await page.getByTestId('cart-link').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog', { name: 'Carrello' }).getByTestId('cart-summary').count(), { timeout: 15_000 }).toBe(1);
  });
});
