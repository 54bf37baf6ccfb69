import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readOutbox } from '../apps/api/src/modules/mail/eml.ts';
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { freePort, startShop, storefrontDir } from '../scripts/lib/processes.mjs';
import { launchBrowser, newPage } from './browser.ts';
import { checkoutFlow, plentifulProducts, type Doc } from './checkout-flow.ts';
import { offlineFlow, productPath } from './offline-helpers.ts';
import { copyBuild, removeBuild } from './own-shop.ts';

// Issue #18: the shop as an offline PWA. The service worker is allowed here (other browser tests
// block it), and `context.setOffline` takes the network away from the page and the worker.

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');
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

const { offline, storedCart, controlledHome, freshShopper, signIn, checkoutReadyToConfirm, storedOrders, sentOrder } = offlineFlow(() => page);
const { notification } = checkoutFlow(() => page);
const banner = () => page.getByRole('status').filter({ hasText: 'Sei offline' });

describe('installable', () => {
  it('links a web app manifest with icons and registers /service-worker.js', async () => {
    await controlledHome();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = (await (await fetch(new URL(href!, baseUrl))).json()) as { name: string; display: string; start_url: string; icons: { src: string; sizes: string }[] };
    expect(manifest).toMatchObject({ name: 'Bottega Pro', display: 'standalone', start_url: '/' });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) expect((await fetch(new URL(icon.src, baseUrl))).status).toBe(200);
    const script = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(script).toBe(new URL('/service-worker.js', baseUrl).href);
    // Chromium's own verdict (the one behind its install prompt); a test context is off the record.
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    await cdp.detach();
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  });
});

describe('browsing offline', () => {
  it('shows visited category and product pages again offline, with a quiet banner', async () => {
    await controlledHome();
    const product = products[0]!;
    await page.goto('/c/coltelli', { waitUntil: 'networkidle' });
    const categoryHeading = await page.getByRole('heading', { level: 1 }).textContent();
    await page.goto(productPath(product), { waitUntil: 'networkidle' });
    const productHeading = await page.getByRole('heading', { level: 1 }).textContent();
    expect(await banner().count()).toBe(0);

    await offline(true);
    try {
      await page.goto('/c/coltelli');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(categoryHeading);
      await banner().waitFor();
      await page.goto(productPath(product));
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(productHeading);
      await page.goto('/');
      await page.getByRole('link', { name: 'Coltelli' }).first().waitFor();
    } finally {
      await offline(false);
    }
    await banner().waitFor({ state: 'detached' });
  });

  it('answers an unvisited product offline with the spec text and a way home', async () => {
    await controlledHome();
    await offline(true);
    try {
      await page.goto(productPath(products[products.length - 1]!));
      await page.getByText('Il prodotto, la categoria o la pagina non è disponibile in modalità offline.').waitFor();
      await page.getByRole('link', { name: 'Vai alla home page', exact: true }).click();
      await page.waitForURL(new URL('/', baseUrl).href);
      await page.getByRole('link', { name: 'Coltelli' }).first().waitFor();
    } finally {
      await offline(false);
    }
  });

  it('searches the answers kept from before on a page loaded offline', async () => {
    await controlledHome();
    const search = page.getByRole('search', { name: 'Cerca nel catalogo' }).first();
    const field = search.getByRole('combobox', { name: 'Cerca nel catalogo' });
    const options = () => page.getByRole('listbox', { name: 'Prodotti trovati' }).first().getByRole('option');
    await field.focus();
    await page.keyboard.type('guanti');
    await expect.poll(() => options().count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const online = await options().allTextContents();
    await offline(true);
    try {
      // A fresh load from the worker's copy: the search code comes from the precache.
      await page.reload();
      await field.focus();
      await page.keyboard.type('guanti');
      await expect.poll(() => search.getByRole('status').textContent()).toMatch(/^Sei offline: questi sono i risultati salvati/);
      expect(await options().allTextContents()).toEqual(online);
    } finally {
      await offline(false);
    }
  });

  it('never stores private pages or answers that carry a token', async () => {
    await controlledHome();
    await page.goto('/shoppingcart', { waitUntil: 'networkidle' });
    const stored = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname + new URL(request.url).search);
      }
      return urls;
    });
    expect(stored).toContain('/');
    // The cart and checkout frames are the app shell (issue 42 point 16; no buyer data in them: e2e/offline-shell.e2e.test.ts).
    const shell = new Set(['/shoppingcart', '/checkout']);
    expect(stored.filter((url) => !shell.has(url) && /shoppingcart|checkout|thank-you|my-account|\/api\/|token=|cartId=/.test(url))).toEqual([]);
  });
});


async function serverCart(cartId: string): Promise<{ sku: string; qty: number }[]> {
  const body = (await (await fetch(`${baseUrl}/api/cart/pull?cartId=${encodeURIComponent(cartId)}`)).json()) as { code: number; result: { sku: string; qty: number }[] };
  return body.code === 200 ? body.result : [];
}

describe('cart offline', () => {
  it('adds to the cart offline; on reconnect the line reaches the server cart', async () => {
    await freshShopper();
    const product = products[1]!;
    await page.goto(productPath(product), { waitUntil: 'networkidle' });
    await offline(true);
    try {
      await page.goto(productPath(product));
      await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
      await notification('Il prodotto è stato aggiunto al carrello!').first().waitFor();
      expect(await storedCart()).toMatchObject({ token: null, items: [{ sku: product.sku, qty: 1 }] });
    } finally {
      await offline(false);
    }
    await expect.poll(async () => (await storedCart()).token ?? '', { timeout: 15_000 }).not.toBe('');
    const token = (await storedCart()).token!;
    await expect.poll(() => serverCart(token), { timeout: 15_000 }).toEqual([expect.objectContaining({ sku: product.sku, qty: 1 })]);
  });
});

describe('orders offline', () => {
  it('takes an order offline ("Ordine in attesa!"), sends it from the thank-you page once, and a resend answers the same order', async () => {
    await freshShopper();
    const email = `offline-${Date.now()}@example.it`;
    await checkoutReadyToConfirm(products[2]!, email);

    await offline(true);
    try {
      await page.getByRole('button', { name: 'Conferma ordine' }).click();
      await page.getByRole('heading', { name: 'Ordine in attesa!' }).waitFor();
      expect(await page.getByRole('button', { name: "Invia l'ordine" }).isDisabled()).toBe(true);
    } finally {
      await offline(false);
    }
    // Automatic transmission is off (the default): nothing is sent by itself.
    await page.goto('/');
    const waiting = page.getByRole('status').filter({ hasText: 'Ordine in attesa!' });
    await waiting.getByRole('link', { name: 'Invialo ora' }).click();
    await page.waitForURL('**/thank-you?pending=1');
    expect(readOutbox(outboxDir).filter((mail) => mail.to.includes(email))).toHaveLength(0);

    await page.getByRole('button', { name: "Invia l'ordine" }).click();
    const sent = sentOrder();
    await sent.waitFor({ timeout: 15_000 });
    const number = /\d{9}/.exec((await sent.textContent())!)![0];
    expect((await storedCart()).items ?? []).toEqual([]);

    // The stored order again, with its key: the shop answers the same order, it makes no second one.
    const [task] = await storedOrders();
    const resend = await fetch(`${baseUrl}/api/order`, { method: 'POST', headers: { 'content-type': 'application/json', ...task!.headers }, body: JSON.stringify(task!.payload) });
    expect(((await resend.json()) as { result: { incrementId: string } }).result.incrementId).toBe(number);

    await page.getByRole('link', { name: "Vedi la conferma dell'ordine" }).click();
    await page.getByText(`Numero ordine: ${number}`).waitFor();
    await expect.poll(() => readOutbox(outboxDir).filter((mail) => mail.to.includes(email)).length, { timeout: 10_000 }).toBe(1);
    expect(await page.getByRole('status').filter({ hasText: 'Ordine in attesa!' }).count()).toBe(0);
  });

  it("sends a signed-in customer's offline order after the access token expired: refreshed under the lock, sent once", async () => {
    await freshShopper();
    const email = `offline-customer-${Date.now()}@example.it`;
    const password = 'Coltello-2026';
    const created = await fetch(`${baseUrl}/api/user/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customer: { email, firstname: 'Carla', lastname: 'Bianchi' }, password }),
    });
    expect(((await created.json()) as { code: number }).code).toBe(200);
    await signIn(email, password, 'Carla');

    await checkoutReadyToConfirm(products[3]!, email);
    await offline(true);
    try {
      await page.getByRole('button', { name: 'Conferma ordine' }).click();
      await page.getByRole('heading', { name: 'Ordine in attesa!' }).waitFor();
      // The e2e shop's access tokens live 20 s (global-setup.ts): this one expires while the order waits.
      await page.waitForTimeout(21_000);
    } finally {
      await offline(false);
    }
    const calls: string[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path === '/api/order' || path === '/api/user/refresh') calls.push(`${path} ${response.status()}`);
    });
    await page.getByRole('button', { name: "Invia l'ordine" }).click();
    const sent = sentOrder();
    await sent.waitFor({ timeout: 15_000 });
    // The expired token is refreshed once, either on the order's own 401 or first by another call
    // the page makes as it comes back online (the cart's pull): the order itself goes through once.
    expect(calls.filter((call) => call !== '/api/order 401')).toEqual(['/api/user/refresh 200', '/api/order 200']);
    expect(calls.filter((call) => call === '/api/order 401').length).toBeLessThanOrEqual(1);
    const number = /\d{9}/.exec((await sent.textContent())!)![0];
    await expect.poll(() => readOutbox(outboxDir).filter((mail) => mail.to.includes(email)).map((mail) => mail.subject.includes(number)), { timeout: 10_000 }).toEqual([true]);
  });
});

describe('a new deployment', () => {
  /** This build as deployed again: its worker's precache list differs (a new build's always does). */
  function redeployedBuild(): string {
    const dist = copyBuild('redeploy');
    const worker = join(storefrontDir as string, dist, 'server/app/serwist/sw.js.body');
    const source = readFileSync(worker, 'utf8');
    const changed = source.replace(/revision:"(\d+)",url:"\/offline"/, (_, revision: string) => `revision:"${Number(revision) + 1}",url:"/offline"`);
    expect(changed).not.toBe(source);
    writeFileSync(worker, changed);
    return dist;
  }

  it('replaces the old worker and drops its page caches, and the open page keeps working', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-redeploy-'));
    const port = (await freePort()) as number;
    const apiPort = (await freePort()) as number;
    const start = (dist: string) =>
      startShop({ port, apiPort, env: { DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_TOKEN: '', DEMO_PRODUCTS: '200', NEXT_DIST_DIR: dist }, stdio: ['ignore', 'ignore', 'inherit'] }) as Promise<{ url: string; stop: () => Promise<void> }>;
    const dists = [copyBuild('deploy')];
    let shop = await start(dists[0]!);
    const visitor = await newPage(browser, shop.url, 1280, 'allow');
    const errors: string[] = [];
    visitor.on('pageerror', (error) => errors.push(error.message));
    const pageCaches = () => visitor.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('shop-pages-')));
    try {
      await visitor.goto('/', { waitUntil: 'networkidle' });
      await visitor.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      await visitor.reload({ waitUntil: 'networkidle' });
      await expect.poll(pageCaches).toHaveLength(1);
      const [before] = await pageCaches();

      await shop.stop();
      dists.push(redeployedBuild());
      shop = await start(dists[1]!);
      // The open page goes on: its next navigation finds the new worker, which takes over at once.
      await visitor.goto('/', { waitUntil: 'networkidle' });
      await expect.poll(pageCaches, { timeout: 20_000 }).not.toContain(before);
      await visitor.reload({ waitUntil: 'networkidle' });
      await visitor.getByRole('link', { name: 'Coltelli' }).first().waitFor();
      expect(await pageCaches()).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await visitor.context().close();
      await shop.stop();
      dists.forEach(removeBuild);
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two starts of a shop of its own, each with its API and a small catalogue.
  }, 240_000);
});
