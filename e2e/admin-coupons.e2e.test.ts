import type { Browser, Page } from 'playwright-core';
import { formatPrice } from '@shop/domain';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminApi, createStaffUser, noSidewaysScroll, signIn } from './admin-helpers.ts';
import { apiClient } from './api-client.ts';
import { axeViolations } from './axe.ts';
import { newPage, useBrowser } from './browser.ts';
import { placeCartThroughApi, plentifulProducts, type Doc } from './checkout-flow.ts';

/*
 * Issue #45 point 3 in a real browser: staff create a coupon in the back office (Italian UI) → a
 * shopper applies it in the storefront's cart (typed in another case) and sees the discount in the
 * totals, as the server counts it; the order placed with it is counted in the coupon's uses; a
 * switched-off coupon is refused at the next try; a code clashing with another (in any case) is
 * refused in Italian, naming the field; axe on the coupon pages and the dialog, desktop and phone.
 */
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const STAFF = 'promozioni.e2e@bottega-pro.example';
const api = apiClient(baseUrl);
const CODE = `PRIMAVERA-${Date.now().toString(36).toUpperCase()}`;

let browser: Browser;
let page: Page;
useBrowser(baseUrl, (b, p) => {
  browser = b;
  page = p;
});

let product: Doc;
beforeAll(async () => {
  // A product no other browser test runs down (they take the first and the last ones).
  product = (await plentifulProducts(baseUrl))[5]!;
  await createStaffUser(baseUrl, dataDir, STAFF, 'staff');
  await signIn(page, STAFF);
});

const cents = (euros: number) => Math.round(euros * 100);
/** The coupon's row in the back office's list, once the search shows it. */
const couponRow = (target: Page, code: string) => target.getByRole('row').filter({ has: target.getByRole('cell').getByText(code, { exact: true }) });

/** The shopper's cart with one unit of the product, open at /shoppingcart; its token. */
async function cartWithProduct(shopper: Page): Promise<string> {
  await shopper.goto(`/p/${encodeURIComponent(product.sku)}/${encodeURIComponent(product.slug)}`, { waitUntil: 'networkidle' });
  await shopper.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await shopper.getByTestId('notification').filter({ hasText: 'Il prodotto è stato aggiunto al carrello!' }).first().waitFor();
  await shopper.goto('/shoppingcart', { waitUntil: 'networkidle' });
  return shopper.evaluate(() => (JSON.parse(localStorage.getItem('shop/cart/v1') ?? '{}') as { token?: string }).token ?? '');
}

async function applyCoupon(shopper: Page, code: string): Promise<void> {
  await shopper.getByLabel('Codice sconto').fill(code);
  await shopper.getByRole('button', { name: 'Applica' }).click();
}

describe('coupons made in the back office', () => {
  it('staff create a 15 % coupon; a shopper applies it in the cart and sees the discount; the order counts as a use', async () => {
    await page.getByRole('navigation', { name: 'Sezioni del back office' }).getByRole('link', { name: 'Coupon' }).click();
    await page.getByRole('heading', { level: 1, name: 'Coupon' }).waitFor();
    await expect.poll(() => page.getByText('Caricamento…').count()).toBe(0);
    expect(await axeViolations(page), 'coupon list').toEqual([]);

    await page.getByRole('button', { name: 'Nuovo coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuovo coupon' });
    await dialog.getByLabel('Codice').fill(CODE);
    await dialog.getByLabel('Descrizione').fill('Primavera in cucina: 15 % su tutto');
    await dialog.getByLabel('Tipo di sconto').selectOption('percent');
    await dialog.getByLabel('Sconto in percentuale').fill('15');
    await dialog.getByLabel('Utilizzi in tutto').fill('50');
    await dialog.getByLabel('Utilizzi per cliente').fill('1');
    expect(await dialog.getByLabel('Attivo').isChecked()).toBe(true);
    expect(await axeViolations(page), 'new coupon dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Salva il coupon' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByLabel('Cerca per codice').fill(CODE);
    const row = couponRow(page, CODE);
    await row.getByText('Primavera in cucina: 15 % su tutto').waitFor();
    await row.getByRole('cell', { name: '15 %', exact: true }).waitFor();
    await row.getByRole('cell', { name: '0 su 50', exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Attivo', exact: true }).waitFor();
    expect(await axeViolations(page), 'coupon list with the new coupon').toEqual([]);

    // A shopper, at once: the code typed in small letters is the coupon.
    const shopper = await newPage(browser, baseUrl);
    const cartId = await cartWithProduct(shopper);
    await applyCoupon(shopper, ` ${CODE.toLowerCase()} `);
    await shopper.getByTestId('notification').filter({ hasText: 'Codice sconto applicato correttamente' }).first().waitFor();
    const discount = shopper.locator('[data-segment="discount"]');
    await discount.getByText(`Sconto (${CODE})`).waitFor();
    // 15 % of the one line, as the server's totals say and the summary shows.
    const totals = await api<{ coupon_code?: string; subtotal: number; discount_amount: number; grand_total: number; total_segments: { code: string; value: number }[] }>('GET', `/api/cart/totals?cartId=${cartId}`);
    expect(totals.coupon_code).toBe(CODE);
    expect(cents(totals.discount_amount)).toBe(-Math.round(cents(totals.subtotal) * 0.15));
    const segment = totals.total_segments.find((s) => s.code === 'discount')!;
    expect(await discount.locator('dd').textContent()).toBe(formatPrice(cents(segment.value)));
    await shopper.locator('[data-segment="grand_total"] dd').filter({ hasText: formatPrice(cents(totals.grand_total)) }).waitFor();

    // The order placed with the cart takes one use; the back office shows it.
    const order = await placeCartThroughApi(baseUrl, cartId, { email: `primavera-${Date.now()}@example.it` });
    const placed = await adminApi<{ couponCode: string | null; totals: { discountCents: number } }>(page, 'GET', `/orders/${order.incrementId}`);
    expect(placed.result).toMatchObject({ couponCode: CODE, totals: { discountCents: -cents(totals.discount_amount) } });
    await page.reload();
    await page.getByLabel('Cerca per codice').fill(CODE);
    await couponRow(page, CODE).getByRole('cell', { name: '1 su 50', exact: true }).waitFor();

    // Switched off in the back office: the next cart is refused.
    await couponRow(page, CODE).getByRole('button', { name: `Modifica: ${CODE}` }).click();
    const edit = page.getByRole('dialog', { name: `Modifica il coupon ${CODE}` });
    await edit.getByLabel('Attivo').uncheck();
    await edit.getByRole('button', { name: 'Salva il coupon' }).click();
    await edit.waitFor({ state: 'detached' });
    await couponRow(page, CODE).getByRole('cell', { name: 'Disattivato', exact: true }).waitFor();
    await shopper.context().clearCookies();
    await shopper.evaluate(() => localStorage.clear());
    await cartWithProduct(shopper);
    await applyCoupon(shopper, CODE);
    await shopper.getByTestId('notification').filter({ hasText: 'Codice sconto non valido. Riprova.' }).first().waitFor();
    expect(await shopper.locator('[data-segment="discount"]').count()).toBe(0);
    await shopper.context().close();
  }, 180_000);

  it('refuses a code another coupon has, in any case, in Italian and naming the field; nothing is written', async () => {
    await page.goto('/admin/coupon');
    await page.getByRole('heading', { level: 1, name: 'Coupon' }).waitFor();
    await page.getByRole('button', { name: 'Nuovo coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuovo coupon' });
    await dialog.getByLabel('Codice').fill(CODE.toLowerCase());
    await dialog.getByLabel('Tipo di sconto').selectOption('fixed');
    await dialog.getByLabel('Sconto in euro').fill('5');
    await dialog.getByRole('button', { name: 'Salva il coupon' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Codice: esiste già un coupon con questo codice (maiuscole e minuscole non contano).' }).waitFor();
    expect(await axeViolations(page), 'new coupon dialog, code taken').toEqual([]);
    // The dialog keeps what was typed, to change the code.
    expect(await dialog.getByLabel('Codice').inputValue()).toBe(CODE.toLowerCase());
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await dialog.waitFor({ state: 'detached' });
    const found = await adminApi<{ items: { code: string; discountType: string }[]; total: number }>(page, 'GET', `/coupons?q=${encodeURIComponent(CODE)}`);
    expect(found.result).toMatchObject({ total: 1, items: [{ code: CODE, discountType: 'percent' }] });

    // A value the form cannot read is named before anything is sent.
    await page.getByRole('button', { name: 'Nuovo coupon' }).click();
    await dialog.getByLabel('Codice').fill(`${CODE}-BIS`);
    await dialog.getByLabel('Sconto in percentuale').fill('dieci');
    await dialog.getByRole('button', { name: 'Salva il coupon' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Sconto in percentuale: scrivi un numero come 10 oppure 12,5.' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await adminApi<{ total: number }>(page, 'GET', `/coupons?q=${encodeURIComponent(`${CODE}-BIS`)}`)).result.total).toBe(0);
  }, 120_000);

  it('the coupon pages have no violations on a phone, and nothing scrolls sideways', async () => {
    const phone = await newPage(browser, baseUrl, 390);
    await signIn(phone, STAFF);
    await phone.getByRole('button', { name: 'Menu' }).click();
    await phone.getByRole('navigation', { name: 'Sezioni del back office' }).getByRole('link', { name: 'Coupon' }).click();
    await phone.getByRole('heading', { level: 1, name: 'Coupon' }).waitFor();
    await phone.getByLabel('Cerca per codice').fill(CODE);
    await couponRow(phone, CODE).waitFor();
    expect(await noSidewaysScroll(phone), 'coupon list').toBe(true);
    expect(await axeViolations(phone), 'coupon list, phone').toEqual([]);
    await couponRow(phone, CODE).getByRole('button', { name: `Modifica: ${CODE}` }).click();
    const dialog = phone.getByRole('dialog', { name: `Modifica il coupon ${CODE}` });
    await dialog.getByLabel('Valido fino al').fill('2020-01-01T00:00');
    await dialog.getByLabel('Valido dal').fill('2020-02-01T00:00');
    await dialog.getByRole('button', { name: 'Salva il coupon' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Valido fino al: la fine della validità deve venire dopo l’inizio.' }).waitFor();
    expect(await noSidewaysScroll(phone), 'coupon dialog').toBe(true);
    expect(await axeViolations(phone), 'coupon dialog, phone').toEqual([]);
    await phone.context().close();
  }, 120_000);
});
