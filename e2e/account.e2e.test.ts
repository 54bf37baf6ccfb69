import { readFile } from 'node:fs/promises';
import type { Page, Request } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readOutbox } from '../apps/api/src/modules/mail/eml.ts';
import { apiClient } from './api-client.ts';
import { presetConsent, useBrowser } from './browser.ts';
import { checkoutFlow, checkoutProducts, type Doc } from './checkout-flow.ts';

/*
 * The customer account in a real browser (issue #15): register in the sign-in modal, log out, log
 * in with the keyboard, forget the password → the mail in the outbox → a new password → signed in;
 * edit the profile; a guest cart merged into the customer's at login; a silent refresh when the
 * access token expires during a visit (the test shop signs 20-second tokens); axe on every
 * account page and the modal.
 */

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');
let page: Page;

useBrowser(baseUrl, (_browser, p) => {
  page = p;
});

const { field, tabTo, runAxe, notification, choosePayment, paymentFeeInTotals } = checkoutFlow(() => page);
const email = `account-${Date.now()}@example.it`;
const PASSWORD = 'Coltello-2026';
let products: Doc[];

beforeAll(async () => {
  products = (await checkoutProducts(baseUrl)).filter((p) => p.price > 10 && p.price < 400 && p.stock?.is_in_stock && p.stock.qty > 20 && !p.custom_options?.length);
  expect(products.length).toBeGreaterThan(3);
});

async function resetLink(to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = readOutbox(outboxDir)
          .filter((mail) => mail.to.includes(to))
          .map((mail) => /https?:\/\/\S+\/reset-password\?\S+/.exec(mail.text)?.[0])
          .find(Boolean);
        return link;
      },
      { timeout: 10_000 },
    )
    .toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

const api = apiClient(baseUrl);

const accountLink = () => page.getByRole('navigation', { name: 'Il tuo account e il carrello' }).getByRole('link', { name: /Il mio account|Ciao, / });
const dialog = () => page.getByRole('dialog');
const cartLines = () => page.evaluate(() => (JSON.parse(localStorage.getItem('shop/cart/v1') ?? '{}') as { items?: { sku: string; qty: number }[] }).items?.map((i) => [i.sku, i.qty]) ?? []);

async function addToCart(product: Doc) {
  await page.goto(`/p/${encodeURIComponent(product.sku)}/${encodeURIComponent(product.slug)}`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await notification('Il prodotto è stato aggiunto al carrello!').first().waitFor();
}

describe('customer account', () => {
  it('registers in the sign-in modal, logs out, and logs in again with the keyboard alone', async () => {
    await page.goto('/', { waitUntil: 'networkidle' });
    await accountLink().click();
    await dialog().getByRole('heading', { name: 'Accedi' }).waitFor();
    expect(await runAxe()).toEqual([]);
    await dialog().getByRole('button', { name: 'Non hai un account? Registrati' }).click();
    await dialog().getByRole('heading', { name: 'Crea un account' }).waitFor();
    expect(await runAxe()).toEqual([]);
    // A weak password is refused with the rules, in Italian.
    await dialog().getByLabel('Nome', { exact: true }).fill('Giulia');
    await dialog().getByLabel('Cognome').fill('Verdi');
    await dialog().getByLabel('E-mail').fill(email);
    await dialog().getByLabel('Password').fill('12345678');
    await dialog().getByRole('button', { name: 'Registrati' }).click();
    await dialog().getByRole('alert').filter({ hasText: 'La password deve avere almeno 8 caratteri' }).waitFor();
    await dialog().getByLabel('Password').fill(PASSWORD);
    await dialog().getByRole('button', { name: 'Registrati' }).click();
    await dialog().waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Ciao, Giulia' }).waitFor();

    await page.getByRole('link', { name: 'Ciao, Giulia' }).click();
    await page.waitForURL('**/my-account');
    await page.getByText('Ciao Giulia!').waitFor();
    await page.getByRole('button', { name: 'Esci' }).click();
    await page.getByText('Sei uscito dal tuo account.').waitFor();
    expect(await accountLink().textContent()).toBe('Il mio account');

    // The account page signs in too, with the keyboard alone.
    await page.locator('body').focus();
    await tabTo(page.locator('#page-login-email'));
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Sbagliata-1');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Accesso non riuscito' }).waitFor();
    await tabTo(page.locator('#page-login-password'));
    await page.keyboard.press('Control+A');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByText('Ciao Giulia!').waitFor();
  });

  it('edits the profile, and stays signed in after a reload', async () => {
    await page.goto('/my-account', { waitUntil: 'networkidle' });
    await page.locator('#profile-firstname').fill('Giuliana');
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.getByText("I dati dell'account sono stati aggiornati.").waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByText('Ciao Giuliana!').waitFor();
    await page.getByRole('link', { name: 'Ciao, Giuliana' }).waitFor();
  });

  it('shows every account page without an accessibility violation, and asks a signed-out visitor to log in', async () => {
    for (const section of ['', '/shipping-details', '/newsletter', '/orders', '/documents', '/recently-viewed', '/reviews', '/loyalty-card']) {
      await page.goto(`/my-account${section}`, { waitUntil: 'networkidle' });
      await page.getByRole('navigation', { name: 'Sezioni del mio account' }).waitFor();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Caricamento…' }).count()).toBe(0);
      expect(await runAxe(), section).toEqual([]);
    }
    await page.goto('/my-account/loyalty-card', { waitUntil: 'networkidle' });
    expect(await page.getByTestId('loyalty-card').textContent()).toMatch(/^Carta n\. 9000 \d{4} \d{4}$/);
    // Another browser, signed out: the page says to log in and offers the forms.
    const guest = await page.context().browser()!.newContext({ baseURL: baseUrl, locale: 'it-IT' });
    const other = await guest.newPage();
    await other.goto('/my-account/orders', { waitUntil: 'networkidle' });
    await other.getByText("Devi effettuare l'accesso per vedere questa pagina.").waitFor();
    expect(await other.getByTestId('account-orders').count()).toBe(0);
    await guest.close();
  });

  it('refreshes the expired access token silently during a visit', async () => {
    await page.goto('/my-account', { waitUntil: 'networkidle' });
    const refreshes: Request[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/user/refresh')) refreshes.push(request);
    });
    // The test shop's access tokens live 20 s: the next call finds this page's token expired.
    await page.waitForTimeout(21_000);
    await page.locator('#profile-lastname').fill('Verdini');
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.getByText("I dati dell'account sono stati aggiornati.").waitFor();
    expect(refreshes).toHaveLength(1);
    await page.getByRole('link', { name: 'Ciao, Giuliana' }).waitFor();
  });

  it("merges the guest's cart into the customer's cart at login", async () => {
    const [knife, gloves] = products as [Doc, Doc];
    // The customer's cart on the server (another device) already holds two knives.
    const token = await api<string>('POST', '/api/user/login', { username: email, password: PASSWORD });
    const cartId = await api<string>('POST', '/api/cart/create', undefined, token);
    await api('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { sku: knife.sku, qty: 2, quoteId: cartId } }, token);

    await page.getByRole('button', { name: 'Esci' }).click();
    await page.getByText('Sei uscito dal tuo account.').waitFor();
    expect(await cartLines()).toEqual([]);
    await addToCart(knife);
    await addToCart(gloves);
    expect(await cartLines()).toEqual([
      [knife.sku, 1],
      [gloves.sku, 1],
    ]);
    await accountLink().click();
    await dialog().getByLabel('E-mail').fill(email);
    await dialog().getByLabel('Password').fill(PASSWORD);
    await dialog().getByRole('button', { name: 'Accedi' }).click();
    await dialog().waitFor({ state: 'hidden' });
    await expect.poll(cartLines).toEqual([
      [knife.sku, 3],
      [gloves.sku, 1],
    ]);
    const server = await api<{ sku: string; qty: number }[]>('GET', `/api/cart/pull?cartId=${cartId}`, undefined, token);
    expect(server.map((line) => [line.sku, line.qty]).sort()).toEqual(
      [
        [knife.sku, 3],
        [gloves.sku, 1],
      ].sort(),
    );
    await page.goto('/shoppingcart', { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: knife.name }).first().waitFor();
  });

  it('adds, edits and deletes addresses, with one default shipping and one default billing address', async () => {
    await page.goto('/my-account/shipping-details', { waitUntil: 'networkidle' });
    await page.getByText('Non hai ancora salvato nessun indirizzo.').waitFor();
    const form = () => page.locator('form').filter({ has: page.getByRole('button', { name: "Salva l'indirizzo" }) });
    const add = async (address: { street: string; zip: string; city: string; province: string; fiscalCode: string; company?: string; defaults: string[] }) => {
      await page.getByRole('button', { name: 'Aggiungi un nuovo indirizzo' }).click();
      await form().getByLabel(/^Nome/).fill('Giuliana');
      await form().getByLabel(/^Cognome/).fill('Verdini');
      if (address.company) {
        await form().getByLabel("È l'indirizzo di un'azienda").check();
        await form().getByLabel(/^Ragione sociale/).fill(address.company);
        await form().getByLabel(/^Partita IVA/).fill('00743110157');
        await form().getByLabel(/^Codice SDI \(destinatario\)/).fill('M5UXCR1');
      }
      await form().getByLabel(/^Via e numero civico/).fill(address.street);
      await form().getByLabel(/^CAP/).fill(address.zip);
      await form().getByLabel(/^Città/).fill(address.city);
      await form().getByLabel(/^Provincia/).selectOption(address.province);
      await form().getByLabel(/^Telefono/).fill('333 765 4321');
      await form().getByLabel(/^Codice fiscale/).fill(address.fiscalCode);
      for (const flag of address.defaults) await form().getByLabel(flag).check();
      await form().getByRole('button', { name: "Salva l'indirizzo" }).click();
      await page.getByRole('status').filter({ hasText: "L'indirizzo è stato salvato." }).waitFor();
    };
    const shippingDefault = 'Usa come indirizzo di spedizione predefinito';
    const billingDefault = 'Usa come indirizzo di fatturazione predefinito';
    await add({ street: 'Via Indipendenza', zip: '40121', city: 'Bologna', province: 'BO', fiscalCode: 'RSSMRA79B11C566R', defaults: [shippingDefault, billingDefault] });
    await add({ street: 'Corso Buenos Aires 3', zip: '20124', city: 'Milano', province: 'MI', fiscalCode: '00743110157', company: 'Osteria Verdi srl', defaults: [shippingDefault] });
    await add({ street: 'Via Roma 1', zip: '10121', city: 'Torino', province: 'TO', fiscalCode: 'RSSMRA79B11C566R', defaults: [] });
    expect(await runAxe()).toEqual([]);

    // The new default shipping address took the flag from the first one.
    const me = async () => {
      const token = await api<string>('POST', '/api/user/login', { username: email, password: PASSWORD });
      return (await api<{ addresses: { street: string[]; default_shipping?: boolean; default_billing?: boolean }[] }>('GET', '/api/user/me', undefined, token)).addresses;
    };
    const defaults = async () => (await me()).map((a) => [a.street[0], Boolean(a.default_shipping), Boolean(a.default_billing)]);
    expect(await defaults()).toEqual([
      ['Via Indipendenza', false, true],
      ['Corso Buenos Aires 3', true, false],
      ['Via Roma 1', false, false],
    ]);

    // Bologna becomes the default shipping address again; Milan keeps its data.
    await page.getByRole('button', { name: "Modifica l'indirizzo Via Indipendenza, Bologna" }).click();
    await form().getByLabel(shippingDefault).check();
    await form().getByLabel(/^Telefono/).fill('051 123 4567');
    await form().getByRole('button', { name: "Salva l'indirizzo" }).click();
    await page.getByRole('status').filter({ hasText: "L'indirizzo è stato salvato." }).waitFor();
    await page.getByRole('button', { name: "Elimina l'indirizzo Via Roma 1, Torino" }).click();
    await page.getByRole('group', { name: /Vuoi eliminare l'indirizzo/ }).getByRole('button', { name: 'Sì, elimina' }).click();
    await page.getByRole('status').filter({ hasText: "L'indirizzo è stato eliminato." }).waitFor();
    expect(await runAxe()).toEqual([]);
    expect(await defaults()).toEqual([
      ['Via Indipendenza', true, true],
      ['Corso Buenos Aires 3', false, false],
    ]);
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByText('Indirizzo di spedizione predefinito').first().waitFor();
    expect(await page.getByText('051 123 4567').count()).toBe(1);
  });

  it('checks out as a customer with the saved addresses, then finds the order, its detail and its invoice PDF', async () => {
    await page.goto('/shoppingcart', { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Vai alla cassa' }).first().click();
    await page.waitForURL('**/checkout');
    // Pre-filled from the default addresses: the customer's e-mail and name, the default shipping address.
    await expect.poll(() => field('personalDetails.emailAddress').inputValue()).toBe(email);
    await expect.poll(() => field('shippingDetails.city').inputValue()).toBe('Bologna');
    expect(await field('shippingDetails.streetAddress').inputValue()).toBe('Via Indipendenza');
    expect(await page.getByRole('checkbox', { name: /Crea un account/ }).count()).toBe(0);
    expect(await runAxe()).toEqual([]);
    // The other saved address is offered for the invoice.
    const company = (await page.getByLabel('Fattura a', { exact: true }).locator('option', { hasText: 'Osteria Verdi srl' }).textContent())!;
    await page.getByLabel('Fattura a', { exact: true }).selectOption({ label: company });
    expect(await field('paymentDetails.taxId').inputValue()).toBe('00743110157');
    // A company buys: the shipping address names it and its activity.
    await field('shippingDetails.company').fill('Osteria Verdi srl');
    await field('shippingDetails.tipoAttivita').selectOption('8492');
    await choosePayment(/Contrassegno/); // paid on delivery: invoiced at once
    await paymentFeeInTotals();
    await expect.poll(() => page.getByRole('radio', { name: /Corriere espresso/ }).isChecked(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('checkbox', { name: /termini e le condizioni/ }).check();
    await page.getByRole('button', { name: 'Conferma ordine' }).click();
    await page.waitForURL('**/thank-you?**', { timeout: 15_000 });
    const number = (await page.getByText(/^Numero ordine: \d{9}$/).textContent())!.replace('Numero ordine: ', '');

    await page.goto('/my-account/orders', { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: `Dettagli dell'ordine n. ${number}` }).click();
    await page.waitForURL(`**/my-account/orders/${number}`);
    await page.getByRole('heading', { name: `Ordine n. ${number}` }).waitFor();
    await page.getByText('Osteria Verdi srl').first().waitFor();
    expect(await runAxe()).toEqual([]);

    await page.goto('/my-account/documents', { waitUntil: 'networkidle' });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Scarica la fattura dell'ordine n. ${number} (PDF)` }).click()]);
    expect(download.suggestedFilename()).toBe(`fattura-${number}.pdf`);
    const pdf = await readFile((await download.path())!);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain(number);
    expect(text).toContain('Osteria Verdi srl');
    expect(text).toContain('00743110157');
  });

  it('shows the order times in Rome time to a browser in New York (HH:mm D/M/YYYY, issue 42 point 12)', async () => {
    // The same signed-in customer, in a browser whose clock is set to America/New_York.
    const context = await page.context().browser()!.newContext({ baseURL: baseUrl, locale: 'it-IT', timezoneId: 'America/New_York', storageState: await page.context().storageState() });
    try {
      await presetConsent(context);
      const newYork = await context.newPage();
      expect(await newYork.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');
      const history = newYork.waitForResponse((response) => response.url().includes('/api/user/order-history') && response.status() === 200);
      await newYork.goto('/my-account/orders', { waitUntil: 'networkidle' });
      const [order] = ((await (await history).json()) as { result: { items: { increment_id: string; created_at: string }[] } }).result.items;
      expect(order).toBeDefined();
      // The oracle: the order's moment (the API writes UTC) on a Rome clock, in the spec's pattern.
      const moment = new Date(/Z|[+-]\d\d:?\d\d$/.test(order!.created_at) ? order!.created_at : `${order!.created_at.replace(' ', 'T')}Z`);
      const on = (timeZone: string) => {
        const parts = Object.fromEntries(
          new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' })
            .formatToParts(moment)
            .map((part) => [part.type, part.value]),
        );
        // en-GB writes 01/12 even for numeric day and month; the spec's D/M is unpadded.
        return `${parts['hour']}:${parts['minute']} ${Number(parts['day'])}/${Number(parts['month'])}/${parts['year']}`;
      };
      const row = newYork.getByRole('row').filter({ has: newYork.getByRole('link', { name: `Dettagli dell'ordine n. ${order!.increment_id}` }) });
      expect(await row.getByRole('cell').nth(1).textContent()).toBe(on('Europe/Rome'));
      expect(on('Europe/Rome')).not.toBe(on('America/New_York'));

      await row.getByRole('link').click();
      await newYork.waitForURL(`**/my-account/orders/${order!.increment_id}`);
      await newYork.getByText(`Effettuato: ${on('Europe/Rome')}.`, { exact: false }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('resets a forgotten password through the mailed link and signs in with the new one', async () => {
    await page.goto('/my-account', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Esci' }).click();
    await page.getByRole('button', { name: 'Password dimenticata?' }).click();
    await page.locator('#page-reset-email').fill(email);
    await page.getByRole('button', { name: 'Invia il link' }).click();
    await page.getByText('Se esiste un account con questa e-mail').waitFor();
    expect(await runAxe()).toEqual([]);

    await page.goto(await resetLink(email), { waitUntil: 'networkidle' });
    expect(await runAxe()).toEqual([]);
    await page.locator('#reset-password').fill('Tagliere-2027');
    await page.getByRole('button', { name: 'Salva la nuova password' }).click();
    await page.waitForURL('**/my-account');
    await page.getByText('Ciao Giuliana!').waitFor();
    // The old password no longer works.
    const old = await fetch(`${baseUrl}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password: PASSWORD }) });
    expect(old.status).toBe(401);
  });
});
