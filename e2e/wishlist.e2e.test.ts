import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from './api-client.ts';
import { newPage, useBrowser } from './browser.ts';
import { checkoutFlow, type Doc } from './checkout-flow.ts';

/*
 * The wishlist in a real browser (issue #19): add and remove from a product page and a tile, the
 * header's sidebar and the /wishlist page (axe on both), the list kept over a reload; signed in,
 * the device's list merged into the customer's at login, found on another device, and forgotten
 * on this one at logout while the account keeps it.
 */

const baseUrl = inject('baseUrl');
let page: Page;
let browser: Parameters<Parameters<typeof useBrowser>[1]>[0];

useBrowser(baseUrl, (b, p) => {
  browser = b;
  page = p;
});

const { runAxe } = checkoutFlow(() => page);
const PASSWORD = 'Coltello-2026';
let products: Doc[];

beforeAll(async () => {
  const res = await fetch(`${baseUrl}/api/catalog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ entityType: 'product', filters: { type_id: { eq: 'simple' }, visibility: { eq: 4 } }, size: 3, includeFields: ['sku', 'slug', 'name'] }),
  });
  products = ((await res.json()) as { result: { items: Doc[] } }).result.items;
  expect(products).toHaveLength(3);
});

const api = apiClient(baseUrl);

const stored = (p: Page = page) => p.evaluate(() => JSON.parse(localStorage.getItem('bottega-pro:wishlist') ?? '[]') as string[]);
const wishlistLink = (p: Page = page) => p.getByTestId('wishlist-link');
const panel = (p: Page = page) => p.getByRole('dialog', { name: 'Lista dei desideri' });
const productPage = (product: Doc) => `/p/${encodeURIComponent(product.sku)}/${encodeURIComponent(product.slug)}`;
const heart = (p: Page = page) => p.getByRole('button', { name: /^Salva nella lista dei desideri/ });

async function signIn(p: Page, email: string) {
  await p.getByRole('navigation', { name: 'Il tuo account e il carrello' }).getByRole('link', { name: 'Il mio account' }).click();
  const dialog = p.getByRole('dialog');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Accedi' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('wishlist', () => {
  it('adds from a product page and a tile, shows the sidebar and the page, and removes again', async () => {
    const [knife] = products as [Doc];
    await page.goto(productPage(knife), { waitUntil: 'networkidle' });
    expect(await heart().first().getAttribute('aria-pressed')).toBe('false');
    await heart().first().click();
    expect(await heart().first().getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('status').filter({ hasText: 'è stato aggiunto alla lista dei desideri' }).first().waitFor();
    expect(await page.getByTestId('wishlist-badge').textContent()).toBe('1');
    expect(await stored()).toEqual([knife.sku]);

    // A tile on the home page: its heart, then the header's sidebar lists both.
    await page.goto('/', { waitUntil: 'networkidle' });
    const tile = page.locator(`article.tile:not([data-sku="${knife.sku}"])`).first();
    const tileSku = (await tile.getAttribute('data-sku'))!;
    const tileName = (await tile.locator('.tile__name').textContent())!;
    await tile.getByRole('button', { name: `Salva nella lista dei desideri ${tileName}` }).click();
    await expect.poll(() => stored()).toEqual([knife.sku, tileSku]);
    // The list's one status region says it (a tile has none of its own).
    const listStatus = tile.locator('xpath=ancestor::ul[1]/..').getByRole('status');
    await expect.poll(() => listStatus.textContent()).toBe(`${tileName} è stato aggiunto alla lista dei desideri.`);
    expect(await page.locator('article.tile [role="status"]').count()).toBe(0);
    await wishlistLink().click();
    await panel().waitFor();
    await panel().getByRole('link', { name: tileName }).waitFor();
    expect(await panel().getByTestId('wishlist-items').locator('li').count()).toBe(2);
    expect(await runAxe()).toEqual([]);
    await panel().getByRole('button', { name: `Rimuovi ${tileName} dalla lista dei desideri` }).click();
    await expect.poll(() => stored()).toEqual([knife.sku]);
    await page.keyboard.press('Escape');
    await panel().waitFor({ state: 'hidden' });
    expect(await tile.getByRole('button', { name: /^Salva nella lista dei desideri/ }).getAttribute('aria-pressed')).toBe('false');

    // The page, after a reload (the list is kept in the browser).
    await page.goto('/wishlist', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Lista dei desideri' }).waitFor();
    await page.getByTestId('wishlist-items').getByRole('link', { name: knife.name }).waitFor();
    expect(await runAxe()).toEqual([]);
    await page.getByRole('button', { name: 'Svuota la lista dei desideri' }).click();
    await page.getByText('La tua lista dei desideri è vuota.').waitFor();
    expect(await stored()).toEqual([]);
    expect(await page.getByTestId('wishlist-badge').count()).toBe(0);
    expect(await runAxe()).toEqual([]);
  });

  it("merges the device's list into the customer's at login, follows them to another device, and is forgotten here at logout", async () => {
    const [knife, gloves, boots] = products as [Doc, Doc, Doc];
    const email = `wishlist-${Date.now()}@example.it`;
    await api('POST', '/api/user/create', { customer: { email, firstname: 'Marta', lastname: 'Neri' }, password: PASSWORD });
    // Saved earlier on another device: the gloves.
    const token = await api<string>('POST', '/api/user/login', { username: email, password: PASSWORD });
    await api('POST', '/api/wishlist/items', { skus: [gloves.sku] }, token);

    // A guest on this device saves the knife, then signs in.
    await page.goto(productPage(knife), { waitUntil: 'networkidle' });
    await heart().first().click();
    await expect.poll(() => stored()).toEqual([knife.sku]);
    await signIn(page, email);
    await expect.poll(() => stored()).toEqual([gloves.sku, knife.sku]);
    expect((await api<{ items: { sku: string }[] }>('GET', '/api/wishlist', undefined, token)).items.map((i) => i.sku)).toEqual([gloves.sku, knife.sku]);

    // Signed in, a change goes to the account too.
    await page.goto(productPage(boots), { waitUntil: 'networkidle' });
    await heart().first().click();
    await expect.poll(async () => (await api<{ items: { sku: string }[] }>('GET', '/api/wishlist', undefined, token)).items.map((i) => i.sku)).toEqual([gloves.sku, knife.sku, boots.sku]);

    // Another device: an empty browser, the same customer.
    const other = await newPage(browser, baseUrl);
    try {
      await other.goto('/', { waitUntil: 'networkidle' });
      await signIn(other, email);
      await expect.poll(() => stored(other)).toEqual([gloves.sku, knife.sku, boots.sku]);
      await other.goto('/wishlist', { waitUntil: 'networkidle' });
      await other.getByTestId('wishlist-items').getByRole('link', { name: boots.name }).waitFor();
      await other.getByTestId('wishlist-items').getByRole('button', { name: `Rimuovi ${knife.name} dalla lista dei desideri` }).click();
      await expect.poll(() => stored(other)).toEqual([gloves.sku, boots.sku]);
    } finally {
      await other.context().close();
    }

    // Back here, the sidebar brings the list up to date; logout forgets it on this device only.
    await wishlistLink().click();
    await panel().waitFor();
    await expect.poll(() => stored()).toEqual([gloves.sku, boots.sku]);
    await page.keyboard.press('Escape');
    await page.goto('/my-account', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Esci' }).click();
    await page.getByText('Sei uscito dal tuo account.').waitFor();
    expect(await stored()).toEqual([]);
    expect((await api<{ items: { sku: string }[] }>('GET', '/api/wishlist', undefined, token)).items.map((i) => i.sku)).toEqual([gloves.sku, boots.sku]);
  });
});
