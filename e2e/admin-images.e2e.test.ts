import { ADMIN_IMAGE_MESSAGES as M, type AdminProductImages, type AdminProductImagesPatch } from '@shop/contracts';
import type { Browser, Page, Response } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminApi, createStaffUser, signIn, tabTo } from './admin-helpers.ts';
import { axeViolations } from './axe.ts';
import { newPage, useBrowser } from './browser.ts';
import { checkoutProducts, type Doc } from './checkout-flow.ts';

/*
 * Issue #45 point 1 "images" on the real pages (ADR 0036): a staff user uploads a picture at
 * /admin/prodotti/:sku/immagini (the file chosen by keyboard), makes it the main one with its
 * alternative text, and the storefront's product page shows it through next/image; a text file
 * named .jpg and a file over 10 MB are refused in Italian; the gallery is reordered by keyboard;
 * axe on a desktop and a phone. The shop is shared with the other browser tests: the product's
 * pictures are put back afterwards.
 */
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const STAFF = 'immagini.e2e@bottega-pro.example';
const ALT = 'Tagliere in legno visto dall’alto';

let browser: Browser;
let page: Page;
useBrowser(baseUrl, (b, p) => {
  browser = b;
  page = p;
});

let product: Doc;
let original: AdminProductImagesPatch;
const imagesPage = () => `/admin/prodotti/${encodeURIComponent(product.sku)}/immagini`;
const productPage = () => `/p/${encodeURIComponent(product.sku)}/${encodeURIComponent(product.slug)}`;
const pictures = async (on: Page) => (await adminApi<AdminProductImages>(on, 'GET', `/products/${encodeURIComponent(product.sku)}/images`)).result;
/** One picture's part of the page, named by its position. */
const item = (on: Page, n: number, total: number) => on.getByRole('region', { name: `Immagine ${n} di ${total}`, exact: false });
/** Whether an <img> has loaded real pixels. */
const loaded = (on: Page, selector: string) => on.locator(selector).first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

beforeAll(async () => {
  await createStaffUser(baseUrl, dataDir, STAFF, 'staff');
  // A product far down the list: the other files take the first ones.
  product = (await checkoutProducts(baseUrl))[240]!;
  expect(product).toBeDefined();
  await signIn(page, STAFF);
  const before = await pictures(page);
  original = { images: before.images.map(({ path, alt }) => ({ path, alt })), image: before.images.find((i) => i.main)?.path ?? null };
});

afterAll(async () => {
  if (page && original) expect((await adminApi(page, 'PATCH', `/products/${encodeURIComponent(product.sku)}/images`, original)).status).toBe(200);
});

describe('product pictures in the back office', () => {
  it('staff uploads a picture chosen by keyboard, makes it the main one; the product page shows it through next/image', async () => {
    const before = await pictures(page);
    const total = before.images.length + 1;
    await page.goto(imagesPage());
    await page.getByRole('heading', { level: 1, name: `Immagini di ${product.name}` }).waitFor();
    await page.getByRole('heading', { level: 2, name: `Immagini del prodotto (${before.images.length})` }).waitFor();
    expect(await axeViolations(page), 'images page, desktop').toEqual([]);

    // The file input is reached and opened from the keyboard.
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#8b5a2b' } }).jpeg().toBuffer();
    await tabTo(page, 'File dell’immagine (JPEG, PNG o WebP, fino a 10 MB)');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout: 10_000 }), page.keyboard.press('Space')]).catch(async (error: unknown) => {
      // Once in a full CI run headless Chromium let a Space on the focused input open no chooser
      // (it passes alone): the keyboard's other key for it is tried before the test fails.
      if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
      return Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
    });
    await chooser.setFiles({ name: 'tagliere.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByLabel('Testo alternativo (facoltativo)').fill(ALT);
    await page.getByRole('button', { name: 'Carica l’immagine' }).click();
    await page.getByRole('status').filter({ hasText: 'Immagine caricata: è in fondo all’elenco e già nella pagina del prodotto.' }).waitFor();

    const added = item(page, total, total);
    await added.waitFor();
    // Its thumbnail is the shop's image optimiser's.
    await expect.poll(() => added.locator('img').getAttribute('src')).toMatch(/^\/_next\/image\?url=%2Fmedia%2Fupload%2F[0-9a-f]{64}\.jpg&w=128&q=75$/);
    await expect.poll(() => added.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect.poll(() => added.getByLabel('Testo alternativo', { exact: true }).inputValue()).toBe(ALT);
    const uploaded = (await pictures(page)).images.at(-1)!;
    expect(uploaded).toMatchObject({ alt: ALT, upload: { mimeType: 'image/jpeg', width: 1200, height: 900 } });

    await added.getByLabel('Immagine principale').check();
    await page.getByText('Ci sono modifiche non salvate').waitFor();
    await page.getByRole('button', { name: 'Salva le modifiche' }).click();
    await page.getByRole('status').filter({ hasText: 'Modifiche salvate: la pagina del prodotto le mostra già.' }).waitFor();
    expect((await pictures(page)).images.find((i) => i.main)?.path).toBe(uploaded.path);

    // The shopper's product page: the new main picture, resized by next/image, with the seller's alternative text.
    const shopper = await newPage(browser, baseUrl);
    const optimised: Response[] = [];
    shopper.on('response', (response) => {
      if (response.url().includes('/_next/image') && response.url().includes(encodeURIComponent(uploaded.src))) optimised.push(response);
    });
    await shopper.goto(productPage(), { waitUntil: 'networkidle' });
    const main = shopper.getByRole('button', { name: /Ingrandisci/ }).locator('img');
    await expect.poll(() => main.getAttribute('src')).toContain(encodeURIComponent(uploaded.src));
    expect(await main.getAttribute('alt')).toBe(ALT);
    await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // And among the gallery's thumbnails, first (the main picture leads).
    const thumbnail = shopper.getByRole('list', { name: 'Immagini del prodotto' }).getByRole('listitem').first().locator('img');
    await expect.poll(() => thumbnail.getAttribute('src')).toContain(encodeURIComponent(uploaded.src));
    await thumbnail.scrollIntoViewIfNeeded();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(optimised.length).toBeGreaterThan(0);
    for (const response of optimised) {
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^image\//);
    }
    // The picture itself, at its address on the shop's origin.
    const direct = await fetch(`${baseUrl}${uploaded.src}`);
    expect([direct.status, direct.headers.get('content-type'), direct.headers.get('cache-control')]).toEqual([200, 'image/jpeg', 'public, max-age=31536000, immutable']);
    expect((await fetch(`${baseUrl}/media/upload/${'0'.repeat(64)}.jpg`)).status).toBe(404);
    await shopper.context().close();
  });

  it('a text file named .jpg and a file over 10 MB are refused in Italian; nothing is added', async () => {
    const before = await pictures(page);
    await page.goto(imagesPage());
    await page.getByRole('heading', { level: 2, name: `Immagini del prodotto (${before.images.length})` }).waitFor();
    const input = page.getByLabel('File dell’immagine (JPEG, PNG o WebP, fino a 10 MB)');
    await input.setInputFiles({ name: 'listino.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Listino prezzi 2026\nTagliere;24,90\n') });
    await page.getByRole('button', { name: 'Carica l’immagine' }).click();
    await page.getByRole('alert').filter({ hasText: M.notImage }).waitFor();
    await input.setInputFiles({ name: 'enorme.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await page.getByRole('button', { name: 'Carica l’immagine' }).click();
    await page.getByRole('alert').filter({ hasText: M.tooLarge }).waitFor();
    expect(await axeViolations(page), 'images page with a refusal').toEqual([]);
    expect((await pictures(page)).images).toEqual(before.images);
  });

  it('orders the gallery and edits an alternative text by keyboard; the focus follows the moved picture', async () => {
    const before = await pictures(page);
    const total = before.images.length;
    expect(total).toBeGreaterThan(1);
    await page.goto(imagesPage());
    await page.getByRole('heading', { level: 2, name: `Immagini del prodotto (${total})` }).waitFor();
    await tabTo(page, `Sposta su l’immagine ${total}`);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: `Immagine spostata in posizione ${total - 1} di ${total}.` }).waitFor();
    // The focus moved with the picture: its "up" button at position total - 1 ("down" at the top, where "up" is off).
    const focused = total - 1 === 1 ? 'Sposta giù l’immagine 1' : `Sposta su l’immagine ${total - 1}`;
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(focused);
    // One step back is the moved picture's alternative text.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Tagliere, lato corto');
    await tabTo(page, 'Salva le modifiche');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Modifiche salvate' }).waitFor();
    const after = (await pictures(page)).images;
    const moved = before.images[total - 1]!;
    expect(after.map((i) => i.path)).toEqual([...before.images.slice(0, total - 2), moved, before.images[total - 2]!].map((i) => i.path));
    expect(after[total - 2]).toMatchObject({ path: moved.path, alt: 'Tagliere, lato corto' });
  });

  it('works on a phone: nothing scrolls sideways, axe finds nothing', async () => {
    const phone = await newPage(browser, baseUrl, 390);
    await signIn(phone, STAFF);
    await phone.goto(imagesPage());
    await phone.getByRole('heading', { level: 1, name: `Immagini di ${product.name}` }).waitFor();
    await expect.poll(() => loaded(phone, 'main ol img')).toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(phone), 'images page, phone').toEqual([]);
    await phone.context().close();
  });
});
