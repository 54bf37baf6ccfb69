import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readOutbox } from '../apps/api/src/modules/mail/eml.ts';
import { apiClient } from './api-client.ts';
import { useBrowser } from './browser.ts';
import { checkoutFlow, checkoutProducts, type Doc } from './checkout-flow.ts';

/*
 * Reviews and quote requests in a real browser (issue #19): a signed-in customer writes a review
 * (with a stored-XSS payload) on a product page, sees it pending in the account, the shop
 * approves it with `npm run review:approve`, and the product page shows it — as text — with the
 * rating in its JSON-LD; a quote request from a product page and one from the cart, refused
 * without the privacy policy, then mailed to the sales mailbox and to the buyer. Axe on the form,
 * the account's reviews page and the quote page.
 */

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');
let page: Page;

useBrowser(baseUrl, (_browser, p) => {
  page = p;
});

const { runAxe, notification } = checkoutFlow(() => page);
const PASSWORD = 'Coltello-2026';
const SALES = 'vendite@bottega-pro.example';
let products: Doc[];

beforeAll(async () => {
  products = (await checkoutProducts(baseUrl)).filter((p) => p.price > 10 && p.stock?.is_in_stock && p.stock.qty > 20 && !p.custom_options?.length).slice(0, 2);
  expect(products).toHaveLength(2);
});

const api = apiClient(baseUrl);

const productPage = (product: Doc) => `/p/${encodeURIComponent(product.sku)}/${encodeURIComponent(product.slug)}`;
const jsonLd = () => page.evaluate(() => [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '{}') as Record<string, any>).find((d) => d['@type'] === 'Product'));

/** The shop owner's command, against the running test shop (its API through the shop's /api, its admin token in DATA_DIR). */
async function reviewApprove(...args: string[]): Promise<string> {
  const root = join(import.meta.dirname, '..');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/cli/review-approve.ts'), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dirname(outboxDir), API_URL: baseUrl, DATABASE_URL: '', ADMIN_TOKEN: '' },
  });
  return stdout;
}

async function mailsTo(address: string, containing: string) {
  let found: ReturnType<typeof readOutbox> = [];
  await expect
    .poll(
      () => {
        found = readOutbox(outboxDir).filter((mail) => mail.to.includes(address) && mail.text.includes(containing));
        return found.length;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  return found;
}

describe('reviews', () => {
  it('a signed-in customer writes a review, it waits for approval, and once approved shows as text with the rating in the JSON-LD', async () => {
    const [knife] = products as [Doc];
    const email = `recensione-${Date.now()}@example.it`;
    await api('POST', '/api/user/create', { customer: { email, firstname: 'Paolo', lastname: 'Gialli' }, password: PASSWORD });

    await page.goto(productPage(knife), { waitUntil: 'networkidle' });
    const reviews = page.getByTestId('reviews');
    await reviews.getByText('Per scrivere una recensione accedi al tuo account.').waitFor();
    await reviews.getByRole('button', { name: 'Accedi' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('E-mail').fill(email);
    await modal.getByLabel('Password').fill(PASSWORD);
    await modal.getByRole('button', { name: 'Accedi' }).click();
    await modal.waitFor({ state: 'hidden' });

    const form = reviews.getByRole('form', { name: 'Scrivi una recensione' });
    await form.waitFor();
    expect(await form.getByLabel('Nome visualizzato').inputValue()).toBe('Paolo');
    expect(await runAxe()).toEqual([]);
    await form.getByLabel('5 stelle su 5').check();
    await form.getByLabel('Titolo').fill('Affilatissimo <script>window.__xss = 1</script>');
    await form.getByLabel('La tua recensione').fill('<img src=x onerror="window.__xss = 1">Taglia benissimo,\nanche dopo mesi di lavoro.');
    await form.getByRole('button', { name: 'Invia la recensione' }).click();
    await reviews.getByRole('status').filter({ hasText: "Grazie! La tua recensione sarà pubblicata dopo l'approvazione." }).waitFor();

    // Pending: in the account, not on the product page.
    await page.goto('/my-account/reviews', { waitUntil: 'networkidle' });
    const mine = page.getByTestId('account-reviews');
    await mine.getByRole('heading', { name: 'Affilatissimo window.__xss = 1' }).waitFor();
    await mine.getByText('In attesa di approvazione').waitFor();
    expect(await runAxe()).toEqual([]);

    const token = await api<string>('POST', '/api/user/login', { username: email, password: PASSWORD });
    const [written] = await api<{ id: number }[]>('GET', '/api/user/reviews', undefined, token);
    expect(await reviewApprove('--list')).toContain(`#${written!.id}`);
    expect(await reviewApprove(String(written!.id))).toContain(`Review ${written!.id} approved`);

    // Approved: the cached product page was expired, so the next visit shows it.
    await page.goto(productPage(knife), { waitUntil: 'networkidle' });
    const shown = page.getByTestId('reviews').getByRole('listitem').filter({ hasText: 'Affilatissimo' });
    await shown.getByText('Taglia benissimo,').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    const product = await jsonLd();
    expect(product?.aggregateRating).toMatchObject({ '@type': 'AggregateRating', reviewCount: expect.any(Number) });
    expect(product?.review?.[0]).toMatchObject({ name: 'Affilatissimo window.__xss = 1', author: { name: 'Paolo' }, reviewRating: { ratingValue: 5 } });
    // One review per customer and product: the form says so.
    const form2 = page.getByTestId('reviews').getByRole('form', { name: 'Scrivi una recensione' });
    await form2.getByLabel('4 stelle su 5').check();
    await form2.getByLabel('Titolo').fill('Ancora');
    await form2.getByLabel('La tua recensione').fill('Una seconda recensione dello stesso prodotto.');
    await form2.getByRole('button', { name: 'Invia la recensione' }).click();
    await form2.getByRole('alert').filter({ hasText: 'Hai già scritto una recensione per questo prodotto.' }).waitFor();

    await page.goto('/my-account/reviews', { waitUntil: 'networkidle' });
    await page.getByTestId('account-reviews').getByText('Pubblicata').waitFor();
    await page.goto('/my-account', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Esci' }).click();
    await page.getByText('Sei uscito dal tuo account.').waitFor();
    // Two runs of the command, each its own Node process.
  }, 180_000);
});

describe('quote requests', () => {
  it('asks for a quote from a product page: the privacy policy is required, then both mails are in the outbox', async () => {
    const [knife] = products as [Doc];
    const buyer = `preventivo-${Date.now()}@example.it`;
    await page.goto(productPage(knife), { waitUntil: 'networkidle' });
    const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    await page.getByTestId('quote-link').click();
    await page.waitForURL('**/quote-request?sku=*');
    await page.getByRole('heading', { level: 1, name: 'Richiesta di preventivo' }).waitFor();
    const qty = page.getByLabel(`Quantità di ${name}`);
    await qty.fill('250');
    await page.getByLabel('Nome e cognome').fill('Lucia Ferri');
    await page.getByLabel('Azienda (facoltativo)').fill('Ristorante Da Lucia');
    await page.getByLabel('E-mail').fill(buyer);
    await page.getByLabel('Messaggio (facoltativo)').fill('Consegna con sponda idraulica, per favore.');
    await page.getByRole('button', { name: 'Invia la richiesta' }).click();
    await page.getByRole('alert').filter({ hasText: "Devi accettare l'informativa sulla privacy." }).waitFor();
    expect(await page.getByLabel(/Ho letto e accetto l'informativa sulla privacy/).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await runAxe()).toEqual([]);
    await page.getByLabel(/Ho letto e accetto l'informativa sulla privacy/).check();
    await page.getByRole('button', { name: 'Invia la richiesta' }).click();
    const sent = page.getByTestId('quote-sent');
    await sent.waitFor();
    const reference = /PRV-\d{6}/.exec((await sent.textContent()) ?? '')?.[0];
    expect(reference).toBeDefined();

    const [toShop] = await mailsTo(SALES, reference!);
    expect(toShop?.subject).toBe(`Nuova richiesta di preventivo ${reference} da Lucia Ferri`);
    expect(toShop?.text).toContain(`- 250 × ${name} (${knife.sku})`);
    expect(toShop?.text).toContain('Azienda: Ristorante Da Lucia');
    expect(toShop?.text).toContain('Consegna con sponda idraulica, per favore.');
    const [toBuyer] = await mailsTo(buyer, reference!);
    expect(toBuyer?.subject).toContain(`abbiamo ricevuto la tua richiesta di preventivo ${reference}`);
  });

  it('asks for a quote for the cart', async () => {
    const [knife, gloves] = products as [Doc, Doc];
    const buyer = `preventivo-carrello-${Date.now()}@example.it`;
    for (const product of [knife, gloves]) {
      await page.goto(productPage(product), { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
      await notification('Il prodotto è stato aggiunto al carrello!').first().waitFor();
    }
    await page.goto('/shoppingcart', { waitUntil: 'networkidle' });
    await page.getByTestId('quote-link').click();
    await page.waitForURL('**/quote-request?from=cart');
    await expect.poll(() => page.getByRole('spinbutton').count()).toBe(2);
    await page.getByLabel('Nome e cognome').fill('Lucia Ferri');
    await page.getByLabel('E-mail').fill(buyer);
    await page.getByLabel(/Ho letto e accetto l'informativa sulla privacy/).check();
    await page.getByRole('button', { name: 'Invia la richiesta' }).click();
    const reference = /PRV-\d{6}/.exec((await page.getByTestId('quote-sent').textContent()) ?? '')?.[0];
    const [toShop] = await mailsTo(SALES, reference!);
    expect(toShop?.text).toContain('dalla pagina del carrello');
    expect(toShop?.text).toContain(`(${knife.sku})`);
    expect(toShop?.text).toContain(`(${gloves.sku})`);
    await mailsTo(buyer, reference!);
  });
});
