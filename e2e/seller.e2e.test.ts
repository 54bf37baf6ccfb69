import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readOutbox } from '../apps/api/src/modules/mail/eml.ts';
import type { SellerIdentity } from '@shop/contracts';
import { useBrowser } from './browser.ts';
import { checkoutFlow, checkoutProducts, type Doc } from './checkout-flow.ts';

/*
 * A seller the shopper can trust (issue #42 points 11 and 15): the seller's identity at the foot of
 * every page (the shared shop runs with the demo seller, as outside production), the legal pages
 * from the CMS with the configuration's data filled in, the terms linked from the checkout's
 * checkbox, the contact form (Italian field errors; the message in the seller's outbox), the one
 * delivery promise, and the home hero from CMS blocks. axe on every legal page and the form.
 */

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');
let page: Page;
useBrowser(baseUrl, (_browser, p) => {
  page = p;
});
const { cartThenCheckout, runAxe } = checkoutFlow(() => page);
let products: Doc[];
/** The seller the shop is configured with (the demo seller outside production). */
let seller: SellerIdentity;

beforeAll(async () => {
  seller = ((await (await fetch(`${baseUrl}/api/shop/info`)).json()) as { result: { seller: SellerIdentity } }).result.seller;
  expect(seller.name).toBe('Bottega Pro srl (dati di prova)');
  products = (await checkoutProducts(baseUrl)).filter((p) => p.price > 10 && p.price < 400 && p.stock?.is_in_stock && p.stock.qty > 20 && !p.custom_options?.length);
});

const footerSeller = () => page.getByTestId('seller-identity');

/** The seller's facts every page's foot shows (the demo seller of a shop outside production). */
async function expectSellerIn(text: string) {
  for (const fact of [seller.name, seller.vatId, seller.address]) expect(text).toContain(fact);
}

describe('the seller at the foot of every page', () => {
  it('names the seller, partita IVA, REA, phone, e-mail and PEC on the home, a category and the checkout', async () => {
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const text = (await footerSeller().textContent()) ?? '';
    await expectSellerIn(text);
    for (const fact of [seller.rea!, seller.phone!, seller.email!, seller.pec!]) expect(text).toContain(fact);
    await page.goto('/c/coltelli', { waitUntil: 'domcontentloaded' });
    await expectSellerIn((await footerSeller().textContent()) ?? '');
    await cartThenCheckout(products[0]!);
    await expectSellerIn((await footerSeller().textContent()) ?? '');
  }, 180_000);
});

const legalPages = () => [
  { path: '/i/condizioni-di-vendita', footer: 'Condizioni generali di vendita', must: ['entro 14 giorni', 'professionista', seller.vatId] },
  { path: '/i/privacy-policy', footer: 'Privacy', must: ['Regolamento UE 2016/679', 'Titolare del trattamento', seller.vatId] },
  { path: '/i/cookie-policy', footer: 'Cookie policy', must: ['Cookie tecnici'] },
  { path: '/delivery', footer: 'Spedizioni e consegne', must: ['2–3 giorni lavorativi', 'gratuita'] },
  { path: '/returns', footer: 'Resi e rimborsi', must: ['14 giorni'] },
  { path: '/contact', footer: 'Contatti', must: [seller.phone, seller.email, seller.vatId] },
  { path: '/i/accessibilita', footer: 'Dichiarazione di accessibilità', must: ['2019/882', 'WCAG 2.1', seller.vatId] },
  { path: '/legal', footer: 'Note legali', must: [seller.rea!, seller.pec!, seller.vatId, seller.fiscalCode] },
];

describe('the legal pages', () => {
  for (const path of ['/i/condizioni-di-vendita', '/i/privacy-policy', '/i/cookie-policy', '/delivery', '/returns', '/contact', '/i/accessibilita', '/legal']) {
    it(`${path}: linked from the footer, the seller's data filled in, no axe violations`, async () => {
      const legal = legalPages().find((p) => p.path === path)!;
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      await page.locator('footer').getByRole('link', { name: legal.footer, exact: true }).click();
      await page.waitForURL(`**${legal.path}`);
      const main = (await page.locator('main').textContent()) ?? '';
      // Every legal page names the seller and where it is; each its own further facts.
      for (const fact of [seller.name, seller.address]) expect(main).toContain(fact);
      for (const text of legal.must) expect(main).toContain(text);
      expect(main).not.toContain('{{');
      expect(main).not.toContain('in preparazione');
      expect(await runAxe()).toEqual([]);
    });
  }

  it('the cookie banner links to the cookie policy', async () => {
    const context = await page.context().browser()!.newContext({ baseURL: baseUrl, locale: 'it-IT' });
    const fresh = await context.newPage();
    await fresh.goto('/', { waitUntil: 'domcontentloaded' });
    const link = fresh.getByRole('dialog', { name: 'Cookie e privacy' }).getByRole('link', { name: "Leggi l'informativa" });
    expect(await link.getAttribute('href')).toMatch(/\/i\/cookie-policy$/);
    await context.close();
  });
});

describe('the checkout', () => {
  it('the terms checkbox links to the terms of sale', async () => {
    await cartThenCheckout(products[1]!);
    const terms = page.getByRole('checkbox', { name: /termini e le condizioni/ });
    const link = page.getByRole('link', { name: 'leggi le condizioni generali di vendita' });
    expect(await link.getAttribute('href')).toMatch(/\/i\/condizioni-di-vendita$/);
    // The link is in the checkbox's own label.
    expect(await link.evaluate((el) => el.closest('label')?.htmlFor)).toBe(await terms.getAttribute('id'));
  }, 180_000);
});

describe('the contact form', () => {
  it('says in Italian which fields are wrong, then sends the message to the seller’s outbox', async () => {
    await page.goto('/contact', { waitUntil: 'networkidle' });
    const form = page.getByTestId('contact-form');
    await form.getByRole('button', { name: 'Invia il messaggio' }).click();
    await form.getByRole('alert').filter({ hasText: 'Controlla i campi evidenziati: 4' }).waitFor();
    expect(await form.getByText('Inserisci il tuo nome (almeno 2 lettere).').isVisible()).toBe(true);
    expect(await form.getByText('Inserisci un indirizzo e-mail valido, per esempio nome@azienda.it.').isVisible()).toBe(true);
    expect(await form.getByText("Scrivi l'oggetto del messaggio (almeno 3 caratteri).").isVisible()).toBe(true);
    expect(await form.getByText('Scrivi il messaggio (da 10 a 4000 caratteri).').isVisible()).toBe(true);
    // Focus on the first wrong field, which names its error.
    const name = form.getByLabel('Nome e cognome');
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await runAxe()).toEqual([]);

    await name.fill('Lucia Ferri');
    expect(await name.getAttribute('aria-invalid')).toBeNull();
    const email = `contatti-e2e-${Date.now()}@example.it`;
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Telefono').fill('chiamami');
    await form.getByLabel('Oggetto').fill('Tempi di consegna abbattitore');
    await form.getByLabel('Messaggio').fill('Buongiorno, in quanti giorni arriva un abbattitore a Parma?');
    await form.getByRole('button', { name: 'Invia il messaggio' }).click();
    await form.getByText('Il telefono può contenere solo cifre, spazi e il prefisso +.').waitFor();
    await form.getByLabel('Telefono').fill('+39 0521 123456');
    await form.getByRole('button', { name: 'Invia il messaggio' }).click();
    const sent = page.getByTestId('contact-sent');
    await sent.waitFor();
    const reference = /CNT-[0-9A-F]{8}/.exec((await sent.textContent()) ?? '')?.[0];
    expect(reference).toBeDefined();
    await expect
      .poll(() => readOutbox(outboxDir).find((mail) => mail.to.includes(seller.email!) && mail.subject.includes(reference!))?.text ?? '', { timeout: 15_000 })
      .toContain('in quanti giorni arriva un abbattitore a Parma?');
    const copy = readOutbox(outboxDir).find((mail) => mail.to.includes(email));
    expect(copy?.text).not.toContain('abbattitore');
  });
});

describe('one delivery promise', () => {
  it('the cart, the footer and the Spedizioni page say the same working days', async () => {
    await cartThenCheckout(products[2]!);
    await page.goto('/shoppingcart', { waitUntil: 'networkidle' });
    expect(await page.locator('main').textContent()).toContain('Consegna in 2–3 giorni lavorativi');
    expect(await page.locator('main').textContent()).not.toContain('24/48');
    expect(await page.locator('footer').first().textContent()).toContain('in 2–3 giorni lavorativi');
  }, 180_000);
});

describe('the home hero', () => {
  it('has a picture, a call to action and the B2B points from the CMS', async () => {
    await page.goto('/', { waitUntil: 'networkidle' });
    const hero = page.locator('section.hero');
    const picture = hero.getByRole('img', { name: /Banco di lavoro in acciaio inox/ });
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await hero.getByRole('link', { name: 'Scopri le novità' }).getAttribute('href')).toBe('/c/novita-industria-alimentare');
    const points = (await page.locator('.home-b2b').textContent()) ?? '';
    expect(points).toMatch(/Spedizione gratuita da €\s?300,00/);
    expect(points).toContain('Fattura elettronica via SDI');
    expect(points).toContain('carta di credito o debito, PayPal, bonifico');
    expect(points).not.toContain('{{');
    expect(await runAxe()).toEqual([]);
  });
});
