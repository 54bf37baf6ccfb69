import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readOutbox } from '../apps/api/src/modules/mail/eml.ts';
import { CONSENT_COOKIE, formatConsent } from '@shop/domain';
import { launchBrowser } from './browser.ts';
import { checkoutFlow, checkoutProducts } from './checkout-flow.ts';
import { startOwnShop, type OwnShop } from './own-shop.ts';

/*
 * The newsletter and the store locator in a real browser (issue #19): the popup promising the
 * 10 % coupon opens once and goes with Escape; subscribing in it by keyboard mails a confirmation
 * link, whose page confirms and brings the coupon mail; the store locator lists the stores
 * without any third-party request, and shows a map only on a shop with a tile provider (tiles
 * through the shop). axe on the dialog and the new pages. The popup and the map run on a shop of
 * their own (the shared one has the popup off, as it would cover what other tests click).
 */

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;
let shop: OwnShop;
let tiles: Server;
const tileRequests: string[] = [];
const outboxDir = mkdtempSync(join(tmpdir(), 'shop-e2e-newsletter-outbox-'));
const { runAxe, tabTo } = checkoutFlow(() => page);

beforeAll(async () => {
  // A tile provider of our own: it records what the shop's server asks it for.
  const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#cfe3c8' } }).png().toBuffer();
  tiles = createServer((req, res) => {
    tileRequests.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png' }).end(png);
  });
  await new Promise<void>((resolve) => tiles.listen(0, '127.0.0.1', resolve));
  const tileUrl = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}/{z}/{x}/{y}.png`;
  shop = await startOwnShop('newsletter', {
    DEMO_PRODUCTS: '50',
    NEWSLETTER_POPUP: 'true',
    WRITE_LIMIT: '100000',
    MAIL_OUTBOX_DIR: outboxDir,
    STORE_LOCATOR_TILE_URL: tileUrl,
    STORE_LOCATOR_TILE_ATTRIBUTION: '© Mappe di prova',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  tiles?.close();
  rmSync(outboxDir, { recursive: true, force: true });
});

/**
 * A fresh browser (no storage: the popup has not been shown) whose cookie choice was made in an
 * earlier visit and allows analytics (after "Rifiuta tutti" the popup never opens, issue #42
 * point 15), on its third page view: the popup's earliest.
 */
async function freshPage(url: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 900 }, locale: 'it-IT', serviceWorkers: 'block' });
  await context.addCookies([{ name: CONSENT_COOKIE, value: formatConsent({ analytics: true, marketing: false }, Date.now()), url }]);
  page = await context.newPage();
  return page;
}

/** The two page views before the one the popup may open on. */
async function twoPageViews(): Promise<void> {
  for (const path of ['/store-locator', '/c/coltelli']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    expect(await popup().count()).toBe(0);
  }
}

const popup = () => page.getByRole('dialog', { name: 'Iscriviti alla newsletter: 10 % di sconto' });

/** The first match of `what` in the mails to `to` (in the own shop's outbox unless told). */
async function mailTo(to: string, what: RegExp, dir = outboxDir): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = readOutbox(dir)
          .filter((mail) => mail.to.includes(to))
          .map((mail) => what.exec(mail.text)?.[0])
          .find(Boolean);
        return found;
      },
      { timeout: 15_000 },
    )
    .toBeDefined();
  return found!;
}

describe('newsletter popup', () => {
  it('opens once with the 10 % promise, has no axe violations, and goes with Escape', async () => {
    await freshPage(shop.url);
    await twoPageViews();
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect.poll(() => popup().isVisible()).toBe(true);
    expect(await popup().textContent()).toContain('10 %');
    // Focus is inside the dialog, on its first control.
    expect(await page.evaluate(() => document.activeElement?.closest('dialog')?.getAttribute('aria-labelledby'))).toBe('newsletter-popup-title');
    expect(await runAxe()).toEqual([]);

    await page.keyboard.press('Escape');
    await expect.poll(() => popup().isVisible()).toBe(false);
    await page.goto('/store-locator', { waitUntil: 'networkidle' });
    await page.reload({ waitUntil: 'networkidle' });
    expect(await popup().isVisible()).toBe(false);
    await page.context().close();
  });

  it('closes with its close button, and never opens in the checkout', async () => {
    await freshPage(shop.url);
    await page.goto('/checkout', { waitUntil: 'networkidle' });
    expect(await popup().count()).toBe(0);
    await twoPageViews();
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect.poll(() => popup().isVisible()).toBe(true);
    await popup().getByRole('button', { name: 'Chiudi' }).click();
    await expect.poll(() => popup().isVisible()).toBe(false);
    await page.context().close();
  });

  it('subscribes by keyboard: confirmation mail → its page confirms → the coupon mail', async () => {
    const email = `popup-${Date.now()}@example.it`;
    await freshPage(shop.url);
    await twoPageViews();
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect.poll(() => popup().isVisible()).toBe(true);
    await tabTo(popup().getByLabel('Indirizzo e-mail'));
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await expect.poll(() => popup().getByRole('status').textContent()).toBe(`Ti abbiamo scritto a ${email}: apri il link nell'e-mail per confermare l'iscrizione e ricevere il codice sconto.`);
    expect(await runAxe()).toEqual([]);

    // Only the confirmation subscribes: nothing but the link was mailed so far.
    const link = new URL(await mailTo(email, /https?:\/\/\S+\/newsletter\?token=[\w-]+/));
    expect(readOutbox(outboxDir).filter((mail) => mail.to.includes(email))).toHaveLength(1);
    await page.goto(`${link.pathname}${link.search}`, { waitUntil: 'networkidle' });
    expect(await popup().count()).toBe(0);
    expect(await runAxe()).toEqual([]);
    await tabTo(page.getByRole('button', { name: "Conferma l'iscrizione" }));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('newsletter-confirm-message').textContent()).toBe(`Iscrizione confermata per ${email}. Ti abbiamo inviato il codice sconto del 10 % per e-mail.`);
    const code = await mailTo(email, /\bNL-[2-9A-Z]{10}\b/);

    // The code is a coupon the cart takes.
    const [product] = (await checkoutProducts(shop.url)).filter((p) => p.stock?.is_in_stock && !p.custom_options?.length);
    const cart = (await (await fetch(`${shop.url}/api/cart/create`, { method: 'POST' })).json()) as { result: string };
    const added = await fetch(`${shop.url}/api/cart/update?cartId=${cart.result}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cartItem: { sku: product!.sku, qty: 1 } }) });
    expect(added.status).toBe(200);
    const applied = await fetch(`${shop.url}/api/cart/apply-coupon?cartId=${cart.result}&coupon=${code}`, { method: 'POST' });
    expect(await applied.json()).toEqual({ code: 200, result: true });
    await page.context().close();
  });

  it('never opens in the visit of the cookie banner nor after "Rifiuta tutti"; later, on the third page view of a visit without the banner', async () => {
    const context = await browser.newContext({ baseURL: shop.url, viewport: { width: 1280, height: 900 }, locale: 'it-IT', serviceWorkers: 'block' });
    page = await context.newPage();
    const banner = () => page.getByRole('dialog', { name: 'Cookie e privacy' });
    await page.goto('/', { waitUntil: 'networkidle' });
    await banner().getByRole('button', { name: 'Accetta tutti' }).click();
    for (const path of ['/store-locator', '/c/coltelli', '/c/coltelli-da-disosso', '/']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(await popup().count(), path).toBe(0);
    }
    // A later visit (a new tab: a new session), without the banner.
    page = await context.newPage();
    await twoPageViews();
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect.poll(() => popup().isVisible()).toBe(true);
    await context.close();

    const refusing = await browser.newContext({ baseURL: shop.url, viewport: { width: 1280, height: 900 }, locale: 'it-IT', serviceWorkers: 'block' });
    page = await refusing.newPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    await banner().getByRole('button', { name: 'Rifiuta tutti' }).click();
    page = await refusing.newPage();
    for (const path of ['/store-locator', '/c/coltelli', '/c/coltelli-da-disosso', '/', '/store-locator']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(await popup().count(), path).toBe(0);
    }
    await refusing.close();
  });
});

describe('store locator', () => {
  it('lists the configured stores without any request beyond the shop, and no map without a tile provider', async () => {
    await freshPage(baseUrl);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Trova il punto vendita' }).click();
    await page.waitForURL('**/store-locator');
    await expect.poll(() => page.getByTestId('store-list').locator(':scope > li').count()).toBe(3);
    expect(await page.getByTestId('store-list').textContent()).toContain('Bottega Pro Milano');
    expect(await page.getByTestId('store-map').count()).toBe(0);
    expect(await runAxe()).toEqual([]);
    expect(requests.filter((url) => new URL(url).origin !== new URL(baseUrl).origin)).toEqual([]);
    await page.context().close();
  });

  it('shows the map when a tile provider is configured, its tiles through the shop', async () => {
    await freshPage(shop.url);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/store-locator', { waitUntil: 'networkidle' });
    if (await popup().isVisible()) await page.keyboard.press('Escape');
    const map = page.getByRole('img', { name: "Mappa dei punti vendita: i numeri sono quelli dell'elenco" });
    expect(await map.isVisible()).toBe(true);
    expect(await page.getByText('Mappa: © Mappe di prova').isVisible()).toBe(true);
    await expect.poll(() => map.locator('img').evaluateAll((images) => images.every((img) => (img as HTMLImageElement).naturalWidth === 256))).toBe(true);
    expect(requests.filter((url) => new URL(url).origin !== new URL(shop.url).origin)).toEqual([]);
    expect(tileRequests.length).toBeGreaterThan(0);
    expect(await runAxe()).toEqual([]);
    await page.context().close();
  });
});

describe('newsletter page', () => {
  it('subscribes and unsubscribes by e-mail with no axe violations', async () => {
    await freshPage(baseUrl);
    await page.goto('/newsletter', { waitUntil: 'networkidle' });
    expect(await runAxe()).toEqual([]);
    const email = `pagina-${Date.now()}@example.it`;
    await page.getByLabel('Indirizzo e-mail').first().fill(email);
    await page.getByRole('button', { name: 'Iscriviti' }).click();
    await expect.poll(() => page.getByTestId('newsletter-page-message').textContent()).toContain(`Ti abbiamo scritto a ${email}`);
    await page.getByLabel('Indirizzo e-mail').nth(1).fill(email);
    await page.getByRole('button', { name: "Annulla l'iscrizione" }).click();
    await expect.poll(() => page.getByTestId('newsletter-leave-message').textContent()).toBe(`Iscrizione annullata: non invieremo più la newsletter a ${email}.`);
    await page.goto('/newsletter?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: "Conferma l'iscrizione" }).click();
    await expect.poll(() => page.getByTestId('newsletter-confirm-message').textContent()).toBe('Il link di conferma non è valido o è scaduto: iscriviti di nuovo per riceverne uno nuovo.');
    await page.context().close();
  });
});

describe('account newsletter page', () => {
  it("shows the customer's state from the list, subscribes with the double opt-in and unsubscribes", async () => {
    const email = `conto-${Date.now()}@example.it`;
    const password = 'Coltello-2026';
    const created = await fetch(`${baseUrl}/api/user/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ customer: { email, firstname: 'Marta', lastname: 'Neri' }, password }) });
    expect(created.status).toBe(200);
    await freshPage(baseUrl);
    await page.goto('/my-account/newsletter', { waitUntil: 'networkidle' });
    await page.locator('#page-login-email').fill(email);
    await page.locator('#page-login-password').fill(password);
    await page.locator('#page-login-password').press('Enter');
    const state = page.getByTestId('account-newsletter-state');
    await expect.poll(() => state.textContent()).toBe('Non sei iscritto alla newsletter.');
    expect(await runAxe()).toEqual([]);

    await page.getByRole('button', { name: 'Iscriviti' }).click();
    await expect.poll(() => page.getByText(`Ti abbiamo scritto a ${email}`).count()).toBe(1);
    const link = new URL(await mailTo(email, /https?:\/\/\S+\/newsletter\?token=[\w-]+/, inject('outboxDir')));
    await page.goto(`${link.pathname}${link.search}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: "Conferma l'iscrizione" }).click();
    await page.getByTestId('newsletter-confirm-message').filter({ hasText: 'Iscrizione confermata' }).waitFor();

    await page.goto('/my-account/newsletter', { waitUntil: 'networkidle' });
    await expect.poll(() => state.textContent()).toBe(`Sei iscritto alla newsletter con l'indirizzo ${email}.`);
    await page.getByRole('button', { name: "Annulla l'iscrizione" }).click();
    await expect.poll(() => page.getByText(`Iscrizione annullata: non invieremo più la newsletter a ${email}.`).count()).toBe(1);
    expect(await state.textContent()).toBe('Non sei iscritto alla newsletter.');
    await page.context().close();
  });
});
