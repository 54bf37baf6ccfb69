import type { Browser, Page } from 'playwright-core';
import { formatPrice, percentOf } from '@shop/domain';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readOutbox } from '../apps/api/src/modules/mail/eml.ts';
import { adminApi, createStaffUser, signIn } from './admin-helpers.ts';
import { apiClient } from './api-client.ts';
import { axeViolations } from './axe.ts';
import { newPage, useBrowser } from './browser.ts';
import { placeCartThroughApi, plentifulProducts, type Doc } from './checkout-flow.ts';

/*
 * Issue #45 point 6 in a real browser: a buyer's quote request is answered by staff in the back
 * office with lower prices; the buyer opens the link from the mail on a phone and finds the cart
 * at the quoted prices, with the right total; once ordered, the link says so. Axe on the back
 * office's quote pages and on the storefront's offer page.
 */
const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');
const dataDir = inject('dataDir');
const STAFF = 'vendite.preventivi.e2e@bottega-pro.example';
const api = apiClient(baseUrl);

let browser: Browser;
let page: Page;
useBrowser(baseUrl, (b, p) => {
  browser = b;
  page = p;
});

let products: [Doc, Doc];
beforeAll(async () => {
  products = (await plentifulProducts(baseUrl)).slice(-2) as [Doc, Doc];
  await createStaffUser(baseUrl, dataDir, STAFF, 'staff');
});

/** The offer mail to `email` once the outbox has it. */
async function offerMail(email: string) {
  let mail: ReturnType<typeof readOutbox>[number] | undefined;
  await expect
    .poll(
      () => {
        mail = readOutbox(outboxDir).find((m) => m.to.includes(email) && m.subject.includes('la nostra offerta'));
        return mail !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return mail!;
}

/** Euros the Italian way, as staff type them ("12,34"). */
const typed = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

describe('a quote answered in the back office becomes the buyer’s cart', () => {
  it('staff answer with lower prices; the buyer’s link opens the cart at those prices with the right total; once ordered the link says so', async () => {
    const buyer = `preventivo-e2e-${Date.now()}@example.it`;
    const asked = products.map((product, i) => ({ product, qty: 4 + i }));
    const { reference, id } = await api<{ reference: string; id: number }>('POST', '/api/quote/request', {
      items: asked.map(({ product, qty }) => ({ sku: product.sku, qty })),
      name: 'Giulia Neri',
      company: 'Osteria Neri',
      email: buyer,
      message: 'Prezzo migliore per questi?',
      privacyAccepted: true,
      source: 'cart',
    });

    // The back office: Preventivi in the menu, the request found by e-mail, its page.
    await signIn(page, STAFF);
    // The catalogue's unit prices for this buyer, as the back office reads them; the offer is 20 % lower and a cent.
    const catalogue = (await adminApi<{ lines: { sku: string; catalogueUnitNetCents: number }[] }>(page, 'GET', `/quotes/${id}`)).result.lines;
    const lines = asked.map((line, i) => ({ ...line, catalogue: catalogue[i]!.catalogueUnitNetCents, quoted: Math.round(catalogue[i]!.catalogueUnitNetCents * 0.8) - 1 }));
    await page.getByRole('navigation', { name: 'Sezioni del back office' }).getByRole('link', { name: 'Preventivi' }).click();
    await page.getByRole('heading', { level: 1, name: 'Preventivi' }).waitFor();
    await page.getByLabel('Cerca').fill(buyer);
    const row = page.getByRole('row').filter({ hasText: buyer });
    await row.getByText('Da evadere').waitFor();
    expect(await axeViolations(page), 'quote list').toEqual([]);
    await row.getByRole('link', { name: reference }).click();
    await page.getByRole('heading', { level: 1, name: `Preventivo ${reference}` }).waitFor();
    await page.getByText('Prezzo migliore per questi?').waitFor();
    for (const { product, catalogue, quoted } of lines) {
      const price = page.getByLabel(`Prezzo offerto per ${product.name} (IVA esclusa, €)`);
      // The catalogue's price is the starting point.
      expect(await price.inputValue()).toBe(typed(catalogue));
      await price.fill(typed(quoted));
    }
    expect(await axeViolations(page), 'quote page').toEqual([]);
    await page.getByLabel('Validità (giorni)').fill('7');
    await page.getByLabel('Messaggio al cliente (facoltativo)').fill('Prezzi riservati per la sua osteria.');
    await page.getByRole('button', { name: 'Invia offerta' }).click();
    await page.getByRole('status').filter({ hasText: `Offerta inviata a ${buyer}.` }).waitFor();
    await page.getByText('Non ancora aperta dal cliente').waitFor();
    await page.getByRole('button', { name: 'Invia di nuovo l’offerta' }).waitFor();
    expect(await axeViolations(page), 'quote page, answered').toEqual([]);

    // The mail: the quoted prices and the link.
    const mail = await offerMail(buyer);
    for (const { product, qty, quoted } of lines) expect(mail.text).toContain(`- ${qty} × ${product.name} (${product.sku}): ${formatPrice(quoted)} cad. IVA esclusa`);
    const link = new URL(/https?:\/\/\S+\/preventivo\/[A-Za-z0-9_-]+/.exec(mail.text)![0]);

    // The buyer, on a phone: the link opens the cart at the quoted prices.
    const phone = await newPage(browser, baseUrl, 390);
    await phone.goto(link.pathname);
    await phone.waitForURL('**/shoppingcart');
    for (const { product, qty, quoted } of lines) {
      const line = phone.locator(`[data-testid="cart-line"][data-sku="${product.sku}"]`);
      await line.getByTestId('row-total').filter({ hasText: formatPrice(quoted * qty) }).waitFor();
      await expect.poll(() => line.getByTestId('line-price').textContent()).toContain(formatPrice(quoted));
    }
    const subtotal = lines.reduce((sum, { qty, quoted }) => sum + qty * quoted, 0);
    const summary = phone.getByTestId('cart-summary');
    await summary.locator('[data-segment="subtotal"]').filter({ hasText: formatPrice(subtotal) }).waitFor();
    // The grand total is the server's: the quoted rows and their VAT, as the API's totals say.
    const cartId = await phone.evaluate(() => (JSON.parse(localStorage.getItem('shop/cart/v1') ?? '{}') as { token?: string }).token ?? '');
    const totals = await api<{ grand_total: number; tax_amount: number; items: { sku: string; price: number; tax_percent: number }[] }>('GET', `/api/cart/totals?cartId=${cartId}`);
    expect(totals.items.map((item) => [item.sku, Math.round(item.price * 100)])).toEqual(lines.map(({ product, quoted }) => [product.sku, quoted]));
    const tax = lines.reduce((sum, { qty, quoted, product }) => sum + percentOf(qty * quoted, totals.items.find((item) => item.sku === product.sku)!.tax_percent), 0);
    expect(Math.round(totals.grand_total * 100)).toBe(subtotal + tax);
    await summary.locator('[data-segment="grand_total"]').filter({ hasText: formatPrice(subtotal + tax) }).waitFor();
    expect(await adminApi<{ offer: { openedAt: string | null } }>(page, 'GET', `/quotes/${id}`)).toMatchObject({ status: 200, result: { offer: { openedAt: expect.any(String) } } });

    // The order (placed through the API with the buyer's cart) keeps the quoted prices; the link then says it was used.
    const order = await placeCartThroughApi(baseUrl, cartId, { email: buyer });
    const ordered = await adminApi<{ lines: { sku: string; unitNetCents: number }[] }>(page, 'GET', `/orders/${order.incrementId}`);
    expect(ordered.result.lines.map((line) => [line.sku, line.unitNetCents])).toEqual(lines.map(({ product, quoted }) => [product.sku, quoted]));

    await phone.goto(link.pathname);
    await phone.getByRole('heading', { level: 1, name: 'Offerta già utilizzata' }).waitFor();
    expect(await axeViolations(phone), 'offer page, already ordered').toEqual([]);
    await phone.goto(`${link.pathname.slice(0, -2)}xx`);
    await phone.getByRole('heading', { level: 1, name: 'Offerta non trovata' }).waitFor();
    expect(await axeViolations(phone), 'offer page, unknown link').toEqual([]);

    await page.reload();
    await page.getByRole('link', { name: `Ordinata: ordine ${order.incrementId}` }).waitFor();
    await page.getByText('Il cliente ha già ordinato con questa offerta: non si può più cambiarla.').waitFor();
    await phone.context().close();
  }, 120_000);

  it('the quote pages have no violations on a phone', async () => {
    const { id, reference } = await api<{ reference: string; id: number }>('POST', '/api/quote/request', {
      items: [{ sku: products[0].sku, qty: 2 }],
      name: 'Marco Blu',
      email: `telefono-${Date.now()}@example.it`,
      privacyAccepted: true,
    });
    const phone = await newPage(browser, baseUrl, 390);
    await signIn(phone, STAFF);
    await phone.goto('/admin/preventivi');
    await phone.getByRole('heading', { level: 1, name: 'Preventivi' }).waitFor();
    await expect.poll(() => phone.getByText('Caricamento…').count()).toBe(0);
    expect(await axeViolations(phone), 'quote list').toEqual([]);
    await phone.goto(`/admin/preventivi/${id}`);
    await phone.getByRole('heading', { level: 1, name: `Preventivo ${reference}` }).waitFor();
    expect(await axeViolations(phone), 'quote page').toEqual([]);
    // A price that is not an amount is named before anything is sent.
    await phone.getByLabel(`Prezzo offerto per ${products[0].name} (IVA esclusa, €)`).fill('tanto');
    await phone.getByRole('button', { name: 'Invia offerta' }).click();
    await phone.getByRole('alert').filter({ hasText: `Prezzo offerto per ${products[0].name} (${products[0].sku}): scrivi un importo come 380 oppure 9,50.` }).waitFor();
    expect((await adminApi<{ status: string }>(phone, 'GET', `/quotes/${id}`)).result.status).toBe('new');
    await phone.context().close();
  }, 120_000);
});
