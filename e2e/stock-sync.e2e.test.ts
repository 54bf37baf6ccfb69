import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { fewUnitsPair, orderThroughApi, type Doc } from './checkout-flow.ts';

/*
 * Stock sync (shopping.md §4, issue 42 point 6): a line that sells out, or of which fewer are
 * left than the cart holds, while it waits in the cart says so on the shopper's next visit, in
 * the cart, the microcart and the checkout (on a phone), before "Conferma ordine".
 */

const baseUrl = inject('baseUrl');
let page: Page;

useBrowser(baseUrl, (_browser, p) => {
  page = p;
});

/** Of A fewer are left than the cart will hold; B sells out. */
let lowered: Doc;
let soldOut: Doc;

beforeAll(async () => {
  [lowered, soldOut] = await fewUnitsPair(baseUrl, 'stock-sync');
});

const line = (sku: string) => page.locator(`[data-testid="cart-line"][data-sku="${sku}"]`);
const serverQty = async (sku: string) => {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('shop/cart/v1') ?? '{}') as { token?: string }).token ?? '');
  const body = (await (await fetch(`${baseUrl}/api/cart/pull?cartId=${token}`)).json()) as { result: { sku: string; qty: number }[] };
  return body.result.find((l) => l.sku === sku)?.qty;
};

async function addFromProductPage(product: Doc) {
  await page.goto(`/p/${encodeURIComponent(product.sku)}/${encodeURIComponent(product.slug)}`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await expect.poll(() => serverQty(product.sku)).toBe(1);
}

describe('stock sync', () => {
  it('shows a line sold out or lowered meanwhile in the cart, the microcart and the checkout at the next visit', async () => {
    await addFromProductPage(lowered);
    await addFromProductPage(soldOut);
    await page.goto('/shoppingcart', { waitUntil: 'networkidle' });
    await line(lowered.sku).getByRole('spinbutton').fill('3');
    await expect.poll(() => serverQty(lowered.sku), { timeout: 5000 }).toBe(3);
    expect(await line(soldOut.sku).getByTestId('line-errors').count()).toBe(0);

    // Other buyers take all of B and all but 2 of A while the cart waits.
    await orderThroughApi(baseUrl, lowered.sku, lowered.stock.qty - 2);
    await orderThroughApi(baseUrl, soldOut.sku, soldOut.stock.qty);

    // The next visit of the cart page.
    await page.goto('/shoppingcart', { waitUntil: 'networkidle' });
    await expect.poll(() => line(soldOut.sku).getByTestId('line-errors').textContent()).toBe('Esaurito!');
    await expect.poll(() => line(lowered.sku).getByTestId('line-errors').textContent()).toBe('Sono disponibili solo 2 prodotti di questo tipo!');
    expect(await line(soldOut.sku).getByRole('button', { name: 'Aumenta la quantità' }).getAttribute('aria-disabled')).toBe('true');
    expect(await line(soldOut.sku).textContent()).not.toContain('Disponibile!');

    // The microcart on another page.
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByTestId('cart-link').click();
    const microcart = page.getByRole('dialog', { name: 'Carrello' });
    await microcart.waitFor();
    await expect.poll(() => microcart.getByTestId('line-errors').allTextContents()).toEqual(
      expect.arrayContaining(['Esaurito!', 'Sono disponibili solo 2 prodotti di questo tipo!']),
    );
    await page.keyboard.press('Escape');

    // The checkout on a phone: both lines named, above "Conferma ordine".
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto('/checkout', { waitUntil: 'networkidle' });
      const problems = page.getByTestId('stock-problems');
      await problems.waitFor();
      const text = await problems.textContent();
      expect(text).toContain('Alcuni prodotti del carrello sono cambiati');
      expect(text).toMatch(/: Esaurito!/);
      expect(text).toContain(': Sono disponibili solo 2 prodotti di questo tipo!');
      expect(await problems.getByRole('link', { name: 'Modifica il carrello' }).getAttribute('href')).toBe('/shoppingcart');
      const box = await problems.boundingBox();
      const confirm = await page.getByRole('button', { name: 'Conferma ordine' }).boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(confirm!.y);
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);

      // Lowered to what is left, the line is fine again.
      await page.goto('/shoppingcart', { waitUntil: 'networkidle' });
      await line(lowered.sku).getByRole('button', { name: 'Diminuisci la quantità' }).click();
      await expect.poll(() => serverQty(lowered.sku), { timeout: 5000 }).toBe(2);
      await expect.poll(() => line(lowered.sku).getByTestId('line-errors').count()).toBe(0);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
