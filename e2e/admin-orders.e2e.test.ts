import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readOutbox } from '../apps/api/src/modules/mail/eml.ts';
import { createStaffUser, signIn } from './admin-helpers.ts';
import { orderThroughApi, plentifulProducts, type Doc } from './checkout-flow.ts';
import { newPage, useBrowser } from './browser.ts';

/**
 * The order actions of the back office end to end (issue 44 points 3–5): each one done in the
 * order page's dialogs, then checked where the buyer or the shop sees it (the buyer's order view,
 * the mail outbox, the stock).
 */
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const outboxDir = inject('outboxDir');
const OWNER = 'azioni.e2e@bottega-pro.example';

let browser: Browser;
let page: Page;
useBrowser(baseUrl, (b, p) => {
  browser = b;
  page = p;
});

let products: Doc[];
beforeAll(async () => {
  await createStaffUser(baseUrl, dataDir, OWNER, 'owner');
  await signIn(page, OWNER);
  products = await plentifulProducts(baseUrl);
});

/** The buyer's own page of the order: the thank-you link of the order mail (a guest's account). */
async function buyerPage(order: { incrementId: string; accessKey: string }): Promise<Page> {
  const buyer = await newPage(browser, baseUrl);
  await buyer.goto(`/thank-you?order=${order.incrementId}&key=${encodeURIComponent(order.accessKey)}`);
  return buyer;
}

/** The order as its buyer's pages read it (the account and thank-you pages' API). */
async function buyerView(order: { incrementId: string; accessKey: string }): Promise<Doc> {
  const response = await fetch(`${baseUrl}/api/order/${order.incrementId}?key=${encodeURIComponent(order.accessKey)}`);
  return ((await response.json()) as { result: Doc }).result;
}

const mailsAbout = (incrementId: string) => readOutbox(outboxDir).filter((mail) => mail.subject.includes(incrementId));

async function openOrder(incrementId: string): Promise<void> {
  await page.goto(`/admin/ordini/${incrementId}`);
  await page.getByRole('heading', { level: 1, name: `Ordine ${incrementId}` }).waitFor();
}

/** Opens an action's dialog, lets `fill` fill it, confirms, and waits for the dialog to close. */
async function act(action: string, fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void> = async () => undefined): Promise<void> {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: action });
  await dialog.waitFor();
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const stockOf = async (sku: string) => ((await (await fetch(`${baseUrl}/api/stock/check?sku=${encodeURIComponent(sku)}`)).json()) as { result: { qty: number } }).result.qty;

describe('order actions in the back office', () => {
  it('a bank transfer marked received: the buyer sees it paid and gets the mail; shipped with tracking: the buyer sees the link', async () => {
    const order = await orderThroughApi(baseUrl, products[0]!.sku, 1, { email: 'bonifico.admin@example.it' });
    await page.goto('/admin/ordini?view=bonifici-in-attesa');
    await page.getByRole('link', { name: order.incrementId }).waitFor();
    await page.getByRole('link', { name: order.incrementId }).click();
    await page.getByRole('heading', { level: 1, name: `Ordine ${order.incrementId}` }).waitFor();
    const mailsBefore = mailsAbout(order.incrementId).length;
    await act('Pagamento ricevuto');
    await page.getByText('Pagamento: Pagato').waitFor();
    // The buyer's page of the order says so, and no longer asks for the transfer.
    const paidPage = await buyerPage(order);
    await paidPage.getByTestId('payment-received').getByText(/^Pagamento ricevuto: /).waitFor();
    expect(await paidPage.getByTestId('bank-transfer').count()).toBe(0);
    await paidPage.context().close();
    await expect.poll(() => mailsAbout(order.incrementId).length, { timeout: 10_000 }).toBeGreaterThan(mailsBefore);
    expect(mailsAbout(order.incrementId).some((mail) => mail.subject.endsWith(`pagamento ricevuto per l'ordine n. ${order.incrementId}`))).toBe(true);

    const tracking = `https://tracking.example/${order.incrementId}`;
    await act('Spedisci', async (dialog) => {
      await dialog.getByLabel('Corriere').fill('BRT');
      await dialog.getByLabel('Numero di tracciamento').fill(`BRT${order.incrementId}`);
      await dialog.getByLabel(/Link di tracciamento/).fill(tracking);
    });
    await page.getByRole('link', { name: 'Segui la spedizione' }).waitFor();
    const shippedPage = await buyerPage(order);
    const link = shippedPage.getByRole('link', { name: /^Segui la spedizione BRT/ });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(tracking);
    await shippedPage.context().close();
  });

  it('a paid cash-on-delivery order cancelled: its stock comes back', async () => {
    const sku = products[1]!.sku;
    const before = await stockOf(sku);
    const order = await orderThroughApi(baseUrl, sku, 2, { email: 'contrassegno.admin@example.it', paymentMethod: 'cashondelivery' });
    expect(await stockOf(sku)).toBe(before - 2);
    await openOrder(order.incrementId);
    await act('Pagamento ricevuto');
    await page.getByText('Pagamento: Pagato').waitFor();
    await act('Annulla ordine', async (dialog) => {
      await dialog.getByLabel('Motivo').fill('Il cliente ha rinunciato');
      await dialog.getByLabel('IBAN del cliente per il rimborso').fill('IT60X0542811101000000123456');
    });
    await page.getByText('Annullato', { exact: true }).first().waitFor();
    expect(await stockOf(sku)).toBe(before);
  });

  it('a card order refunded in part through the Stripe sandbox: the credit note is listed', async () => {
    const buyer = await newPage(browser, baseUrl);
    const placed = await orderThroughApi(baseUrl, products[2]!.sku, 2, { email: 'carta.admin@example.it', paymentMethod: 'stripe' });
    const payUrl = /https?:\/\/[^"]+\/c\/pay\/cs_test_[^"]+/.exec(JSON.stringify(placed))![0];
    await buyer.goto(payUrl);
    await buyer.getByRole('button', { name: /^Paga / }).click();
    await expect.poll(async () => (await buyerView(placed)).payment?.status, { timeout: 15_000 }).toBe('paid');
    await buyer.context().close();

    await openOrder(placed.incrementId);
    await act('Rimborsa', async (dialog) => {
      await dialog.getByLabel(new RegExp(`^${products[2]!.sku} — .*pezzi da rimborsare`)).fill('1');
      await dialog.getByLabel('Motivo').fill('Un pezzo arrivato danneggiato');
    });
    await page.getByText('Pagamento: Rimborsato in parte').waitFor();
    await page.getByText(/^Nota di credito /).waitFor();
  });
});
