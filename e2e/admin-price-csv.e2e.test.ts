import { readFile } from 'node:fs/promises';
import type { PriceCsvReport } from '@shop/contracts';
import { formatPrice } from '@shop/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createStaffUser, signIn, tabTo } from './admin-helpers.ts';
import { axeViolations } from './axe.ts';
import { newPage, useBrowser } from './browser.ts';
import { checkoutProducts, type Doc } from './checkout-flow.ts';

/*
 * Prices and stock as CSV in the back office (issue #45 point 1, "Must show"): a staff user
 * downloads the export, uploads a 1,000-row price file with three bad rows, the preview names them
 * by line and column and writes nothing, the import writes only the 997 good rows and the product
 * page shows a new price. One import by keyboard only; a phone; axe on every step. Every price
 * changed here is put back afterwards by importing the rows of the first export: the shop is
 * shared with the other browser tests.
 */
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const STAFF = 'prezzi.e2e@bottega-pro.example';

let browser: Browser;
let page: Page;
useBrowser(baseUrl, (b, p) => {
  browser = b;
  page = p;
});

/** The first export's rows by SKU (its own columns), and the SKUs the tests changed. */
let header = '';
const original = new Map<string, string>();
const touched = new Set<string>();
/** A visible simple product without a special price, whose page shows the new price. */
let shown: Doc;

const csvFile = (...lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
const cents = (row: string) => {
  const [euros, decimals] = row.split(';')[2]!.split(',');
  return Number(euros) * 100 + Number(decimals);
};
const amount = (value: number) => `${Math.trunc(value / 100)},${String(value % 100).padStart(2, '0')}`;

/** The session's CSV routes (the export, or an upload with the session's CSRF token), for setup and checks. */
async function exportRows(target: Page): Promise<Map<string, string>> {
  const response = await target.request.get('/api/admin/products/prices.csv');
  expect(response.status()).toBe(200);
  const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.body()).split('\r\n');
  header = lines[0]!.replace(/^\uFEFF/, '');
  // The demo catalogue's names hold no separator: each row is its line.
  return new Map(lines.slice(1, -1).map((line) => [line.split(';')[0]!, line]));
}
async function upload(target: Page, step: 'preview' | 'import', body: Buffer): Promise<PriceCsvReport> {
  const session = await target.request.get('/api/admin/session');
  const csrf = ((await session.json()) as { result: { csrfToken: string } }).result.csrfToken;
  const response = await target.request.post(`/api/admin/products/prices/${step}`, { headers: { 'x-csrf-token': csrf, 'content-type': 'text/csv' }, data: body });
  const answer = (await response.json()) as { code: number; result: PriceCsvReport };
  expect(answer.code, JSON.stringify(answer.result).slice(0, 300)).toBe(200);
  return answer.result;
}
const productPage = (doc: Doc) => `/p/${encodeURIComponent(doc.sku)}/${encodeURIComponent(doc.slug)}`;
const netPrice = async (target: Page) => target.locator('main .price').first().locator('.price__line--net').textContent();

beforeAll(async () => {
  await createStaffUser(baseUrl, dataDir, STAFF, 'staff');
  await signIn(page, STAFF);
  for (const [sku, row] of await exportRows(page)) original.set(sku, row);
  expect(header).toBe('sku;name;price;special_price;special_from;special_to;qty;is_in_stock');
  expect(original.size).toBeGreaterThan(1100);
  // From the end of the catalogue: the other browser tests shop from its first products.
  const candidates = (await checkoutProducts(baseUrl)).filter((p) => !p.custom_options?.length && p.stock?.is_in_stock && original.get(p.sku)?.split(';')[3] === '' && cents(original.get(p.sku)!) < 90_000);
  shown = candidates.at(-1)!;
  expect(shown).toBeDefined();
}, 180_000);

afterAll(async () => {
  // The prices and stock the catalogue had: the first export's rows imported back.
  if (touched.size > 0) await upload(page, 'import', csvFile(header, ...[...touched].map((sku) => original.get(sku)!)));
}, 180_000);

describe('prices and stock as CSV in the back office', () => {
  it('a 1,000-row price file with three bad rows: the preview names them, the import writes the 997 good ones only, the product page shows the new price', async () => {
    // 1,000 products: the product whose page is checked, then the last 999 others; each a euro dearer.
    const skus = [shown.sku, ...[...original.keys()].filter((sku) => sku !== shown.sku).slice(-999)];
    const bad = new Map([
      [101, (sku: string) => `${sku};-5,00`],
      [502, () => 'NON-ESISTE-E2E;10,00'],
      [903, (sku: string) => `${sku};dieci`],
    ]);
    // Line n of the file is row n - 1 (the header is line 1).
    const rows = skus.map((sku, i) => bad.get(i + 2)?.(sku) ?? `${sku};${amount(cents(original.get(sku)!) + 100)}`);
    for (const sku of skus) touched.add(sku);
    const file = csvFile('sku;price', ...rows);

    await page.goto('/admin/prezzi-scorte');
    await page.getByRole('heading', { level: 1, name: 'Prezzi e scorte' }).waitFor();
    expect(await axeViolations(page), 'prezzi e scorte').toEqual([]);
    // The export: the download button with a SKU prefix.
    await page.getByLabel('Solo gli SKU che cominciano con').fill(shown.sku);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Scarica il CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^prezzi-scorte-\d{4}-\d\d-\d\d\.csv$/);
    expect(await readFile(await download.path(), 'utf8')).toContain(`\r\n${original.get(shown.sku)}\r\n`);

    await page.getByLabel('File CSV').setInputFiles({ name: 'prezzi.csv', mimeType: 'text/csv', buffer: file });
    await page.getByRole('button', { name: 'Controlla il file' }).click();
    const preview = page.getByRole('region', { name: 'Anteprima' });
    // The preview, or the API's refusal (whose text the failure then shows).
    await preview.or(page.getByRole('alert')).first().waitFor({ timeout: 60_000 });
    expect(await page.locator('#contenuto').innerText()).toContain('Righe lette: 1000. Da modificare: 997; già uguali al catalogo: 0; con errori: 3.');
    const errors = preview.getByRole('region', { name: 'Righe con errori' });
    const errorRows = await errors.getByRole('row').allTextContents();
    expect(errorRows.slice(1)).toEqual([
      `101${skus[99]}priceprice: il prezzo non può essere negativo (-5,00).`,
      '502NON-ESISTE-E2Eskusku: nessun prodotto ha lo SKU NON-ESISTE-E2E.',
      `903${skus[901]}priceprice: «dieci» non è un numero: scrivi ad esempio 19,90.`,
    ]);
    await preview.getByRole('region', { name: 'Cosa cambia' }).getByRole('row').filter({ hasText: shown.sku }).waitFor();
    expect(await axeViolations(page), 'preview').toEqual([]);
    // Nothing written yet.
    expect((await exportRows(page)).get(shown.sku)).toBe(original.get(shown.sku));

    await preview.getByRole('button', { name: 'Importa le righe corrette (997)' }).click();
    const report = page.getByRole('region', { name: 'Importazione completata' });
    await report.getByText('Prodotti modificati: 997; righe già uguali al catalogo: 0; righe saltate per errori: 3.').waitFor({ timeout: 120_000 });
    expect(await report.getByRole('region', { name: 'Righe saltate' }).getByRole('row').count()).toBe(4);
    expect(await axeViolations(page), 'report').toEqual([]);

    // Exactly the good rows were written: every price of the 1,000 as the catalogue has it now.
    const now = await exportRows(page);
    const expected = skus.map((sku, i) => [sku, bad.has(i + 2) ? cents(original.get(sku)!) : cents(original.get(sku)!) + 100]);
    expect(skus.map((sku) => [sku, cents(now.get(sku)!)])).toEqual(expected);

    // The shop's product page: its cached copy was expired with the write.
    const shopper = await newPage(browser, baseUrl);
    await shopper.goto(productPage(shown), { waitUntil: 'networkidle' });
    expect(await netPrice(shopper)).toBe(`${formatPrice(cents(original.get(shown.sku)!) + 100)} IVA esclusa`);
    await shopper.context().close();
  }, 300_000);

  it('checks and imports by keyboard only: Tab to the button, Enter; the focus lands on each outcome', async () => {
    const sku = shown.sku;
    touched.add(sku);
    await page.goto('/admin/prezzi-scorte');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Prezzi e scorte');
    await page.getByLabel('File CSV').setInputFiles({ name: 'scorte.csv', mimeType: 'text/csv', buffer: csvFile('sku;qty', `${sku};7`) });
    await tabTo(page, 'Controlla il file');
    await page.keyboard.press('Enter');
    await page.getByText('Righe lette: 1. Da modificare: 1; già uguali al catalogo: 0; con errori: 0.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Anteprima');
    await tabTo(page, 'Importa le righe corrette (1)');
    await page.keyboard.press('Enter');
    await page.getByText('Prodotti modificati: 1; righe già uguali al catalogo: 0; righe saltate per errori: 0.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Importazione completata');
    expect((await exportRows(page)).get(sku)?.split(';')[6]).toBe('7');
  }, 120_000);

  it('refuses a file in another encoding or with commas as a whole; works on a phone without sideways scrolling', async () => {
    const phone = await newPage(browser, baseUrl, 390);
    await signIn(phone, STAFF);
    await phone.getByRole('button', { name: 'Menu' }).click();
    await phone.getByRole('navigation', { name: 'Sezioni del back office' }).getByRole('link', { name: 'Prezzi e scorte' }).click();
    await phone.waitForURL('**/admin/prezzi-scorte');
    // "Però" as Excel's "CSV (delimitato dal separatore di elenco)" saves it: ò is the one byte 0xF2.
    const windows1252 = Buffer.concat([Buffer.from(`sku;name;price\r\n${shown.sku};Per`), Buffer.from([0xf2]), Buffer.from(';12,00\r\n')]);
    await phone.getByLabel('File CSV').setInputFiles({ name: 'excel.csv', mimeType: 'text/csv', buffer: windows1252 });
    await phone.getByRole('button', { name: 'Controlla il file' }).click();
    await phone.getByRole('alert').filter({ hasText: 'Il file non è in UTF-8' }).waitFor();
    await phone.getByLabel('File CSV').setInputFiles({ name: 'virgole.csv', mimeType: 'text/csv', buffer: csvFile('sku,price', `${shown.sku},12.00`) });
    await phone.getByRole('button', { name: 'Controlla il file' }).click();
    await phone.getByRole('alert').filter({ hasText: 'Le colonne vanno separate con il punto e virgola (;), questo file usa la virgola (,).' }).waitFor();
    await phone.getByLabel('File CSV').setInputFiles({ name: 'errori.csv', mimeType: 'text/csv', buffer: csvFile('sku;price;special_price', `${shown.sku};10,00;12,00`) });
    await phone.getByRole('button', { name: 'Controlla il file' }).click();
    await phone.getByText('Righe lette: 1. Da modificare: 0; già uguali al catalogo: 0; con errori: 1.').waitFor();
    await phone.getByText('Nessuna riga cambia il catalogo: non c’è niente da importare.').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(phone), 'prezzi e scorte, phone').toEqual([]);
    await phone.context().close();
  }, 120_000);
});
