import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { checkoutFlow, checkoutProducts, type Doc } from './checkout-flow.ts';

/*
 * Online payments through the local provider sandboxes (issue #14), in a real browser through the
 * real shop: card (Stripe Checkout), instalments (Alma, 3 instalments) and PayPal, each first
 * cancelled at the provider (back to /payment-cancelled with the cart intact) then paid on a
 * second attempt; PayPal with the keyboard alone; axe on every page of the flows, the sandboxes'
 * included; the strict CSP of the payment pages never blocks the shop's own scripts.
 *
 * The browser shops at the shop's public address (SHOP_URL): the providers send it back there.
 */

const publicUrl = inject('publicUrl');
let page: Page;
/** Scripts the strict CSP refused (none may be the shop's). */
const refused: string[] = [];

useBrowser(publicUrl, (_browser, p) => {
  page = p;
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
});

const { field, cartThenCheckout, fillAddress, choosePayment, tabTo, typeInto, pickRadio, runAxe } = checkoutFlow(() => page);

let products: Doc[];

beforeAll(async () => {
  // Alma's instalments start at 50 EUR.
  products = (await checkoutProducts(publicUrl)).filter((p) => p.price > 60 && p.price < 400 && p.stock?.is_in_stock && p.stock.qty > 20 && !p.custom_options?.length);
  expect(products.length).toBeGreaterThan(3);
});

const localCartLines = () => page.evaluate(() => (JSON.parse(localStorage.getItem('shop/cart/v1') ?? '{}') as { items?: unknown[] }).items?.length ?? 0);
const cartToken = () => page.evaluate(() => (JSON.parse(localStorage.getItem('shop/cart/v1') ?? '{}') as { token?: string }).token ?? '');

async function serverCartLines(): Promise<number> {
  const answer = (await (await fetch(`${publicUrl}/api/cart/pull?cartId=${await cartToken()}`)).json()) as { result: unknown[] };
  return answer.result.length;
}

async function fillAndChoose(product: Doc, method: RegExp, email: string) {
  await cartThenCheckout(product);
  await fillAddress({ email });
  await field('paymentDetails.fiscalCode').fill('RSSMRA79B11C566R');
  await choosePayment(method);
}

/** Waits for a radio to show as chosen: the checkout restores its choices after hydration. */
const expectChosen = (choice: Locator) => expect.poll(() => choice.isChecked(), { timeout: 10_000 }).toBe(true);
const radio = (name: RegExp) => page.getByRole('radio', { name });

async function confirm() {
  await expectChosen(radio(/Corriere espresso/));
  await page.getByRole('checkbox', { name: /termini e le condizioni/ }).check();
  await page.getByRole('button', { name: 'Conferma ordine' }).click();
}

/** The order the page's link names (thank-you, payment-cancelled), as its owner reads it. */
async function orderOfPage(): Promise<{ status: string; payment: { status: string; method: string } }> {
  const url = new URL(page.url());
  const res = await fetch(`${publicUrl}/api/order/${url.searchParams.get('order')}?key=${url.searchParams.get('key')}`);
  return ((await res.json()) as { result: { status: string; payment: { status: string; method: string } } }).result;
}

/** Back from a cancel at the provider: the payment is not completed, the cart is whole again, and a retry leads to the checkout. */
async function expectCancelledWithCart() {
  await page.waitForURL('**/payment-cancelled?**', { timeout: 15_000 });
  await page.getByText('Il pagamento non è stato completato.').waitFor();
  expect((await orderOfPage()).status).toBe('canceled');
  expect(await localCartLines()).toBe(1);
  expect(await serverCartLines()).toBe(1);
  expect(await runAxe()).toEqual([]);
}

describe('online payments in the sandboxes', () => {
  it('card: marked as a test, cancelled at Stripe with the cart kept, then paid on a second attempt', async () => {
    await fillAndChoose(products[0]!, /Carta di credito o debito/, 'carta@example.it');
    expect(await radio(/Carta di credito o debito \(ambiente di prova: nessun addebito reale\)/).count()).toBe(1);
    const checkout = await page.reload({ waitUntil: 'networkidle' });
    const policy = checkout!.headers()['content-security-policy']!;
    // The nonce, and the hash of the one inline script of the layout (the consent hint).
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' 'sha256-[^']+' 'strict-dynamic'/);
    expect(policy).not.toContain('unsafe-inline\' \'strict');
    await confirm();
    await page.waitForURL(/\/c\/pay\/cs_test_/, { timeout: 15_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Pagamento con carta');
    expect(await runAxe()).toEqual([]);
    await page.getByRole('button', { name: 'Annulla e torna al negozio' }).click();
    await expectCancelledWithCart();

    await page.getByRole('link', { name: 'Riprova il pagamento' }).click();
    await page.waitForURL('**/checkout');
    await expectChosen(radio(/Carta di credito o debito/));
    await confirm();
    await page.waitForURL(/\/c\/pay\/cs_test_/, { timeout: 15_000 });
    await page.getByRole('button', { name: /^Paga / }).click();
    await page.waitForURL('**/thank-you?**', { timeout: 15_000 });
    await page.getByText(/^Pagamento ricevuto: €[\d.,]+ con Carta di credito o debito\.$/).waitFor();
    expect(await orderOfPage()).toMatchObject({ status: 'processing', payment: { status: 'paid', method: 'stripe' } });
    expect(await localCartLines()).toBe(0);
    expect(await runAxe()).toEqual([]);
    expect(refused).toEqual([]);
  });

  it("card: the browser's Back button from Stripe's page gives the cart back to the checkout, and the order can be placed again", async () => {
    await fillAndChoose(products[3]!, /Carta di credito o debito/, 'indietro@example.it');
    await confirm();
    await page.waitForURL(/\/c\/pay\/cs_test_/, { timeout: 15_000 });
    const abandoned = page.url();
    await page.goBack();
    await page.waitForURL('**/checkout');
    await expect.poll(serverCartLines, { timeout: 10_000 }).toBe(1);
    expect(await localCartLines()).toBe(1);
    // The abandoned session no longer takes a payment.
    expect((await fetch(abandoned)).status).toBe(410);
    // The checkout comes back with the card still chosen.
    await expectChosen(radio(/Carta di credito o debito/));
    await confirm();
    await page.waitForURL(/\/c\/pay\/cs_test_/, { timeout: 15_000 });
    expect(page.url()).not.toBe(abandoned);
  });

  it('instalments: the plan chooser, a cancel at Alma, then 3 instalments paid; the return page counts down and lets the shopper stay', async () => {
    await fillAndChoose(products[1]!, /Alma/, 'rate@example.it');
    const threePlans = radio(/^3 rate mensili: €[\d.,]+ oggi, poi €[\d.,]+ al mese$/);
    await expectChosen(threePlans);
    expect(await radio(/rate mensili/).count()).toBe(3);
    expect(await runAxe()).toEqual([]);
    await confirm();
    await page.waitForURL(/\/pay\/payment_/, { timeout: 15_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Pagamento in 3 rate');
    expect(await runAxe()).toEqual([]);
    await page.getByRole('button', { name: 'Annulla e torna al negozio' }).click();
    await expectCancelledWithCart();

    await page.getByRole('link', { name: 'Riprova il pagamento' }).click();
    await page.waitForURL('**/checkout');
    await expectChosen(threePlans);
    await confirm();
    await page.waitForURL(/\/pay\/payment_/, { timeout: 15_000 });
    await page.getByRole('button', { name: /^Paga la prima rata/ }).click();
    await page.waitForURL('**/instalment-return?pid=payment_*', { timeout: 15_000 });
    const returnUrl = page.url();
    await page.getByText(/^Pagamento a rate approvato: il tuo ordine n\. \d{9} è confermato\.$/).waitFor();
    expect(await localCartLines()).toBe(0);
    const countdown = page.getByTestId('instalment-countdown');
    await expect.poll(() => countdown.textContent()).toMatch(/^Tra 1[0-5] secondi tornerai alla home page\.$/);
    expect(await runAxe()).toEqual([]);
    await page.getByRole('button', { name: 'Resta su questa pagina' }).click();
    await page.getByText('Resti su questa pagina: nessun reindirizzamento.').waitFor();
    await page.waitForTimeout(2500);
    expect(page.url()).toBe(returnUrl);
    expect(await countdown.textContent()).toBe('');

    // Left alone, the page goes home after 16 seconds.
    await page.goto(returnUrl);
    await page.getByText(/^Tra 16 secondi/).waitFor();
    await page.waitForURL(`${publicUrl}/`, { timeout: 25_000 });
  });

  it('PayPal with the keyboard alone: a cancel at PayPal, then approved and captured', async () => {
    await cartThenCheckout(products[2]!);
    await page.locator('body').focus();
    await typeInto('personalDetails.emailAddress', 'paypal@example.it');
    await typeInto('personalDetails.firstName', 'Anna');
    await typeInto('personalDetails.lastName', 'Bianchi');
    await typeInto('shippingDetails.streetAddress', 'Via Garibaldi 3');
    await typeInto('shippingDetails.zipCode', '10121');
    await typeInto('shippingDetails.city', 'Torino');
    await typeInto('shippingDetails.state', 'Torino');
    await typeInto('shippingDetails.phoneNumber', '3331234567');
    await expectChosen(radio(/Corriere espresso/));
    await typeInto('paymentDetails.fiscalCode', 'RSSMRA79B11C566R');
    const paypal = radio(/^PayPal/);
    await pickRadio('paymentDetails.paymentMethod', paypal);
    await tabTo(page.getByRole('checkbox', { name: /termini e le condizioni/ }));
    await page.keyboard.press('Space');
    await tabTo(page.getByRole('button', { name: 'Conferma ordine' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/checkoutnow\?token=/, { timeout: 15_000 });
    expect(await runAxe()).toEqual([]);
    await tabTo(page.getByRole('button', { name: 'Annulla e torna al negozio' }));
    await page.keyboard.press('Enter');
    await expectCancelledWithCart();

    await tabTo(page.getByRole('link', { name: 'Riprova il pagamento' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/checkout');
    await expectChosen(paypal);
    const terms = page.getByRole('checkbox', { name: /termini e le condizioni/ });
    if (!(await terms.isChecked())) {
      await tabTo(terms);
      await page.keyboard.press('Space');
    }
    await tabTo(page.getByRole('button', { name: 'Conferma ordine' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/checkoutnow\?token=/, { timeout: 15_000 });
    await tabTo(page.getByRole('button', { name: 'Approva il pagamento' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/thank-you?**', { timeout: 15_000 });
    await page.getByText(/^Pagamento ricevuto: €[\d.,]+ con PayPal\.$/).waitFor();
    expect(await orderOfPage()).toMatchObject({ status: 'processing', payment: { status: 'paid', method: 'paypal_express' } });
    expect(await runAxe()).toEqual([]);
  });
});
