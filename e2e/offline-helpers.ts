import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { checkoutFlow, type Doc } from './checkout-flow.ts';

/** An order stored offline as the page keeps it (lib/offline/task-queue.ts): what it sends, with its key. */
export interface StoredOrderTask {
  payload: { expected_grand_total: number };
  headers: Record<string, string>;
}

export const productPath = (product: Doc) => `/p/${encodeURIComponent(product.sku)}/${encodeURIComponent(product.slug)}`;

/** A shopper's offline steps (issue #18), shared by the offline browser tests. */
export function offlineFlow(page: () => Page) {
  const { field, notification, fillAddress, choosePayment } = checkoutFlow(page);
  /** `context.setOffline` takes the network away from the page and its service worker. */
  const offline = (on: boolean) => page().context().setOffline(on);
  const storedCart = () => page().evaluate(() => JSON.parse(localStorage.getItem('shop/cart/v1') ?? '{}') as { token?: string | null; items?: { sku: string; qty: number }[] });

  /** Opens the home page and waits until the service worker controls it (its precache installed). */
  async function controlledHome(): Promise<void> {
    await page().goto('/', { waitUntil: 'networkidle' });
    await page().waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  }

  /** A fresh shopper: no cart, no saved checkout, no stored offline orders. */
  async function freshShopper(): Promise<void> {
    await controlledHome();
    await page().evaluate(async () => {
      localStorage.clear();
      await new Promise((resolve) => {
        const request = indexedDB.deleteDatabase('shop-sync');
        request.onsuccess = request.onerror = request.onblocked = resolve;
      });
    });
  }

  /** Signs in from the header's account dialog. */
  async function signIn(email: string, password: string, firstName: string): Promise<void> {
    await page().getByRole('navigation', { name: 'Il tuo account e il carrello' }).getByRole('link', { name: 'Il mio account' }).click();
    await page().getByRole('dialog').getByLabel('E-mail').fill(email);
    await page().getByRole('dialog').getByLabel('Password').fill(password);
    await page().getByRole('dialog').getByRole('button', { name: 'Accedi' }).click();
    await page().getByRole('link', { name: `Ciao, ${firstName}` }).waitFor();
  }

  /** Puts the product in the cart and fills the checkout (bank transfer, express courier) up to "Conferma ordine". */
  async function checkoutReadyToConfirm(product: Doc, email: string): Promise<void> {
    await page().goto(productPath(product), { waitUntil: 'networkidle' });
    await page().getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await notification('Il prodotto è stato aggiunto al carrello!').first().waitFor();
    await page().goto('/checkout', { waitUntil: 'networkidle' });
    await fillAddress({ email });
    await field('paymentDetails.fiscalCode').fill('RSSMRA79B11C566R');
    await choosePayment(/Bonifico bancario/);
    await expect.poll(() => page().getByRole('radio', { name: /Corriere espresso/ }).isChecked(), { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => (await page().getByTestId('checkout-totals').textContent()) ?? '', { timeout: 10_000 }).toContain('Spedizione');
    await page().getByRole('checkbox', { name: /termini e le condizioni/ }).check();
  }

  /** Confirms the order with the network gone: the checkout keeps it ("Ordine in attesa!"). */
  async function confirmOffline(): Promise<void> {
    await offline(true);
    await page().getByRole('button', { name: 'Conferma ordine' }).click();
    await page().getByRole('heading', { name: 'Ordine in attesa!' }).waitFor();
  }

  /** The orders the page keeps in its queue (IndexedDB `shop-sync`), oldest first. */
  const storedOrders = () =>
    page().evaluate(
      () =>
        new Promise<StoredOrderTask[]>((resolve) => {
          indexedDB.open('shop-sync').onsuccess = (event) => {
            const db = (event.target as IDBOpenDBRequest).result;
            db.transaction('tasks').objectStore('tasks').getAll().onsuccess = (e) => resolve((e.target as IDBRequest).result as StoredOrderTask[]);
          };
        }),
    );

  /** The "order n. … sent" line of the waiting orders' list. */
  const sentOrder = () => page().getByTestId('pending-orders').getByRole('status').filter({ hasText: /Ordine n\. \d{9} inviato\./ });

  return { offline, storedCart, controlledHome, freshShopper, signIn, checkoutReadyToConfirm, confirmOffline, storedOrders, sentOrder };
}
