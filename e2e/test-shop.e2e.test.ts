import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './browser.ts';
import { startOwnShop, type OwnShop } from './own-shop.ts';

/*
 * Issue #43 item 4: a shop run with PAYMENTS_TEST_MODE=true (a test shop on purpose, the only way
 * production accepts test payment settings) says so on every page; the shared test shop, without
 * it, shows nothing (e2e/home: no banner there).
 */
let shop: OwnShop;
beforeAll(async () => {
  shop = await startOwnShop('test-shop', { DEMO_PRODUCTS: '200', PAYMENTS_TEST_MODE: 'true' });
}, 240_000);
afterAll(async () => {
  await shop?.stop();
});

describe('test shop', () => {
  it('marks every kind of page with a visible note that no payment is real', async () => {
    const browser = await launchBrowser();
    try {
      const page = await newPage(browser, shop.url);
      await page.goto('/', { waitUntil: 'networkidle' });
      const category = await page.locator('nav a[href^="/c/"]').first().getAttribute('href');
      for (const path of ['/', category!, `${category!}?page=2`, '/shoppingcart', '/checkout', '/my-account', '/no-such-page']) {
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        const note = page.getByRole('note', { name: 'Negozio di prova' });
        await expect.poll(() => note.isVisible(), { message: path }).toBe(true);
        expect(await note.textContent(), path).toBe('Negozio di prova: nessun pagamento è reale, nessun ordine viene spedito.');
      }
    } finally {
      await browser.close();
    }
  });

  it('marks nothing in a shop without it', async () => {
    const home = await (await fetch(inject('baseUrl'))).text();
    expect(home).not.toContain('Negozio di prova');
  });
});
