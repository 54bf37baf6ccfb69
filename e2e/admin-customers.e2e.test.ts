import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminApi, createStaffUser, noSidewaysScroll, signIn, tabTo } from './admin-helpers.ts';
import { apiClient } from './api-client.ts';
import { axeViolations } from './axe.ts';
import { newPage, useBrowser } from './browser.ts';
import { orderThroughApi, plentifulProducts, type Doc } from './checkout-flow.ts';

/*
 * Issue #45 point 5 in a real browser: the owner erases a customer who has a paid order (GDPR art.
 * 17) → the customer page and the list show the personal data gone while the order and its invoice
 * are kept; a customer with an unpaid order cannot be erased (refused in Italian, by keyboard
 * only); staff see neither the export nor the erasure and the API refuses them both; axe on the
 * customer pages and the erasure dialog, desktop and phone.
 */
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const OWNER = 'titolare.clienti.e2e@bottega-pro.example';
const STAFF = 'banco.clienti.e2e@bottega-pro.example';
const PASSWORD = 'Affettatrice-Rossa-2026';
const ERASE = 'Cancella i dati personali (GDPR)';
const EXPORT = 'Esporta i dati (GDPR)';
const api = apiClient(baseUrl);

let browser: Browser;
let page: Page;
useBrowser(baseUrl, (b, p) => {
  browser = b;
  page = p;
});

let product: Doc;
const stamp = Date.now();
let nextCustomer = 1;

interface Customer {
  id: number;
  email: string;
  name: string;
  street: string;
  order: string;
}

/** A registered customer with an address in the book and one order paid by bank transfer (not yet paid). */
async function customerWithOrder(firstname: string): Promise<Customer> {
  const n = nextCustomer++;
  const email = `gdpr-${stamp}-${n}@example.it`;
  const street = `Via Garibaldi ${n}`;
  await api('POST', '/api/user/create', { customer: { email, firstname, lastname: 'Gallo' }, password: PASSWORD });
  // Tokens live 20 s in the browser tests' shop: what needs the token follows at once.
  const token = await api<string>('POST', '/api/user/login', { username: email, password: PASSWORD });
  const { id } = await api<{ id: number }>('GET', '/api/user/me', undefined, token);
  await api('PUT', `/api/ext/address-book/${id}`, {
    customer: { addresses: [{ firstname, lastname: 'Gallo', street: [street], city: 'Parma', postcode: '43121', region_code: 'PR', region: 'Parma', country_id: 'IT', telephone: '0521 123456', email, default_shipping: true, default_billing: true }] },
  }, token);
  const { incrementId } = await orderThroughApi(baseUrl, product.sku, 1, { token, email });
  return { id, email, name: `${firstname} Gallo`, street, order: incrementId };
}

/** Records the transfer's money for the order (the owner's session of `target`); the invoice it issued. */
async function markPaid(target: Page, order: string): Promise<{ number: string }> {
  const { result } = await adminApi<{ totals: { grandTotalCents: number } }>(target, 'GET', `/orders/${order}`);
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome' }).format(new Date());
  expect((await adminApi(target, 'POST', `/orders/${order}/payment-received`, { amountCents: result.totals.grandTotalCents, date: today })).status).toBe(200);
  const paid = await adminApi<{ invoices: { number: string; type: string }[] }>(target, 'GET', `/orders/${order}`);
  const invoice = paid.result.invoices.find((i) => i.type === 'TD01');
  expect(invoice, `order ${order} has an invoice once paid`).toBeDefined();
  return invoice!;
}

/** The customer's page, its content loaded. */
async function openCustomer(target: Page, customer: { id: number }, heading: string): Promise<void> {
  await target.goto(`/admin/clienti/${customer.id}`);
  await target.getByRole('heading', { level: 1, name: heading }).waitFor();
  await expect.poll(() => target.getByText('Caricamento…').count()).toBe(0);
}


beforeAll(async () => {
  // A product no other browser test runs down (they take the first and the last ones).
  product = (await plentifulProducts(baseUrl))[3]!;
  await createStaffUser(baseUrl, dataDir, OWNER, 'owner');
  await createStaffUser(baseUrl, dataDir, STAFF, 'staff');
  await signIn(page, OWNER);
});

describe('a customer’s personal data erased in the back office (GDPR)', () => {
  it('the owner erases a customer with a paid order: the name, e-mail and addresses are gone, the order and its invoice kept', async () => {
    const customer = await customerWithOrder('Rosalba');
    const invoice = await markPaid(page, customer.order);

    // Found in the list by e-mail; the page shows what the shop holds of the person.
    await page.getByRole('navigation', { name: 'Sezioni del back office' }).getByRole('link', { name: 'Clienti' }).click();
    await page.getByRole('heading', { level: 1, name: 'Clienti' }).waitFor();
    await page.getByLabel('Cerca').fill(customer.email);
    const row = page.getByRole('row').filter({ hasText: customer.email });
    await row.getByRole('link', { name: customer.name }).click();
    await page.getByRole('heading', { level: 1, name: `Cliente ${customer.name}` }).waitFor();
    await page.getByText(`E-mail: ${customer.email}`).waitFor();
    await page.getByText(customer.street).waitFor();
    const orders = page.getByRole('region', { name: 'Ordini' });
    await orders.getByRole('link', { name: customer.order }).waitFor();
    const invoices = page.getByRole('region', { name: 'Fatture' });
    await invoices.getByRole('row').filter({ hasText: invoice.number }).getByRole('cell', { name: 'Fattura', exact: true }).waitFor();
    expect(await axeViolations(page), 'customer page, owner').toEqual([]);

    // The erasure asks for its reason first.
    await page.getByRole('button', { name: ERASE }).click();
    const dialog = page.getByRole('dialog', { name: ERASE });
    await dialog.getByText('ordini e fatture restano conservati per 10 anni').waitFor();
    await dialog.getByRole('button', { name: ERASE }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Indica il motivo della cancellazione' }).waitFor();
    expect(await axeViolations(page), 'erasure dialog, reason missing').toEqual([]);
    await dialog.getByLabel(/^Motivo/).fill(`Richiesta della cliente via PEC del ${new Date().toLocaleDateString('it-IT')}`);
    await dialog.getByRole('button', { name: ERASE }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'I dati personali del cliente sono stati cancellati; ordini e fatture restano conservati come richiede la legge.' }).waitFor();

    // The page now: an anonymous account, no address; the order and the invoice as they were.
    await page.getByRole('heading', { level: 1, name: 'Cliente Cliente cancellato' }).waitFor();
    await page.getByText(`E-mail: cliente-${customer.id}@cancellato.invalid`).waitFor();
    const text = await page.locator('main').textContent();
    expect(text).not.toContain(customer.email);
    expect(text).not.toContain(customer.street);
    expect(text).not.toContain('Rosalba');
    await page.getByRole('region', { name: 'Indirizzi' }).getByText('Nessuna.').waitFor();
    await orders.getByRole('link', { name: customer.order }).waitFor();
    await invoices.getByRole('row').filter({ hasText: invoice.number }).waitFor();
    await page.getByRole('region', { name: 'Cronologia' }).getByText(/customer\.erase/).waitFor();
    expect(await page.getByRole('button', { name: ERASE }).count()).toBe(1);
    expect(await axeViolations(page), 'customer page, erased').toEqual([]);

    // The list no longer finds the person by e-mail or name; the anonymous account is listed with its order.
    await page.goto(`/admin/clienti?q=${encodeURIComponent(customer.email)}`);
    await page.getByText('Nessun cliente corrisponde ai filtri.').waitFor();
    await page.goto(`/admin/clienti?q=${encodeURIComponent(`cliente-${customer.id}@cancellato.invalid`)}`);
    const anonymous = page.getByRole('row').filter({ hasText: `cliente-${customer.id}@cancellato.invalid` });
    await anonymous.getByRole('link', { name: 'Cliente cancellato' }).waitFor();
    expect(await anonymous.getByRole('cell').nth(3).textContent()).toBe('1');

    // The order keeps the buyer as invoiced, and its invoice; the erased account cannot sign in.
    await page.goto(`/admin/ordini/${customer.order}`);
    await page.getByRole('heading', { level: 1, name: `Ordine ${customer.order}` }).waitFor();
    await page.getByText(new RegExp(`^Fattura ${invoice.number.replace('/', '\\/')} del `)).waitFor();
    const login = await fetch(`${baseUrl}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: customer.email, password: PASSWORD }) });
    expect(login.status).toBe(401);
  }, 180_000);

  it('refuses in Italian to erase a customer whose order is not paid, by keyboard only; nothing is erased', async () => {
    const customer = await customerWithOrder('Ottavio');
    await page.goto('/admin/clienti');
    // The screen's heading has the focus; from there the keyboard reaches the search, the customer, the button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Clienti');
    await tabTo(page, 'Cerca');
    await page.keyboard.type(customer.email);
    await page.getByRole('row').filter({ hasText: customer.email }).waitFor();
    await tabTo(page, customer.name);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: `Cliente ${customer.name}` }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(`Cliente ${customer.name}`);
    await tabTo(page, ERASE);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: ERASE });
    await dialog.waitFor();
    // The reason's field has the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await page.keyboard.type('Richiesta del cliente al telefono');
    await tabTo(page, ERASE);
    await page.keyboard.press('Enter');
    const refusal = `Il cliente ha l’ordine ${customer.order} non ancora pagato: annullalo o registra il pagamento prima di cancellare i suoi dati.`;
    await dialog.getByRole('alert').filter({ hasText: refusal }).waitFor();
    expect(await axeViolations(page), 'erasure dialog, refused').toEqual([]);
    // Escape closes the dialog and gives the focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(ERASE);
    await page.getByText(`E-mail: ${customer.email}`).waitFor();
    await page.getByText(customer.street).waitFor();
    expect((await adminApi<{ email: string; addresses: unknown[] }>(page, 'GET', `/customers/${customer.id}`)).result).toMatchObject({ email: customer.email, addresses: [expect.anything()] });
  }, 120_000);

  it('staff see neither the export nor the erasure, and the API refuses both with 403', async () => {
    const customer = await customerWithOrder('Teodora');
    const staff = await newPage(browser, baseUrl);
    await signIn(staff, STAFF);
    await openCustomer(staff, customer, `Cliente ${customer.name}`);
    await staff.getByRole('button', { name: 'Cambia gruppo' }).waitFor();
    await staff.getByRole('button', { name: 'Invia e-mail per reimpostare la password' }).waitFor();
    expect(await staff.getByRole('button', { name: ERASE }).count()).toBe(0);
    expect(await staff.getByRole('link', { name: EXPORT }).count()).toBe(0);
    expect(await staff.getByText(EXPORT).count()).toBe(0);
    expect(await axeViolations(staff), 'customer page, staff').toEqual([]);

    const exported = await staff.request.get(`/api/admin/customers/${customer.id}/export`);
    expect(exported.status()).toBe(403);
    expect(((await exported.json()) as { result: string }).result).toBe('Questa funzione è riservata al titolare.');
    expect(await adminApi(staff, 'POST', `/customers/${customer.id}/erase`, { reason: 'Prova dello staff' })).toEqual({ status: 403, result: 'Questa funzione è riservata al titolare.' });
    // Nothing was erased, and the owner's export holds the person's data.
    await staff.reload();
    await staff.getByText(`E-mail: ${customer.email}`).waitFor();
    const owner = await page.request.get(`/api/admin/customers/${customer.id}/export`);
    expect(owner.status()).toBe(200);
    expect(owner.headers()['content-disposition']).toMatch(new RegExp(`^attachment; filename="cliente-${customer.id}-\\d{4}-\\d\\d-\\d\\d\\.json"$`));
    expect(await owner.json()).toMatchObject({ email: customer.email, addresses: [{ address: { street: [customer.street] } }], orders: [{ increment_id: customer.order }] });
    await staff.context().close();
  }, 120_000);

  it('the customer pages and the erasure dialog have no violations on a phone, and nothing scrolls sideways', async () => {
    const customer = await customerWithOrder('Benedetta');
    const phone = await newPage(browser, baseUrl, 390);
    await signIn(phone, OWNER);
    await phone.getByRole('button', { name: 'Menu' }).click();
    await phone.getByRole('navigation', { name: 'Sezioni del back office' }).getByRole('link', { name: 'Clienti' }).click();
    await phone.getByRole('heading', { level: 1, name: 'Clienti' }).waitFor();
    await phone.getByLabel('Cerca').fill(customer.email);
    await phone.getByRole('row').filter({ hasText: customer.email }).waitFor();
    expect(await noSidewaysScroll(phone), 'customer list').toBe(true);
    expect(await axeViolations(phone), 'customer list, phone').toEqual([]);

    await openCustomer(phone, customer, `Cliente ${customer.name}`);
    await phone.getByText(customer.street).waitFor();
    expect(await noSidewaysScroll(phone), 'customer page').toBe(true);
    expect(await axeViolations(phone), 'customer page, phone').toEqual([]);
    await phone.getByRole('button', { name: ERASE }).click();
    const dialog = phone.getByRole('dialog', { name: ERASE });
    await dialog.getByLabel(/^Motivo/).fill('Richiesta del cliente');
    await dialog.getByRole('button', { name: ERASE }).click();
    await dialog.getByRole('alert').filter({ hasText: `Il cliente ha l’ordine ${customer.order} non ancora pagato` }).waitFor();
    expect(await noSidewaysScroll(phone), 'erasure dialog').toBe(true);
    expect(await axeViolations(phone), 'erasure dialog, phone').toEqual([]);
    await phone.context().close();
  }, 120_000);
});
