import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiClient } from './api-client.ts';
import { axeViolations } from './axe.ts';
import { forgetShopper } from './browser.ts';

export type Doc = Record<string, any>;

/** A shopper's steps from a product to the checkout's answer, shared by the checkout and payment tests. */
export function checkoutFlow(page: () => Page) {
  const field = (path: string) => page().locator(`#f-${path.replace(/\./g, '-')}`);
  const notification = (text: string) => page().getByTestId('notification').filter({ hasText: text });

  /** A fresh shopper (no cart, no saved details) with one product in the cart, on the checkout. */
  async function cartThenCheckout(product: Doc) {
    await forgetShopper(page());
    await page().goto(`/p/${encodeURIComponent(product.sku)}/${encodeURIComponent(product.slug)}`, { waitUntil: 'networkidle' });
    await page().getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await notification('Il prodotto è stato aggiunto al carrello!').first().waitFor();
    await page().goto('/shoppingcart', { waitUntil: 'networkidle' });
    await page().getByRole('link', { name: 'Vai alla cassa' }).first().click();
    await page().waitForURL('**/checkout');
    await field('personalDetails.emailAddress').waitFor();
  }

  async function fillAddress(buyer: { email: string; company?: boolean }) {
    // A signed-in checkout shows the account's e-mail, read-only (issue 42 point 1).
    const email = field('personalDetails.emailAddress');
    if (await email.isEditable()) await email.fill(buyer.email);
    else expect(await email.inputValue()).toBe(buyer.email);
    await field('personalDetails.firstName').fill('Mario');
    await field('personalDetails.lastName').fill('Rossi');
    if (buyer.company) await page().getByRole('radio', { name: 'Azienda' }).check();
    if (buyer.company) await field('shippingDetails.company').fill('Trattoria da Mario srl');
    await field('shippingDetails.streetAddress').fill('Via Roma 12');
    await field('shippingDetails.zipCode').fill('20121');
    await field('shippingDetails.city').fill('Milano');
    await field('shippingDetails.state').selectOption('MI');
    await field('shippingDetails.phoneNumber').fill('333 123 4567');
    if (buyer.company) await field('shippingDetails.tipoAttivita').selectOption('8492');
  }

  async function choosePayment(name: RegExp) {
    const radio = page().getByRole('radio', { name });
    await radio.waitFor();
    await radio.check();
  }

  /** The chosen method's fee is in the reviewed totals: an order confirmed before would be refused (prices changed). */
  async function paymentFeeInTotals() {
    await expect.poll(async () => (await page().getByTestId('checkout-totals').textContent()) ?? '').toContain('Costo pagamento');
  }

  /** Tab until the target has focus, as a keyboard user moves through the page. */
  async function tabTo(target: Locator) {
    for (let i = 0; i < 80; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await page().keyboard.press('Tab');
    }
    throw new Error('not reachable with Tab');
  }

  /** Tabs to a field and types into it, as a keyboard user fills a form. */
  async function typeInto(path: string, text: string) {
    await tabTo(field(path));
    await page().keyboard.type(text);
  }

  /** Picks a radio with the keyboard: Tab into its group, then arrow keys until it is checked. */
  async function pickRadio(group: string, option: Locator) {
    await tabTo(page().locator(`input[name="${group}"]`).first());
    for (let i = 0; i < 10 && !(await option.isChecked()); i++) await page().keyboard.press('ArrowDown');
    expect(await option.isChecked()).toBe(true);
  }

  /** WCAG 2.1 AA violations of the current page. */
  const runAxe = () => axeViolations(page());

  return { field, notification, cartThenCheckout, fillAddress, choosePayment, paymentFeeInTotals, tabTo, typeInto, pickRadio, runAxe };
}

/** In-stock simple products without options, priced for a checkout, from the shop's catalogue. */
export async function checkoutProducts(baseUrl: string): Promise<Doc[]> {
  const res = await fetch(`${baseUrl}/api/catalog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      entityType: 'product',
      filters: { type_id: { eq: 'simple' }, status: { eq: 1 }, visibility: { eq: 4 } },
      size: 300,
      includeFields: ['sku', 'slug', 'name', 'price', 'stock', 'custom_options'],
    }),
  });
  return ((await res.json()) as { result: { items: Doc[] } }).result.items;
}

/** In-stock simple products without options, priced for an order, with more than 20 units to spare. */
export async function plentifulProducts(baseUrl: string): Promise<Doc[]> {
  const items = (await checkoutProducts(baseUrl)).filter((p) => p.price > 10 && p.price < 400 && p.stock?.is_in_stock && p.stock.qty > 20 && !p.custom_options?.length);
  expect(items.length).toBeGreaterThan(4);
  return items;
}

/**
 * In-stock simple products without options with 4 to 20 units (fewer than `plentifulProducts`), whose stock the tests run down.
 * Each test file takes its own pair (`FEW_UNITS_PAIRS`), so that no file sells out another's.
 */
export async function fewUnitsPair(baseUrl: string, owner: keyof typeof FEW_UNITS_PAIRS): Promise<[Doc, Doc]> {
  const few = (await checkoutProducts(baseUrl)).filter(
    (p) => p.price > 10 && p.price < 400 && p.stock?.is_in_stock && p.stock.manage_stock !== false && !p.stock.backorders && p.stock.qty >= 4 && p.stock.qty <= 20 && !p.custom_options?.length,
  );
  const at = FEW_UNITS_PAIRS[owner] * 2;
  expect(few.length).toBeGreaterThanOrEqual(at + 2);
  return [few[at]!, few[at + 1]!];
}

/** Which pair of the few-units products each browser test file runs down. */
export const FEW_UNITS_PAIRS = { 'stock-sync': 0, 'quick-order': 1 } as const;

/**
 * Another shopper buys `qty` of a product through the API (a private buyer paying by transfer): the
 * stock goes down. With `buyer` a signed-in customer (token and e-mail) orders, with `more` lines,
 * and pays with `paymentMethod` (default banktransfer).
 */
export async function orderThroughApi(
  baseUrl: string,
  sku: string,
  qty: number,
  buyer: { token?: string; email?: string; more?: { sku: string; qty: number }[]; paymentMethod?: string } = {},
): Promise<{ incrementId: string; accessKey: string } & Doc> {
  const api = apiClient(baseUrl);
  const { token } = buyer;
  const cartId = await api<string>('POST', '/api/cart/create', undefined, token);
  for (const line of [{ sku, qty }, ...(buyer.more ?? [])]) {
    await api('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { ...line, quoteId: cartId } }, token);
  }
  return placeCartThroughApi(baseUrl, cartId, buyer);
}

/** Orders a cart the shopper filled (a private buyer in Turin paying by `paymentMethod`, default banktransfer); `token` for a customer's cart. */
export async function placeCartThroughApi(baseUrl: string, cartId: string, buyer: { token?: string; email?: string; paymentMethod?: string } = {}): Promise<{ incrementId: string; accessKey: string } & Doc> {
  const api = apiClient(baseUrl);
  const { token } = buyer;
  const address = { firstname: 'Luca', lastname: 'Verdi', street: ['Via Po 1'], city: 'Torino', postcode: '10121', region: '', region_code: 'TO', country_id: 'IT', telephone: '3331234567', email: buyer.email ?? 'altro@example.it' };
  const [method] = await api<{ carrier_code: string; method_code: string }[]>('POST', `/api/cart/shipping-methods?cartId=${cartId}`, { address: { country_id: 'IT', postcode: '10121', region_code: 'TO' } }, token);
  return api('POST', '/api/order', {
    cart_id: cartId,
    addressInformation: {
      shippingAddress: address,
      billingAddress: { ...address, custom_attributes: { is_company: false, fiscal_code: 'RSSMRA79B11C566R' } },
      shipping_carrier_code: method!.carrier_code,
      shipping_method_code: method!.method_code,
      payment_method_code: buyer.paymentMethod ?? 'banktransfer',
    },
  }, token);
}
