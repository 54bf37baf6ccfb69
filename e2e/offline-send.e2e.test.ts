import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatPrice, toCents } from '@shop/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../apps/api/src/modules/mail/eml.ts';
import { readAdminToken } from '../apps/api/src/http/admin-token.ts';
import { launchBrowser, newPage } from './browser.ts';
import { checkoutProducts, type Doc } from './checkout-flow.ts';
import { offlineFlow } from './offline-helpers.ts';
import { startOwnShop, type OwnShop } from './own-shop.ts';

// Issue #18, sending orders placed offline: automatic transmission on reconnect
// (OFFLINE_ORDERS_AUTO_SEND=true, in a shop of its own), and a price changed while the order
// waited, which the buyer sees before anything is ordered.

const outboxDir = mkdtempSync(join(tmpdir(), 'shop-e2e-offline-send-outbox-'));
let shop: OwnShop;
let browser: Browser;
let page: Page;
let products: Doc[];

beforeAll(async () => {
  shop = await startOwnShop('offline-send', { OFFLINE_ORDERS_AUTO_SEND: 'true', DEMO_PRODUCTS: '200', MAIL_OUTBOX_DIR: outboxDir });
  browser = await launchBrowser();
  page = await newPage(browser, shop.url, 1280, 'allow');
  const items = await checkoutProducts(shop.url);
  products = items.filter((p) => p.price > 10 && p.price < 400 && p.stock?.is_in_stock && p.stock.qty > 20 && !p.custom_options?.length);
  expect(products.length).toBeGreaterThan(2);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  rmSync(outboxDir, { recursive: true, force: true });
});

const { offline, freshShopper, signIn, checkoutReadyToConfirm, confirmOffline, storedOrders, sentOrder } = offlineFlow(() => page);
const mailsTo = (email: string) => readOutbox(outboxDir).filter((mail) => mail.to.includes(email));

interface OrderCall {
  key: string | undefined;
  status: number;
  /** The total the page had reviewed (`expected_grand_total`). */
  total: number;
}

/** Every `POST /api/order` the page makes: its idempotency key and the shop's answer. */
function orderCalls(): OrderCall[] {
  const calls: OrderCall[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || new URL(response.url()).pathname !== '/api/order') return;
    const body = request.postDataJSON() as { expected_grand_total: number };
    calls.push({ key: request.headers()['idempotency-key'], status: response.status(), total: body.expected_grand_total });
  });
  return calls;
}

async function api<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<{ code: number; result: T }> {
  const res = await fetch(`${shop.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  return (await res.json()) as { code: number; result: T };
}

describe('automatic transmission (OFFLINE_ORDERS_AUTO_SEND=true)', () => {
  it('sends an order placed offline by itself on reconnect, once, with its idempotency key', async () => {
    await freshShopper();
    const email = `offline-auto-${Date.now()}@example.it`;
    const password = 'Coltello-2026';
    expect((await api('/api/user/create', { method: 'POST', body: { customer: { email, firstname: 'Lucia', lastname: 'Verdi' }, password } })).code).toBe(200);
    await signIn(email, password, 'Lucia');
    await checkoutReadyToConfirm(products[0]!, email);
    const calls = orderCalls();
    try {
      await confirmOffline();
    } finally {
      await offline(false);
    }
    const [stored] = await storedOrders();
    const key = stored!.headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    // Nobody clicks: the page sends the order as the network comes back.
    const sent = sentOrder();
    await sent.waitFor({ timeout: 20_000 });
    const number = /\d{9}/.exec((await sent.textContent())!)![0];
    expect(calls).toEqual([{ key, status: 200, total: stored!.payload.expected_grand_total }]);

    // Another page no longer says the order waits to be sent; it points to the shop's answer.
    await page.goto('/', { waitUntil: 'networkidle' });
    const answered = page.getByRole('status').filter({ hasText: 'Il negozio ha risposto al tuo ordine preparato offline.' });
    await answered.waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Ordine in attesa!' }).count()).toBe(0);
    // Offline and back again: nothing is sent a second time.
    await offline(true);
    await offline(false);
    await page.goto('/', { waitUntil: 'networkidle' });
    await answered.getByRole('link', { name: 'Vedi la risposta' }).click();
    await page.waitForURL('**/thank-you?pending=1');
    await page.getByRole('link', { name: "Vedi la conferma dell'ordine" }).click();
    await page.getByText(`Numero ordine: ${number}`).waitFor();
    expect(await page.getByRole('status').filter({ hasText: /Ordine in attesa!|Il negozio ha risposto/ }).count()).toBe(0);
    expect(calls).toHaveLength(1);

    const login = await api<string>('/api/user/login', { method: 'POST', body: { username: email, password } });
    const history = await api<{ total_count: number; items: { increment_id: string }[] }>('/api/user/order-history', { token: login.result });
    expect(history.result.total_count).toBe(1);
    expect(history.result.items.map((order) => order.increment_id)).toEqual([number]);
    await expect.poll(() => mailsTo(email).map((mail) => mail.subject.includes(number)), { timeout: 10_000 }).toEqual([true]);
  });
});

/** Raises the product's price through the admin import API (as a shop operator's feed would). */
async function raisePrice(product: Doc): Promise<void> {
  const token = readAdminToken(shop.dataDir);
  expect(token).toBeDefined();
  const found = await api<{ items: Doc[] }>('/api/catalog', { method: 'POST', body: { entityType: 'product', filters: { sku: { eq: product.sku } } } });
  // The answer carries the prices the API worked out (original_*, *_incl_tax, special): a feed sends its own.
  const doc = Object.fromEntries(Object.entries(found.result.items[0]!).filter(([key]) => !/^original_|_incl_tax$|^(final|special)_price$/.test(key)));
  const price = Math.round(Number(found.result.items[0]!.price) + 25);
  const imported = await api<{ updated: number }>('/api/admin/catalog/import', { method: 'POST', token, body: { entity: 'product', docs: [{ ...doc, price }] } });
  expect(imported).toMatchObject({ code: 200, result: { updated: 1 } });
  const again = await api<{ items: Doc[] }>('/api/catalog', { method: 'POST', body: { entityType: 'product', filters: { sku: { eq: product.sku } }, includeFields: ['price'] } });
  expect(again.result.items[0]!.price).toBe(price);
}

describe('a price changed while the order waited', () => {
  it('shows the buyer the new total on reconnect and orders nothing until they confirm again at the checkout', async () => {
    await freshShopper();
    const email = `offline-price-${Date.now()}@example.it`;
    const product = products[1]!;
    await checkoutReadyToConfirm(product, email);
    const calls = orderCalls();
    try {
      await confirmOffline();
      await raisePrice(product);
    } finally {
      await offline(false);
    }
    const [stored] = await storedOrders();
    const key = stored!.headers['idempotency-key'];

    // The shop refuses the stored order (409 with the new total): the buyer reads why.
    const refused = page.getByTestId('pending-orders').getByRole('alert');
    await refused.waitFor({ timeout: 20_000 });
    expect(calls.map(({ status, key: sentKey }) => [status, sentKey])).toEqual([[409, key]]);
    const text = (await refused.textContent()) ?? '';
    expect(text).toContain("L'ordine non è stato accettato: I prezzi sono cambiati da quando hai controllato l'ordine.");
    const shown = /Il nuovo totale è €?\s*([\d.]+,\d{2})/.exec(text)?.[1] ?? '';
    const newTotal = Number(shown.replace(/\./g, '').replace(',', '.'));
    expect(newTotal).toBeGreaterThan(stored!.payload.expected_grand_total);
    expect(text).toContain(formatPrice(toCents(newTotal)));
    expect(mailsTo(email)).toHaveLength(0);

    // Back to the checkout: the new total is there, and the order is made when the buyer confirms it.
    await refused.getByRole('link', { name: 'Torna alla cassa' }).click();
    await page.waitForURL('**/checkout');
    await expect.poll(async () => (await page.getByTestId('checkout-totals').textContent()) ?? '', { timeout: 10_000 }).toContain(formatPrice(toCents(newTotal)));
    expect(calls).toHaveLength(1);
    const terms = page.getByRole('checkbox', { name: /termini e le condizioni/ });
    if (!(await terms.isChecked())) await terms.check();
    await page.getByRole('button', { name: 'Conferma ordine' }).click();
    await page.waitForURL('**/thank-you?order=**');
    const number = /Numero ordine: (\d{9})/.exec((await page.getByText(/Numero ordine: \d{9}/).textContent())!)![1]!;
    expect(calls.map(({ status, total }) => [status, total])).toEqual([
      [409, stored!.payload.expected_grand_total],
      [200, newTotal],
    ]);
    await expect.poll(() => mailsTo(email).map((mail) => mail.subject.includes(number)), { timeout: 10_000 }).toEqual([true]);
  });
});
