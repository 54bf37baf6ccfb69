import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminApi, createStaffUser, signIn, tabTo } from './admin-helpers.ts';
import { apiClient } from './api-client.ts';
import { axeViolations } from './axe.ts';
import { newPage, useBrowser } from './browser.ts';
import { checkoutProducts, type Doc } from './checkout-flow.ts';

/*
 * Review moderation and the newsletter's subscribers in the back office (issue #45 point 6), on
 * the real pages: a customer writes a review on the product page, the staff approves it at
 * /admin/recensioni and the product page shows it with the new average (and in its JSON-LD); a
 * rejection needs its reason and keeps the review off the page; one approval by keyboard only;
 * a phone; axe on both back-office pages.
 */
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const STAFF = 'moderazione.e2e@bottega-pro.example';
const OWNER = 'titolare.moderazione.e2e@bottega-pro.example';
const PASSWORD = 'Coltello-2026';

let browser: Browser;
let page: Page;
useBrowser(baseUrl, (b, p) => {
  browser = b;
  page = p;
});
const api = apiClient(baseUrl);

let product: Doc;
const productPage = () => `/p/${encodeURIComponent(product.sku)}/${encodeURIComponent(product.slug)}`;
let nextCustomer = 1;
const stamp = Date.now();

/** A new customer; their e-mail and token. */
async function customer(firstname: string): Promise<{ email: string; token: string }> {
  const email = `moderazione-${stamp}-${nextCustomer++}@example.it`;
  await api('POST', '/api/user/create', { customer: { email, firstname, lastname: 'Bianchi' }, password: PASSWORD });
  return { email, token: await api<string>('POST', '/api/user/login', { username: email, password: PASSWORD }) };
}

/** A review written through the API (the storefront's form is the first test's); its id. */
async function reviewThroughApi(title: string, rating: number): Promise<number> {
  const { token } = await customer('Piero');
  const review = await api<{ id: number }>('POST', '/api/review/create', { review: { product_id: product.id, title, detail: 'Recensione scritta per la prova della moderazione.', nickname: 'Piero', rating } }, token);
  return review.id;
}

/** Whether the catalogue still holds the review (whatever its status). */
const stored = async (id: number) => (await api<{ items: { id: number }[] }>('POST', '/api/catalog', { entityType: 'review', filters: { id: { eq: id } } })).items.length > 0;
const approvedIds = async () => (await api<{ items: { id: number }[] }>('POST', '/api/catalog', { entityType: 'review', filters: { product_id: { eq: product.id }, review_status: { eq: 1 } }, size: 100 })).items.map((r) => r.id);
const jsonLd = (target: Page) => target.evaluate(() => [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '{}') as Record<string, any>).find((d) => d['@type'] === 'Product'));

/** The review's card in the back office, found by its title. */
const card = (target: Page, title: string) => target.getByRole('article', { name: title, exact: true });

beforeAll(async () => {
  await createStaffUser(baseUrl, dataDir, STAFF, 'staff');
  await createStaffUser(baseUrl, dataDir, OWNER, 'owner');
  // A product no other test file reviews (they take the first ones), without reviews yet.
  const candidates = (await checkoutProducts(baseUrl)).filter((p) => p.stock?.is_in_stock && !p.custom_options?.length).slice(20);
  for (const candidate of candidates) {
    const [found] = (await api<{ items: Doc[] }>('POST', '/api/catalog', { entityType: 'product', filters: { sku: { eq: candidate.sku } }, size: 1, includeFields: ['id', 'sku'] })).items;
    const reviews = await api<{ total: number }>('POST', '/api/catalog', { entityType: 'review', filters: { product_id: { eq: found!.id } }, size: 1 });
    if (reviews.total === 0) {
      product = { ...candidate, id: found!.id };
      break;
    }
  }
  expect(product).toBeDefined();
  await signIn(page, STAFF);
  // One review published already: 2 stars.
  const first = await reviewThroughApi('Così così', 2);
  expect((await adminApi(page, 'POST', `/reviews/${first}/approve`)).status).toBe(200);
});

describe('review moderation in the back office', () => {
  it('a customer writes a review on the product page; the staff approves it; the product page shows it with the new average', async () => {
    const shopper = await newPage(browser, baseUrl);
    const { email } = await customer('Giulia');
    await shopper.goto(productPage(), { waitUntil: 'networkidle' });
    const reviews = shopper.getByTestId('reviews');
    await expect.poll(() => reviews.getByTestId('aggregate-rating').textContent()).toContain('2 su 5');
    await reviews.getByRole('button', { name: 'Accedi' }).click();
    const modal = shopper.getByRole('dialog');
    await modal.getByLabel('E-mail').fill(email);
    await modal.getByLabel('Password').fill(PASSWORD);
    await modal.getByRole('button', { name: 'Accedi' }).click();
    await modal.waitFor({ state: 'hidden' });
    const form = reviews.getByRole('form', { name: 'Scrivi una recensione' });
    await form.getByLabel('4 stelle su 5').check();
    await form.getByLabel('Titolo').fill('Robusta e capiente');
    await form.getByLabel('La tua recensione').fill('La uso ogni giorno in cucina,\nnessun problema dopo sei mesi.');
    await form.getByRole('button', { name: 'Invia la recensione' }).click();
    await reviews.getByRole('status').filter({ hasText: "Grazie! La tua recensione sarà pubblicata dopo l'approvazione." }).waitFor();

    // The queue holds the demo catalogue's waiting reviews too: the staff searches the product.
    await page.goto('/admin/recensioni');
    await page.getByRole('heading', { level: 1, name: 'Recensioni' }).waitFor();
    await page.getByRole('searchbox', { name: 'Cerca' }).fill(product.sku);
    await page.waitForURL(`**/admin/recensioni?q=${encodeURIComponent(product.sku)}`);
    const pending = card(page, 'Robusta e capiente');
    await pending.getByText('4 stelle su 5').waitFor();
    await pending.getByText('La uso ogni giorno in cucina,').waitFor();
    await pending.getByRole('link', { name: product.name }).waitFor();
    await pending.getByRole('link', { name: email }).waitFor();
    expect(await axeViolations(page), 'reviews, pending').toEqual([]);
    await pending.getByRole('button', { name: 'Approva: Robusta e capiente' }).click();
    await page.getByRole('status').filter({ hasText: 'Recensione «Robusta e capiente» approvata: è già nella pagina del prodotto.' }).waitFor();
    await pending.waitFor({ state: 'detached' });

    // The product page's cached copy was expired: the next visit shows the review, (2 + 4) / 2 = 3.
    await shopper.goto(productPage(), { waitUntil: 'networkidle' });
    const shown = shopper.getByTestId('reviews').getByRole('listitem').filter({ hasText: 'Robusta e capiente' });
    await shown.getByText('La uso ogni giorno in cucina,').waitFor();
    const aggregate = await shopper.getByTestId('aggregate-rating').textContent();
    expect(aggregate).toContain('3 su 5');
    expect(aggregate).toContain('2 recensioni');
    expect((await jsonLd(shopper))?.aggregateRating).toMatchObject({ ratingValue: 3, reviewCount: 2 });
    expect((await jsonLd(shopper))?.review?.map((r: { name: string }) => r.name)).toContain('Robusta e capiente');

    // The author's account says it is published.
    await shopper.goto('/my-account/reviews', { waitUntil: 'networkidle' });
    await shopper.getByTestId('account-reviews').getByText('Pubblicata').waitFor();
    await shopper.context().close();
  }, 240_000);

  it('a rejection needs a reason; the review stays off the product page, the reason in the Rifiutate tab (kept in the address)', async () => {
    const id = await reviewThroughApi('Non mi piace il colore', 1);
    await page.goto(`/admin/recensioni?q=${encodeURIComponent(product.sku)}`);
    const review = card(page, 'Non mi piace il colore');
    await review.getByRole('button', { name: 'Rifiuta: Non mi piace il colore' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rifiuta la recensione «Non mi piace il colore»' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Rifiuta' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Indica il motivo del rifiuto.' }).waitFor();
    expect(await axeViolations(page), 'reject dialog').toEqual([]);
    await dialog.getByLabel('Motivo del rifiuto').fill('Non parla del prodotto ma di una consegna di un altro negozio.');
    await dialog.getByRole('button', { name: 'Rifiuta' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Recensione «Non mi piace il colore» rifiutata: non è pubblicata.' }).waitFor();
    expect(await approvedIds()).not.toContain(id);
    expect(await stored(id)).toBe(true);

    await page.getByRole('tab', { name: 'Rifiutate' }).click();
    await page.waitForURL(`**/admin/recensioni?q=${encodeURIComponent(product.sku)}&status=rejected`);
    await page.reload();
    expect(await page.getByRole('searchbox', { name: 'Cerca' }).inputValue()).toBe(product.sku);
    await expect.poll(() => page.getByRole('tab', { name: 'Rifiutate' }).getAttribute('aria-selected')).toBe('true');
    const rejected = card(page, 'Non mi piace il colore');
    await rejected.getByText('Motivo del rifiuto: Non parla del prodotto ma di una consegna di un altro negozio.').waitFor();
    await rejected.getByText(new RegExp(`^Rifiutata il .*\\(${STAFF.replace(/\./g, '\\.')}\\)$`)).waitFor();
    expect(await rejected.getByRole('button', { name: /^Rifiuta/ }).count()).toBe(0);
    expect(await axeViolations(page), 'reviews, rejected').toEqual([]);

    await page.goto(productPage(), { waitUntil: 'networkidle' });
    expect(await page.getByTestId('reviews').getByText('Non mi piace il colore').count()).toBe(0);
    expect(await page.getByTestId('aggregate-rating').textContent()).toContain('3 su 5');
  }, 240_000);

  it('approves with the keyboard only: Tab to the search, type, Tab to the button, Enter; the focus lands on the message', async () => {
    const id = await reviewThroughApi('Approvata da tastiera', 5);
    await page.goto('/admin/recensioni');
    // The screen's heading has the focus; from there the keyboard reaches the search, then the button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Recensioni');
    await tabTo(page, 'Cerca');
    await page.keyboard.type(product.sku);
    await card(page, 'Approvata da tastiera').waitFor();
    await tabTo(page, 'Approva: Approvata da tastiera');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Recensione «Approvata da tastiera» approvata');
    expect(await approvedIds()).toContain(id);
  }, 120_000);

  it('works on a phone: the menu leads to Recensioni, a review is approved, nothing scrolls sideways', async () => {
    const id = await reviewThroughApi('Dal telefono', 4);
    const phone = await newPage(browser, baseUrl, 390);
    await signIn(phone, STAFF);
    await phone.getByRole('button', { name: 'Menu' }).click();
    await phone.getByRole('navigation', { name: 'Sezioni del back office' }).getByRole('link', { name: 'Recensioni' }).click();
    await phone.waitForURL('**/admin/recensioni');
    await phone.getByRole('searchbox', { name: 'Cerca' }).fill(product.sku);
    const review = card(phone, 'Dal telefono');
    await review.waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(phone), 'reviews, phone').toEqual([]);
    await review.getByRole('button', { name: 'Approva: Dal telefono' }).click();
    await phone.getByRole('status').filter({ hasText: 'Recensione «Dal telefono» approvata' }).waitFor();
    expect(await approvedIds()).toContain(id);

    await phone.goto('/admin/newsletter');
    await phone.getByRole('heading', { level: 1, name: 'Iscritti alla newsletter' }).waitFor();
    await expect.poll(() => phone.getByText('Caricamento…').count()).toBe(0);
    expect(await axeViolations(phone), 'newsletter, phone').toEqual([]);
    await phone.context().close();
  }, 240_000);
});

describe('newsletter subscribers in the back office', () => {
  it('lists an address that subscribed in the shop with its consent; only the owner exports the CSV', async () => {
    const email = `iscritto-${stamp}@example.it`;
    expect(await api<string>('POST', '/api/ext/mailchimp-subscribe/subscribe', { email })).toBe('pending');

    await page.goto(`/admin/newsletter?q=${encodeURIComponent(`iscritto-${stamp}`)}`);
    await page.getByRole('heading', { level: 1, name: 'Iscritti alla newsletter' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByText('In attesa di conferma').waitFor();
    await row.getByText(/^richiesto il .* · link di conferma valido fino al /).waitFor();
    expect(await page.getByLabel('Cerca per e-mail').inputValue()).toBe(`iscritto-${stamp}`);
    expect(await page.getByRole('link', { name: 'Esporta CSV' }).count()).toBe(0);
    expect(await axeViolations(page), 'newsletter, staff').toEqual([]);
    expect((await page.request.get('/api/admin/newsletter/subscribers.csv')).status()).toBe(403);

    const owner = await newPage(browser, baseUrl);
    await signIn(owner, OWNER);
    await owner.goto('/admin/newsletter?status=pending');
    await owner.getByRole('row').filter({ hasText: email }).waitFor();
    const link = owner.getByRole('link', { name: 'Esporta CSV' });
    expect(await link.getAttribute('href')).toBe('/api/admin/newsletter/subscribers.csv?status=pending');
    const [download] = await Promise.all([owner.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^iscritti-newsletter-\d{4}-\d\d-\d\d\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFFE-mail;Stato;')).toBe(true);
    expect(text).toContain(`${email};In attesa di conferma;`);
    await owner.context().close();
  }, 240_000);
});
