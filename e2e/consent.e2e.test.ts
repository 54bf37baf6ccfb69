import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, REJECT_ALL, categoryUrl, formatConsent } from '@shop/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { checkoutFlow, checkoutProducts, type Doc } from './checkout-flow.ts';
import { startOwnShop, type OwnShop } from './own-shop.ts';

/*
 * Cookie consent and GA4 (issue #19, ADR 0022), as a shopper meets them: a fresh browser that has
 * never answered the banner (not the preset of e2e/browser.ts). Nothing tracks before a choice or
 * after a refusal; refusing takes one click, like accepting; the banner works by keyboard alone
 * and has no WCAG violations; after accepting, a purchase journey fills dataLayer with the GA4
 * events in order, by the spec's item rules. The test shop has no GTM_ID: no tag ever loads, so
 * what would reach Google is read from dataLayer.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Requests of the current context that left the shop's origin. */
let thirdParty: string[] = [];

const { field, fillAddress, choosePayment, runAxe, notification, tabTo } = checkoutFlow(() => page);
const banner = () => page.getByRole('dialog', { name: 'Cookie e privacy' });
const GA4_EVENTS = new Set(['view_item_list', 'select_item', 'view_item', 'add_to_cart', 'remove_from_cart', 'view_cart', 'begin_checkout', 'add_shipping_info', 'add_payment_info', 'purchase', 'search', 'sign_up', 'login']);

/** A browser that has never been here; every dataLayer push is also written to sessionStorage, which survives page loads. */
async function freshShopper(shopUrl = baseUrl): Promise<void> {
  await context?.close();
  context = await browser.newContext({ baseURL: shopUrl, viewport: { width: 1280, height: 900 }, locale: 'it-IT', serviceWorkers: 'block' });
  thirdParty = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== new URL(shopUrl).origin) thirdParty.push(request.url());
  });
  await context.addInitScript(() => {
    let layer: unknown[] | undefined;
    Object.defineProperty(window, 'dataLayer', {
      configurable: true,
      get: () => layer,
      set(value: unknown[]) {
        layer = value;
        const push = value.push.bind(value);
        value.push = (...entries: unknown[]) => {
          const log = JSON.parse(sessionStorage.getItem('test/dataLayer') ?? '[]') as unknown[];
          sessionStorage.setItem('test/dataLayer', JSON.stringify([...log, ...entries]));
          return push(...entries);
        };
      },
    });
  });
  page = await context.newPage();
}

type Entry = { event?: string; ecommerce?: { items?: Record<string, unknown>[] } & Record<string, unknown> } & Record<string, unknown>;
const pushes = () => page.evaluate(() => JSON.parse(sessionStorage.getItem('test/dataLayer') ?? '[]') as Entry[]);
const ga4Events = async () => (await pushes()).filter((entry) => typeof entry.event === 'string' && GA4_EVENTS.has(entry.event));
const consentCookie = async () => (await context.cookies()).find((cookie) => cookie.name === CONSENT_COOKIE);
const storageKeys = () => page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)]);

let products: Doc[];
/** A category page with a tile of a product that can be bought in one click. */
let listPath: string;
let listSkus: Set<string>;

beforeAll(async () => {
  browser = await launchBrowser();
  products = (await checkoutProducts(baseUrl)).filter((p) => p.price > 10 && p.price < 400 && p.stock?.is_in_stock && p.stock.qty > 20 && !p.custom_options?.length);
  listSkus = new Set(products.map((p) => p.sku as string));
  const response = await fetch(`${baseUrl}/api/catalog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ entityType: 'category', filters: { is_active: { eq: true } }, size: 4000, includeFields: ['id', 'slug', 'url_key', 'level', 'product_count'] }),
  });
  const categories = ((await response.json()) as { result: { items: Doc[] } }).result.items;
  // The deepest categories first: their first page most likely holds one of those products.
  const candidates = categories.filter((c) => c.slug && c.level >= 3).sort((a, b) => b.level - a.level);
  for (const category of candidates.slice(0, 40)) {
    const html = await (await fetch(`${baseUrl}${categoryUrl(category.slug)}`)).text();
    if ([...html.matchAll(/data-sku="([^"]+)"/g)].some((m) => listSkus.has(m[1]!))) {
      listPath = categoryUrl(category.slug);
      break;
    }
  }
  expect(listPath).toBeDefined();
});

afterAll(async () => {
  await browser?.close();
});

describe('before any choice', () => {
  it('tracks nothing: no dataLayer, no third-party request, no cookie, no analytics storage — while browsing and shopping', async () => {
    await freshShopper();
    await page.goto(listPath, { waitUntil: 'networkidle' });
    await banner().waitFor();
    await page.locator('.tile__link').first().click();
    await page.waitForURL('**/p/**');
    await page.goto(`/p/${encodeURIComponent(products[0]!.sku)}/${encodeURIComponent(products[0]!.slug)}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await notification('Il prodotto è stato aggiunto al carrello!').first().waitFor();
    await page.goto('/shoppingcart', { waitUntil: 'networkidle' });
    // Scrolling is not consent either (Garante).
    await page.mouse.wheel(0, 2000);
    await banner().waitFor();
    expect(await page.evaluate(() => (window as { dataLayer?: unknown }).dataLayer)).toBeUndefined();
    expect(await pushes()).toEqual([]);
    expect(thirdParty).toEqual([]);
    expect(await context.cookies()).toEqual([]);
    expect((await storageKeys()).filter((key) => key.startsWith('shop/ga4'))).toEqual([]);
  });

  it('offers reject and accept as the same button, side by side, with no category ticked', async () => {
    const reject = banner().getByRole('button', { name: 'Rifiuta tutti' });
    const accept = banner().getByRole('button', { name: 'Accetta tutti' });
    const look = (button: typeof reject) =>
      button.evaluate((el) => {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return { className: el.className, color: style.color, background: style.backgroundColor, font: style.fontSize + style.fontWeight, width: Math.round(box.width), height: Math.round(box.height), top: Math.round(box.top) };
      });
    expect(await look(reject)).toEqual(await look(accept));
    expect(await runAxe()).toEqual([]);
    await banner().getByRole('button', { name: 'Scegli per categoria' }).click();
    for (const name of ['Statistiche', 'Marketing']) expect(await banner().getByRole('checkbox', { name }).isChecked()).toBe(false);
    await banner().getByText('Sempre attivi').waitFor();
    expect(await runAxe()).toEqual([]);
    // On a phone too: the two still side by side, alike, and no violation.
    await page.setViewportSize({ width: 412, height: 823 });
    expect(await look(reject)).toEqual(await look(accept));
    expect(await runAxe()).toEqual([]);
  });
});

describe('before the scripts have run', () => {
  it('shows the banner with the page to those who have not chosen, and not to those who have or run no JavaScript', async () => {
    await freshShopper();
    // No script of the shop loads: what the server's HTML and the consent hint alone show.
    await page.route('**/_next/static/**/*.js', (route) => route.abort());
    await page.goto(listPath, { waitUntil: 'load' });
    expect(await banner().isVisible()).toBe(true);
    expect(await banner().getByRole('button', { name: 'Rifiuta tutti' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => [...document.scripts].filter((s) => s.src.includes('/_next/')).length)).toBeGreaterThan(0);

    await context.addCookies([{ name: CONSENT_COOKIE, value: formatConsent(REJECT_ALL, Date.now()), url: baseUrl }]);
    await page.reload({ waitUntil: 'load' });
    expect(await banner().count()).toBe(0);
    expect(await page.locator('[data-testid="consent-banner"]').count()).toBe(1);

    const noScript = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(listPath);
    expect(await plain.getByRole('dialog', { name: 'Cookie e privacy' }).count()).toBe(0);
    expect(await plain.locator('.tile__link').count()).toBeGreaterThan(0);
    await noScript.close();
  });
});

describe('refusing', () => {
  it('takes one click, is remembered for six months, and keeps everything off from page to page', async () => {
    await freshShopper();
    await page.goto(listPath, { waitUntil: 'networkidle' });
    await banner().getByRole('button', { name: 'Rifiuta tutti' }).click();
    await banner().waitFor({ state: 'detached' });
    const cookie = (await consentCookie())!;
    expect(cookie.value).toMatch(/^1\.00\.\d+$/);
    expect(Math.abs(cookie.expires - (Date.now() / 1000 + CONSENT_MAX_AGE_SECONDS))).toBeLessThan(120);
    expect(cookie.sameSite).toBe('Lax');
    await page.locator('.tile__link').first().click();
    await page.waitForURL('**/p/**');
    await page.reload({ waitUntil: 'networkidle' });
    expect(await banner().count()).toBe(0);
    expect(await page.evaluate(() => (window as { dataLayer?: unknown }).dataLayer)).toBeUndefined();
    expect(thirdParty).toEqual([]);
    expect((await context.cookies()).map((c) => c.name)).toEqual([CONSENT_COOKIE]);
  });

  it('is what the "X" does too', async () => {
    await freshShopper();
    await page.goto('/', { waitUntil: 'networkidle' });
    await banner().getByRole('button', { name: 'Chiudi senza accettare' }).click();
    await banner().waitFor({ state: 'detached' });
    expect((await consentCookie())?.value).toMatch(/^1\.00\.\d+$/);
  });

  it('can be changed from the footer link, which shows the current choice', async () => {
    await page.getByRole('button', { name: 'Preferenze cookie' }).click();
    await banner().waitFor();
    expect(await banner().getByRole('checkbox', { name: 'Statistiche' }).isChecked()).toBe(false);
    await banner().getByRole('checkbox', { name: 'Statistiche' }).check();
    await banner().getByRole('button', { name: 'Salva le mie scelte' }).click();
    await banner().waitFor({ state: 'detached' });
    expect((await consentCookie())?.value).toMatch(/^1\.10\.\d+$/);
    expect(thirdParty).toEqual([]);
  });
});

describe('keyboard only', () => {
  it('reaches the banner first, chooses by category, saves, and reopens it from the footer', async () => {
    await freshShopper();
    await page.goto('/', { waitUntil: 'networkidle' });
    await banner().waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]')?.getAttribute('aria-labelledby'))).toBe('consent-title');
    await tabTo(banner().getByRole('button', { name: 'Scegli per categoria' }));
    await page.keyboard.press('Enter');
    // The first category has focus: Space ticks it, Tab moves on, Enter saves.
    await expect.poll(() => banner().getByRole('checkbox', { name: 'Statistiche' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await tabTo(banner().getByRole('button', { name: 'Salva le mie scelte' }));
    await page.keyboard.press('Enter');
    await banner().waitFor({ state: 'detached' });
    expect((await consentCookie())?.value).toMatch(/^1\.10\.\d+$/);

    const link = page.getByRole('button', { name: 'Preferenze cookie' });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('consent-title');
    expect(await banner().getByRole('checkbox', { name: 'Statistiche' }).isChecked()).toBe(true);
    expect(await runAxe()).toEqual([]);
    // Escape closes it as it was, and focus goes back to the link.
    await page.keyboard.press('Escape');
    await banner().waitFor({ state: 'detached' });
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await consentCookie())?.value).toMatch(/^1\.10\.\d+$/);
  });
});

describe('after accepting', () => {
  it('records a purchase journey as GA4 events, in order, by the item rules, and the purchase once', async () => {
    await freshShopper();
    await page.goto(listPath, { waitUntil: 'networkidle' });
    expect(await pushes()).toEqual([]);
    await banner().getByRole('button', { name: 'Accetta tutti' }).click();
    // The list was on screen when the shopper accepted: it counts as seen.
    await expect.poll(async () => (await ga4Events()).length).toBeGreaterThan(0);

    const tile = page.locator('article.tile');
    const skus = await tile.evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-sku')!));
    // The category trail under the page's breadcrumbs (Home first), as the list's items carry it.
    const trail = (await page.getByRole('navigation', { name: 'Sei qui' }).getByRole('listitem').allTextContents()).slice(1).map((name) => name.trim());
    const index = skus.findIndex((sku) => listSkus.has(sku));
    const sku = skus[index]!;
    await tile.nth(index).locator('.tile__link').click();
    await page.waitForURL('**/p/**');
    await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await notification('Il prodotto è stato aggiunto al carrello!').first().waitFor();
    await page.goto('/shoppingcart', { waitUntil: 'networkidle' });
    await expect.poll(async () => (await ga4Events()).some((e) => e.event === 'view_cart')).toBe(true);
    await page.getByRole('link', { name: 'Vai alla cassa' }).first().click();
    await page.waitForURL('**/checkout');
    await field('personalDetails.emailAddress').waitFor();
    await fillAddress({ email: `consent-${Date.now()}@example.it` });
    await field('paymentDetails.fiscalCode').fill('RSSMRA79B11C566R');
    await expect.poll(() => page.getByRole('radio', { name: /Corriere espresso/ }).isChecked(), { timeout: 10_000 }).toBe(true);
    await choosePayment(/Bonifico bancario/);
    await expect.poll(async () => (await page.getByTestId('checkout-totals').textContent()) ?? '', { timeout: 10_000 }).toContain('Spedizione');
    await page.getByRole('checkbox', { name: /termini e le condizioni/ }).check();
    await page.getByRole('button', { name: 'Conferma ordine' }).click();
    await page.waitForURL('**/thank-you?**', { timeout: 15_000 });
    const number = (await page.getByText(/^Numero ordine: \d{9}$/).textContent())!.replace('Numero ordine: ', '');
    await expect.poll(async () => (await ga4Events()).some((e) => e.event === 'purchase')).toBe(true);

    const events = await ga4Events();
    const names = events.map((e) => e.event);
    const lists = names.filter((name) => name === 'view_item_list').length;
    expect(names).toEqual([
      ...Array<string>(lists).fill('view_item_list'),
      'select_item',
      'view_item',
      'add_to_cart',
      'view_cart',
      'begin_checkout',
      'add_shipping_info',
      'add_payment_info',
      'purchase',
    ]);
    // The list's tiles in groups of at most 12, positions counted across the groups.
    const listed = events.filter((e) => e.event === 'view_item_list').flatMap((e) => e.ecommerce!.items!);
    expect(events.filter((e) => e.event === 'view_item_list').every((e) => e.ecommerce!.items!.length <= 12)).toBe(true);
    expect(lists).toBe(Math.ceil(skus.length / 12));
    expect(listed.map((item) => item['item_id'])).toEqual(skus);
    expect(listed.map((item) => item['index'])).toEqual(skus.map((_, i) => i));
    const categoryKeys = ['item_category', 'item_category2', 'item_category3', 'item_category4', 'item_category5'].slice(0, trail.length);
    for (const item of listed) expect(categoryKeys.map((key) => item[key])).toEqual(trail.slice(0, 5));
    // Every item: a name of at most 100 characters, at most 5 category levels, a price in euros to the cent.
    for (const item of events.flatMap((e) => e.ecommerce?.items ?? [])) {
      expect(String(item['item_name']).length).toBeLessThanOrEqual(100);
      expect(Object.keys(item).filter((key) => key.startsWith('item_category')).length).toBeLessThanOrEqual(5);
      expect(Math.round(Number(item['price']) * 100)).toBeCloseTo(Number(item['price']) * 100, 6);
    }
    const byName = Object.fromEntries(events.map((e) => [e.event, e]));
    expect(byName['select_item']!.ecommerce!.items![0]).toMatchObject({ item_id: sku, index, item_list_id: listed[0]!['item_list_id'] });
    const viewed = byName['view_item']!.ecommerce!.items![0]!;
    expect(viewed).toMatchObject({ item_id: sku, item_category: expect.any(String) });
    const price = viewed['price'] as number;
    for (const name of ['add_to_cart', 'view_cart', 'begin_checkout', 'add_shipping_info', 'add_payment_info', 'purchase']) {
      const ecommerce = byName[name]!.ecommerce!;
      expect(ecommerce, name).toMatchObject({ currency: 'EUR', value: price, items: [{ item_id: sku, price, quantity: 1, item_category: viewed['item_category'] }] });
    }
    expect(byName['add_shipping_info']!.ecommerce!['shipping_tier']).toBe('flatrate_flatrate');
    expect(byName['add_payment_info']!.ecommerce!['payment_type']).toBe('banktransfer');
    expect(byName['purchase']!.ecommerce).toMatchObject({ transaction_id: number, tax: expect.any(Number), shipping: expect.any(Number) });
    // Each event after a reset of the previous ecommerce object; nothing personal anywhere.
    const all = await pushes();
    for (const [i, entry] of all.entries()) if (entry.ecommerce) expect(all[i - 1]).toEqual({ ecommerce: null });
    expect(JSON.stringify(all)).not.toMatch(/@example\.it|Rossi|RSSMRA|333 123|Via Roma/);

    // A reload of the thank-you page sends no second purchase.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByText(`Numero ordine: ${number}`).waitFor();
    expect((await ga4Events()).filter((e) => e.event === 'purchase')).toHaveLength(1);
    expect(thirdParty).toEqual([]);
  });
});

describe('after accepting, the other events', () => {
  it('sends remove_from_cart, search and sign_up, nothing personal in them', async () => {
    await freshShopper();
    const product = products[1]!;
    await page.goto(`/p/${encodeURIComponent(product.sku)}/${encodeURIComponent(product.slug)}`, { waitUntil: 'networkidle' });
    await banner().getByRole('button', { name: 'Accetta tutti' }).click();
    await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await notification('Il prodotto è stato aggiunto al carrello!').first().waitFor();
    await page.goto('/shoppingcart', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /^Rimuovi / }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect.poll(async () => (await ga4Events()).some((e) => e.event === 'remove_from_cart')).toBe(true);

    await page.getByRole('combobox', { name: 'Cerca nel catalogo' }).first().click();
    await page.keyboard.type('coltello');
    await expect.poll(async () => (await ga4Events()).some((e) => e.event === 'search')).toBe(true);

    const email = `eventi-${Date.now()}@example.it`;
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Il tuo account e il carrello' }).getByRole('link', { name: 'Il mio account' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('button', { name: 'Non hai un account? Registrati' }).click();
    await modal.getByLabel('Nome', { exact: true }).fill('Giulia');
    await modal.getByLabel('Cognome').fill('Verdi');
    await modal.getByLabel('E-mail').fill(email);
    await modal.getByLabel('Password').fill('Coltello-2026');
    await modal.getByRole('button', { name: 'Registrati' }).click();
    await expect.poll(async () => (await ga4Events()).some((e) => e.event === 'sign_up')).toBe(true);

    const events = await ga4Events();
    const byName = Object.fromEntries(events.map((e) => [e.event, e]));
    expect(byName['remove_from_cart']!.ecommerce).toMatchObject({ currency: 'EUR', items: [{ item_id: product.sku, quantity: 1 }] });
    expect(byName['search']).toEqual({ event: 'search', search_term: 'coltello' });
    expect(byName['sign_up']).toEqual({ event: 'sign_up', method: 'email' });
    expect(events.filter((e) => e.event === 'login')).toEqual([]);
    expect(JSON.stringify(await pushes())).not.toMatch(/eventi-|Giulia|Verdi/);
  });
});

describe('with a tag manager container and error reporting configured', () => {
  let shop: OwnShop;
  let ingest: Server;
  /** What reached the fake Sentry: envelopes, one JSON document a line. */
  const envelopes: string[] = [];

  beforeAll(async () => {
    ingest = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        envelopes.push(body);
        res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'application/json' });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
    const dsn = `http://0123abcd@127.0.0.1:${(ingest.address() as AddressInfo).port}/42`;
    shop = await startOwnShop('consent', {
      DEMO_PRODUCTS: '200',
      GTM_ID: 'GTM-TEST123',
      SENTRY_DSN: dsn,
      SENTRY_REPLAYS_SESSION_SAMPLE_RATE: '0',
      SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE: '0',
    });
  }, 240_000);
  afterAll(async () => {
    await shop?.stop();
    ingest?.close();
  });

  /** A fresh shopper on that shop; Google's tag is answered locally (no internet here). */
  async function shopper() {
    await freshShopper(shop.url);
    await context.route('https://www.googletagmanager.com/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'document.documentElement.dataset.gtm = "loaded";' }),
    );
    await page.goto('/', { waitUntil: 'networkidle' });
    await banner().waitFor();
  }
  const failInPage = () => page.evaluate(() => setTimeout(() => {
    throw new Error('Checkout failed for mario.rossi@example.it, CF RSSMRA79B11C566R');
  }));
  const ingestOrigin = () => `http://127.0.0.1:${(ingest.address() as AddressInfo).port}`;

  it('allows only those hosts in the policy, and loads neither before a choice nor after a refusal', async () => {
    const policy = (await fetch(shop.url)).headers.get('content-security-policy')!;
    expect(policy).toMatch(/script-src 'self'( 'sha256-[^']+')+ https:\/\/www\.googletagmanager\.com;/);
    expect(policy).toContain(`connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com ${ingestOrigin()}`);

    await shopper();
    await failInPage();
    await page.reload({ waitUntil: 'networkidle' });
    expect(thirdParty).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.dataset['gtm'])).toBeUndefined();
    await banner().getByRole('button', { name: 'Rifiuta tutti' }).click();
    await page.reload({ waitUntil: 'networkidle' });
    await failInPage();
    await page.reload({ waitUntil: 'networkidle' });
    expect(thirdParty).toEqual([]);
  });

  it('after accepting, loads the container once and reports a page error with personal text masked', async () => {
    await shopper();
    await banner().getByRole('button', { name: 'Accetta tutti' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset['gtm'])).toBe('loaded');
    expect(thirdParty.filter((url) => url.includes('googletagmanager'))).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-TEST123']);
    const consentMode = (await pushes()).filter((entry) => (entry as Record<string, unknown>)['0'] === 'consent');
    expect(consentMode.map((entry) => [entry['1'], (entry['2'] as Record<string, string>)['analytics_storage']])).toEqual([
      ['default', 'denied'],
      ['update', 'granted'],
    ]);

    // The reporting SDK starts once consent is given; an error then reaches the configured DSN only.
    await expect
      .poll(async () => {
        await failInPage();
        return envelopes.find((envelope) => envelope.includes('Checkout failed'));
      }, { timeout: 15_000, interval: 1000 })
      .toBeDefined();
    const report = envelopes.find((envelope) => envelope.includes('Checkout failed'))!;
    expect(report).toContain('Checkout failed for [email], CF [codice fiscale]');
    expect(report).not.toMatch(/mario\.rossi|RSSMRA79B11C566R|bp_consent/);
    expect(thirdParty.every((url) => url.startsWith('https://www.googletagmanager.com/') || url.startsWith(ingestOrigin()))).toBe(true);
  });
});
