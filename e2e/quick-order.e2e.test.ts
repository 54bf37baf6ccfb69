import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from './api-client.ts';
import { axeViolations } from './axe.ts';
import { newPage, useBrowser } from './browser.ts';
import { checkoutProducts, fewUnitsPair, orderThroughApi, type Doc } from './checkout-flow.ts';

/*
 * B2B buying (issue 42 point 17) in a real browser: the quick order /ordine-rapido with pasted rows
 * and a CSV upload (row errors in Italian, the valid rows added at once, a file too big refused),
 * on a phone too and with axe; "Riordina" from a customer's order, saying which lines could not go
 * back in the cart; the wishlist's "Aggiungi tutto al carrello".
 */

const baseUrl = inject('baseUrl');
let browser: Browser;
let shared: Page;

useBrowser(baseUrl, (b, p) => {
  browser = b;
  shared = p;
});

const api = apiClient(baseUrl);
const PASSWORD = 'Coltello-2026';

let plenty: Doc[];
/** Few units left: after the customer's order, others buy all of `soldOut` and all but one of `lowered`. */
let lowered: Doc;
let soldOut: Doc;
let configurable: Doc;

beforeAll(async () => {
  const items = await checkoutProducts(baseUrl);
  const plain = items.filter((p) => p.price > 10 && p.price < 400 && p.stock?.is_in_stock && !p.custom_options?.length);
  // From the middle of the list: other browser tests take theirs from its start and its end.
  plenty = plain.filter((p) => p.stock.qty > 20).slice(5, 10);
  [lowered, soldOut] = await fewUnitsPair(baseUrl, 'quick-order');
  const res = await fetch(`${baseUrl}/api/catalog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ entityType: 'product', filters: { type_id: { eq: 'configurable' }, status: { eq: 1 }, visibility: { eq: 4 } }, size: 1, includeFields: ['sku', 'name'] }),
  });
  [configurable] = ((await res.json()) as { result: { items: Doc[] } }).result.items as [Doc];
  expect(plenty).toHaveLength(5);
  expect([lowered, soldOut, configurable].every(Boolean)).toBe(true);
});

/** Pages opened by a test, closed after it (each test is a fresh shopper). */
const opened: Page[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((p) => p.context().close()));
});
async function freshPage(width?: number): Promise<Page> {
  const page = await newPage(browser, baseUrl, width);
  opened.push(page);
  return page;
}

/** The browser cart's lines as the server holds them: sku → qty (a customer's cart answers to its customer's token). */
async function serverCart(page: Page, userToken?: string): Promise<Record<string, number>> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('shop/cart/v1') ?? '{}') as { token?: string }).token ?? '');
  if (!token) return {};
  const answer = await api<{ sku: string; qty: number }[]>('GET', `/api/cart/pull?cartId=${token}`, undefined, userToken);
  return Object.fromEntries(answer.map((line) => [line.sku, line.qty]));
}

const rowOf = (page: Page, line: number) => page.getByTestId('quick-order-rows').locator(`tbody tr[data-line="${line}"]`);
const report = (page: Page) => page.getByTestId('bulk-add-report');

async function checkRows(page: Page, rows: string) {
  await page.goto('/ordine-rapido', { waitUntil: 'networkidle' });
  await page.getByLabel('Codici e quantità').fill(rows);
  await page.getByRole('button', { name: 'Controlla le righe' }).click();
  await page.getByTestId('quick-order-rows').waitFor();
}

describe('quick order /ordine-rapido', () => {
  it('shows each pasted row resolved or its error in Italian, adds all valid rows at once, and the cart shows them', async () => {
    const [a, b, c] = plenty as [Doc, Doc, Doc];
    const page = await freshPage();
    const rows = [`${a.sku} 2`, `${b.sku};3`, 'NON-ESISTE-999;1', `${a.sku},0`, `${b.sku}|1`, `${configurable.sku}\t1`, `${c.sku};${c.stock.qty + 1}`, `${b.sku};20000`];
    await checkRows(page, rows.join('\n'));

    expect(await page.getByRole('status').filter({ hasText: 'Righe valide:' }).textContent()).toBe('Righe valide: 2 su 8.');
    // Valid rows: the product's name, its unit price excl. VAT (labelled), availability.
    const first = await rowOf(page, 1).innerText();
    expect(first).toContain(a.name ?? '');
    expect(first).toMatch(/€\s?[\d.,]+ IVA esclusa/);
    expect(first).toContain('Disponibil');
    expect(first).toContain('Pronta per il carrello');
    expect(await page.getByRole('columnheader', { name: 'Prezzo unitario (IVA esclusa)' }).count()).toBe(1);
    // Each bad row says what is wrong.
    expect(await rowOf(page, 3).innerText()).toContain('Nessun prodotto ha questo codice.');
    expect(await rowOf(page, 4).innerText()).toContain('La quantità deve essere un numero intero da 1 in su.');
    expect(await rowOf(page, 5).innerText()).toContain('Separa codice e quantità con uno spazio, un punto e virgola, una virgola o una tabulazione.');
    // A product that needs options is named.
    expect(await rowOf(page, 6).innerText()).toContain(configurable.name);
    expect(await rowOf(page, 6).innerText()).toContain('Questo prodotto richiede la scelta delle opzioni: aggiungilo dalla sua pagina.');
    expect(await rowOf(page, 7).innerText()).toMatch(/Ne restano disponibili solo \d+\./);
    expect(await rowOf(page, 8).innerText()).toContain('Al massimo 10.000 pezzi per riga.');

    await page.getByRole('button', { name: 'Aggiungi al carrello le righe valide (2)' }).click();
    await report(page).getByText('Prodotti aggiunti al carrello: 2.').waitFor();
    expect(await report(page).getByText('Non aggiunti al carrello: 6.').count()).toBe(1);
    const notAdded = await page.getByTestId('bulk-not-added').innerText();
    expect(notAdded).toContain('NON-ESISTE-999: Nessun prodotto ha questo codice.');
    expect(notAdded).toContain(`Riga 4 (${a.sku}): La quantità deve essere un numero intero da 1 in su.`);
    await expect.poll(() => serverCart(page)).toEqual({ [a.sku]: 2, [b.sku]: 3 });

    await report(page).getByRole('link', { name: 'Vai al carrello' }).click();
    await page.waitForURL('**/shoppingcart');
    await page.locator(`[data-testid="cart-line"][data-sku="${a.sku}"]`).waitFor();
    expect(await page.locator('[data-testid="cart-line"]').count()).toBe(2);
  });

  it('reads an uploaded CSV file with a header row, and refuses a file over 1 MB or over 1,000 rows with a clear message', async () => {
    const [, , c, d] = plenty as [Doc, Doc, Doc, Doc];
    const page = await freshPage();
    await page.goto('/ordine-rapido', { waitUntil: 'networkidle' });
    const file = page.getByLabel('Oppure carica un file CSV');
    await file.setInputFiles({ name: 'ordine.csv', mimeType: 'text/csv', buffer: Buffer.from(`sku;qty\r\n${c.sku};1\r\n${d.sku};4\r\n`) });
    await page.getByTestId('quick-order-rows').waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Righe valide:' }).textContent()).toBe('Righe valide: 2 su 2.');
    expect(await rowOf(page, 3).innerText()).toContain(d.name ?? '');
    await page.getByRole('button', { name: 'Aggiungi al carrello le righe valide (2)' }).click();
    await expect.poll(() => serverCart(page)).toEqual({ [c.sku]: 1, [d.sku]: 4 });

    const big = Buffer.from(`sku;qty\n${`${c.sku};1\n`.repeat(Math.ceil(1_100_000 / (c.sku.length + 3)))}`);
    await file.setInputFiles({ name: 'grande.csv', mimeType: 'text/csv', buffer: big });
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Il file supera 1 MB' }).count()).toBe(1);
    expect(await page.getByTestId('quick-order-rows').count()).toBe(0);

    await file.setInputFiles({ name: 'righe.csv', mimeType: 'text/csv', buffer: Buffer.from(`${c.sku};1\n`.repeat(1001)) });
    const rowsAlert = page.getByRole('alert').filter({ hasText: 'righe' });
    await expect.poll(() => rowsAlert.textContent()).toBe('Un ordine rapido può contenere al massimo 1000 righe: dividilo in più ordini.');
    // Nothing more went into the cart.
    expect(await serverCart(page)).toEqual({ [c.sku]: 1, [d.sku]: 4 });
  });

  it('works on a phone: the rows stack as cards without sideways scrolling, and the valid rows are added', async () => {
    const [e] = plenty.slice(4) as [Doc];
    const page = await freshPage(390);
    await checkRows(page, `${e.sku};1\nNON-ESISTE-998;2`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await rowOf(page, 2).innerText()).toContain('Nessun prodotto ha questo codice.');
    const add = page.getByRole('button', { name: 'Aggiungi al carrello le righe valide (1)' });
    await add.scrollIntoViewIfNeeded();
    await add.click();
    await expect.poll(() => serverCart(page)).toEqual({ [e.sku]: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('has no WCAG 2.1 AA violations (axe), with the checked rows and the report shown', async () => {
    await shared.goto('/ordine-rapido', { waitUntil: 'networkidle' });
    expect(await axeViolations(shared)).toEqual([]);
    await checkRows(shared, `${plenty[0]!.sku};1\nNON-ESISTE-997;1\nriga-sbagliata`);
    await shared.getByRole('button', { name: 'Aggiungi al carrello le righe valide (1)' }).click();
    await report(shared).getByText('Prodotti aggiunti al carrello: 1.').waitFor();
    expect(await axeViolations(shared)).toEqual([]);
  });

  it('is linked from the footer and from the "Ordina da catalogo" page', async () => {
    await shared.goto('/order-from-catalog', { waitUntil: 'networkidle' });
    await shared.getByRole('link', { name: /Usa l'ordine rapido/ }).click();
    await shared.waitForURL('**/ordine-rapido');
    await shared.getByRole('heading', { level: 1, name: 'Ordine rapido' }).waitFor();
    expect(await shared.getByRole('contentinfo').getByRole('link', { name: 'Ordine rapido' }).getAttribute('href')).toBe('/ordine-rapido');
  });
});

describe('Riordina from an account order', () => {
  it("puts the order's lines back in the cart at today's prices, with what is left of a lowered line, and says which line could not be added", async () => {
    const [a] = plenty as [Doc];
    const email = `riordina-${Date.now()}@example.it`;
    await api('POST', '/api/user/create', { customer: { email, firstname: 'Rita', lastname: 'Ordini' }, password: PASSWORD });
    const token = await api<string>('POST', '/api/user/login', { username: email, password: PASSWORD });
    const { incrementId } = await orderThroughApi(baseUrl, a.sku, 2, { token, email, more: [{ sku: lowered.sku, qty: 3 }, { sku: soldOut.sku, qty: 1 }] });
    // Meanwhile other buyers take all of one line and all but one unit of another.
    await orderThroughApi(baseUrl, lowered.sku, lowered.stock.qty - 3 - 1);
    await orderThroughApi(baseUrl, soldOut.sku, soldOut.stock.qty - 1);

    const page = await freshPage();
    await page.goto(`/my-account/orders/${incrementId}`, { waitUntil: 'networkidle' });
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    const reorder = page.getByRole('button', { name: 'Riordina' });
    await reorder.click();
    await report(page).getByText('Prodotti aggiunti al carrello: 2.').waitFor();
    const added = await page.getByTestId('bulk-added').innerText();
    expect(added).toContain(`2 × ${a.name} (${a.sku})`);
    expect(added).toContain(`1 × ${lowered.name} (${lowered.sku}): ne avevi chiesti 3, ma ne restano solo 1`);
    expect(await report(page).getByText('Non aggiunti al carrello: 1.').count()).toBe(1);
    expect(await page.getByTestId('bulk-not-added').innerText()).toBe(`${soldOut.name}: Il prodotto è esaurito.`);
    await expect.poll(() => serverCart(page, token)).toEqual({ [a.sku]: 2, [lowered.sku]: 1 });
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('wishlist "Aggiungi tutto al carrello"', () => {
  it('adds every buyable product of the list once, and names the one that needs options', async () => {
    const [, b] = plenty as [Doc, Doc];
    const page = await freshPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.evaluate((skus) => localStorage.setItem('bottega-pro:wishlist', JSON.stringify(skus)), [b.sku, configurable.sku]);
    await page.goto('/wishlist', { waitUntil: 'networkidle' });
    await page.getByTestId('wishlist-items').waitFor();
    await page.getByRole('button', { name: 'Aggiungi tutto al carrello' }).click();
    await report(page).getByText('Prodotti aggiunti al carrello: 1.').waitFor();
    expect(await page.getByTestId('bulk-added').innerText()).toBe(`1 × ${b.name} (${b.sku})`);
    expect(await page.getByTestId('bulk-not-added').innerText()).toBe(`${configurable.name}: Questo prodotto richiede la scelta delle opzioni: aggiungilo dalla sua pagina.`);
    await expect.poll(() => serverCart(page)).toEqual({ [b.sku]: 1 });
    expect(await axeViolations(page)).toEqual([]);
  });
});
