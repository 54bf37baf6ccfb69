import { sampleAddress } from '@shop/contracts/sample-order';
import { plainText } from '@shop/domain';
import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readOutbox } from '../apps/api/src/modules/mail/eml.ts';
import { adminApi, createStaffUser, signIn } from './admin-helpers.ts';
import { apiClient } from './api-client.ts';
import { useBrowser } from './browser.ts';
import { checkoutFlow, checkoutProducts, type Doc } from './checkout-flow.ts';

/*
 * Stored XSS (issue #17): payloads of the OWASP XSS filter-evasion cheat sheet written into every
 * text a shopper can write — account names, address-book addresses, checkout addresses, reviews,
 * quote requests, search terms — and into the CMS content staff write in the back office (issue
 * #45), and every page that shows them opened in a real browser. Each
 * page must stay inert (no dialog, no canary `window.__xss`, no injected handler, script or
 * javascript: URL in the DOM) and show the text as typed; the mails escape it and the invoice PDF
 * is still made. Names and cities only take letters (checkout rules), so they are not tried there.
 * Reviews and quote requests are stored as plain text (markup taken out on write, `plainText`):
 * there the page shows what is left of the payload. Reviews are approved by the staff in the back
 * office, whose moderation page shows them too.
 */

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');
const dataDir = inject('dataDir');
let page: Page;
const dialogs: string[] = [];

useBrowser(baseUrl, (_browser, p) => {
  page = p;
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
});

const { field, notification, choosePayment, paymentFeeInTotals } = checkoutFlow(() => page);
const PASSWORD = 'Coltello-2026';
const email = `xss-${Date.now()}@example.it`;

/** OWASP filter-evasion payloads; each one, if it ran, would set the canary or open a dialog. */
const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg/onload=window.__xss=1>',
  '"><script>window.__xss=1</script>',
  "'><img src=x onerror=alert(1)>",
  '<a href="javascript:window.__xss=1">clic</a>',
  'javascript:alert(1)',
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  "<BODY ONLOAD=alert('XSS')>",
  '<iframe src="javascript:alert(1)"></iframe>',
  '<details open ontoggle=window.__xss=1>',
  '<input autofocus onfocus=window.__xss=1>',
  "{{constructor.constructor('window.__xss=1')()}}",
  '${window.__xss=1} #{7*7} <%= 7*7 %>',
  '<scr<script>ipt>window.__xss=1</scr</script>ipt>',
  '%3Cscript%3Ewindow.__xss%3D1%3C%2Fscript%3E',
  '&lt;script&gt;window.__xss=1&lt;/script&gt;',
  '</textarea><script>window.__xss=1</script>',
  '</title><script>window.__xss=1</script>',
  '</script><script>window.__xss=1</script>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
  '<!--<img src="--><img src=x onerror=window.__xss=1//">',
  '\\u003cscript\\u003ewindow.__xss=1\\u003c/script\\u003e',
  "<style>@import'javascript:alert(1)';</style>",
  '<object data="javascript:alert(1)"></object>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<a href="&#14;javascript:alert(1)">x</a>',
  '<base href="javascript:alert(1)//">',
] as const;
const P = (i: number) => PAYLOADS[i % PAYLOADS.length]!;

const api = apiClient(baseUrl);

/** The page shows no sign that a payload became markup or ran. */
async function expectInert(where: string) {
  expect(dialogs, where).toEqual([]);
  const found = await page.evaluate(() => {
    const marker = /__xss|alert|javascript:/i;
    const bad: string[] = [];
    if ((window as unknown as { __xss?: unknown }).__xss !== undefined) bad.push('window.__xss is set');
    for (const el of document.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        const name = attr.name.toLowerCase();
        const value = attr.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
        if (name.startsWith('on') && marker.test(attr.value)) bad.push(`<${el.tagName} ${name}="${attr.value}">`);
        const url = ['href', 'src', 'action', 'formaction', 'data', 'xlink:href'].includes(name) && /^(javascript|vbscript|data:text\/html)/.test(value);
        if (url || (['srcdoc', 'style'].includes(name) && /javascript:|__xss/.test(value))) bad.push(`<${el.tagName} ${name}="${attr.value}">`);
      }
      if (el.tagName === 'SCRIPT' && el.getAttribute('type') !== 'application/ld+json' && /__xss|alert\(/.test(el.textContent ?? '') && !(el.textContent ?? '').trimStart().startsWith('self.__next_f')) {
        bad.push(`<script>${el.textContent}</script>`);
      }
      if (['IFRAME', 'OBJECT', 'EMBED', 'BASE', 'MGLYPH'].includes(el.tagName) && marker.test(el.outerHTML)) bad.push(el.outerHTML);
    }
    if (document.querySelectorAll('img[src="x"], svg[onload], body[onload], details[ontoggle], input[onfocus]').length > 0) bad.push('an injected element');
    return bad;
  });
  expect(found, where).toEqual([]);
}

/** The page's visible text (scripts left out: the framework's data carries the texts too). */
const visibleText = () =>
  page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const hidden of copy.querySelectorAll('script, style, template')) hidden.remove();
    return copy.textContent ?? '';
  });

/** Waits until the page shows every one of `texts` (a short one such as "x" is on any page: all are awaited). */
async function expectShown(where: string, texts: readonly string[]) {
  await expect.poll(async () => {
    const shown = await visibleText();
    return texts.filter((text) => !shown.includes(text));
  }, { timeout: 20_000, message: `${where} shows all of them` }).toEqual([]);
}

async function visit(path: string, texts: readonly string[]) {
  await page.goto(path, { waitUntil: 'networkidle' });
  await expectShown(path, texts);
  await expectInert(path);
}

const FIRSTNAME = P(2);
const LASTNAME = P(3);
const HOME = { street: [`${P(0)} Via Roma 1`, P(19)] as const, orari: P(12) };
const OFFICE = { company: P(5), street: [P(14), P(8)] };
const OTHER = { company: P(21), street: [P(16), P(22)] };
const CHECKOUT = { company: P(11), apartment: P(1), orari: P(13) };
/** A free-text custom option of the demo cutting board (250 characters at most). */
const BOARD_NOTE = `${P(1)} ${P(19)} ${P(5)}`;
const REVIEWS = [
  { title: P(21), nickname: `${P(4)} Paolo`, detail: PAYLOADS.slice(0, 15).join(' ') },
  { title: P(15), nickname: `${P(10)} Anna`, detail: PAYLOADS.slice(15).join(' ') },
];
const SEARCHES = [P(0), P(1), P(3), P(6), P(14), P(21)];
let products: Doc[];
let token: string;
let orderNumber: string;

beforeAll(async () => {
  products = (await checkoutProducts(baseUrl)).filter((p) => p.price > 10 && p.price < 400 && p.stock?.is_in_stock && p.stock.qty > 20 && !p.custom_options?.length).slice(0, 2);
  expect(products).toHaveLength(2);
  for (const product of products) {
    const [found] = (await api<{ items: Doc[] }>('POST', '/api/catalog', { entityType: 'product', filters: { sku: { eq: product.sku } }, size: 1, includeFields: ['id', 'sku'] })).items;
    product.id = found!.id;
  }
  await api('POST', '/api/user/create', { customer: { email, firstname: FIRSTNAME, lastname: LASTNAME }, password: PASSWORD });
  token = await api<string>('POST', '/api/user/login', { username: email, password: PASSWORD });
  const me = await api<{ id: number }>('GET', '/api/user/me', undefined, token);
  const address = { ...sampleAddress, firstname: 'Giuliana', lastname: 'Verdini', email, custom_attributes: { fiscal_code: 'RSSMRA79B11C566R' } };
  await api('PUT', `/api/ext/address-book/${me.id}`, {
    customer: {
      addresses: [
        { ...address, street: HOME.street, extension_attributes: { orari_apertura: HOME.orari }, default_shipping: true, default_billing: true },
        { ...address, company: OFFICE.company, street: OFFICE.street, vat_id: '00743110157', custom_attributes: { is_company: true, fiscal_code: '00743110157', sdi_code: 'M5UXCR1' } },
        { ...address, company: OTHER.company, street: OTHER.street },
      ],
    },
  }, token);
});

/** Access tokens live 20 seconds in the test shop: the setup's may have run out by the time a later step calls. */
const freshToken = () => api<string>('POST', '/api/user/login', { username: email, password: PASSWORD });

const productPage = (product: Doc) => `/p/${encodeURIComponent(product.sku)}/${encodeURIComponent(product.slug)}`;

describe('stored XSS payloads are inert', () => {
  it('in the names and the address book, on the account pages', async () => {
    await page.goto(productPage(products[0]!), { waitUntil: 'networkidle' });
    const reviews = page.getByTestId('reviews');
    await reviews.getByRole('button', { name: 'Accedi' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('E-mail').fill(email);
    await modal.getByLabel('Password').fill(PASSWORD);
    await modal.getByRole('button', { name: 'Accedi' }).click();
    await modal.waitFor({ state: 'hidden' });
    await expectShown('header', [FIRSTNAME]);
    await expectInert('product page, signed in');

    await visit('/my-account', [FIRSTNAME]);
    expect(await page.locator('#profile-lastname').inputValue()).toBe(LASTNAME);
    await visit('/my-account/shipping-details', [...HOME.street, OFFICE.company, ...OFFICE.street, OTHER.company, ...OTHER.street]);
    // The edit form holds the texts as field values.
    await page.getByRole('button', { name: /^Modifica l'indirizzo / }).first().click();
    await expect.poll(() => page.getByLabel(/^Via e numero civico/).inputValue()).toBe(HOME.street[0]);
    await expectInert('address form');

    // The password-reset mail greets the customer by name: as text in the plain part, escaped in the HTML one.
    await api('POST', '/api/user/reset-password', { email });
    let reset: ReturnType<typeof readOutbox>[number] | undefined;
    await expect.poll(() => (reset = readOutbox(outboxDir).find((m) => m.to.includes(email) && m.text.includes('reset-password'))), { timeout: 10_000 }).toBeDefined();
    expect(reset!.text).toContain(`Ciao ${FIRSTNAME},`);
    expect(reset!.html).not.toContain(FIRSTNAME);
  });

  it('in a custom option and the checkout addresses, on the cart, checkout, thank-you, orders, order detail, the mail and the invoice PDF', async () => {
    await page.goto('/tagliere-in-polietilene-su-misura.html', { waitUntil: 'networkidle' });
    const main = page.locator('main');
    for (const select of await main.locator('select').all()) await select.selectOption({ index: 1 });
    for (const group of await main.getByRole('group').all()) {
      const radios = group.getByRole('radio');
      if ((await radios.count()) > 0 && !(await group.locator('input:checked').count())) await radios.first().check();
    }
    await page.getByLabel(/^Note di lavorazione/).fill(BOARD_NOTE);
    await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await notification('Il prodotto è stato aggiunto al carrello!').first().waitFor();
    await page.goto(productPage(products[1]!), { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await notification('Il prodotto è stato aggiunto al carrello!').first().waitFor();
    await visit('/shoppingcart', [BOARD_NOTE]);
    await page.getByRole('link', { name: 'Vai alla cassa' }).first().click();
    await page.waitForURL('**/checkout');
    await expect.poll(() => field('shippingDetails.streetAddress').inputValue()).toBe(HOME.street[0]);
    await expectInert('checkout, pre-filled');
    // The company address is offered for the invoice, its texts in the option.
    const invoiceTo = page.getByLabel('Fattura a', { exact: true });
    const option = (await invoiceTo.locator('option').allTextContents()).find((label) => label.includes(OFFICE.company));
    expect(option).toBeDefined();
    await invoiceTo.selectOption({ label: option! });
    await field('shippingDetails.company').fill(CHECKOUT.company);
    await field('shippingDetails.apartmentNumber').fill(CHECKOUT.apartment);
    await field('shippingDetails.tipoAttivita').selectOption('8492');
    await field('shippingDetails.orariApertura').fill(CHECKOUT.orari);
    await choosePayment(/Contrassegno/); // paid on delivery: invoiced at once
    await paymentFeeInTotals();
    await expect.poll(() => page.getByRole('radio', { name: /Corriere espresso/ }).isChecked(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('checkbox', { name: /termini e le condizioni/ }).check();
    await expectInert('checkout, filled');
    await page.getByRole('button', { name: 'Conferma ordine' }).click();
    await page.waitForURL('**/thank-you?**', { timeout: 15_000 });
    orderNumber = (await page.getByText(/^Numero ordine: \d{9}$/).textContent())!.replace('Numero ordine: ', '');
    await expectShown('thank-you', [CHECKOUT.company, HOME.street[0]]);
    await expectInert('thank-you');

    await visit('/my-account/orders', [orderNumber]);
    await visit(`/my-account/orders/${orderNumber}`, [CHECKOUT.company, HOME.street[0], OFFICE.company]);
    await visit('/my-account/documents', [orderNumber]);

    const invoice = await fetch(`${baseUrl}/api/user/order/${orderNumber}/invoice`, { headers: { authorization: `Bearer ${await freshToken()}` } });
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get('content-type')).toContain('application/pdf');
    const pdf = new Uint8Array(await invoice.arrayBuffer());
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    expect(text, 'the invoice names the company as typed').toContain(OFFICE.company);

    let mail: ReturnType<typeof readOutbox>[number] | undefined;
    await expect.poll(() => (mail = readOutbox(outboxDir).find((m) => m.to.includes(email) && m.text.includes(orderNumber))), { timeout: 10_000 }).toBeDefined();
    expect(mail!.text).toContain(CHECKOUT.company);
    expect(mail!.text).toContain(BOARD_NOTE);
    for (const text of [BOARD_NOTE, CHECKOUT.company, CHECKOUT.apartment, HOME.street[0], OFFICE.company]) expect(mail!.html, 'the HTML mail escapes it').not.toContain(text);
  });

  it('in reviews, on the account reviews page, the back office that approves them, and the product page (text and JSON-LD)', async () => {
    const written: number[] = [];
    token = await freshToken();
    for (const [i, review] of REVIEWS.entries()) {
      await api('POST', '/api/review/create', { review: { product_id: products[i]!.id, rating: 5, review_entity: 'product', ...review } }, token);
    }
    for (const review of await api<{ id: number; title: string }[]>('GET', '/api/user/reviews', undefined, token)) written.push(review.id);
    expect(written).toHaveLength(2);
    await visit('/my-account/reviews', REVIEWS.map((r) => plainText(r.title)));

    // The staff reads them in the back office and approves them there.
    const staff = 'xss.moderazione@bottega-pro.example';
    await createStaffUser(baseUrl, dataDir, staff, 'staff');
    await signIn(page, staff);
    for (const [i, review] of REVIEWS.entries()) {
      const title = plainText(review.title);
      await visit(`/admin/recensioni?q=${encodeURIComponent(products[i]!.sku)}`, [title, plainText(review.detail)]);
      await page.getByRole('article', { name: title, exact: true }).getByRole('button', { name: `Approva: ${title}`, exact: true }).click();
      await page.getByRole('status').filter({ hasText: `Recensione «${title}» approvata` }).waitFor();
      await expectInert(`back office, ${title} approved`);
    }
    await visit(`/admin/recensioni?status=approved&q=${encodeURIComponent(products[0]!.sku)}`, [plainText(REVIEWS[0]!.title)]);

    for (const [i, review] of REVIEWS.entries()) {
      await visit(productPage(products[i]!), [plainText(review.title), plainText(review.detail)]);
      const ld = await page.evaluate(() => [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '{}') as Record<string, any>).find((d) => d['@type'] === 'Product'));
      expect(ld?.review?.map((r: { name: string }) => r.name)).toContain(plainText(review.title));
    }
  });

  it('in quote requests, in the mails to the shop and the buyer', async () => {
    const buyer = `xss-quote-${Date.now()}@example.it`;
    const request = { name: `${P(0)} Lucia`, company: `${P(1)} Osteria`, message: PAYLOADS.join('\n'), email: buyer, phone: '', items: [{ sku: products[0]!.sku, qty: 5 }], source: 'product', privacyAccepted: true };
    const { reference } = await api<{ reference: string }>('POST', '/api/quote/request', request);
    let mails: ReturnType<typeof readOutbox> = [];
    await expect.poll(() => (mails = readOutbox(outboxDir).filter((m) => m.text.includes(reference) || m.subject.includes(reference))).length, { timeout: 10_000 }).toBe(2);
    const toShop = mails.find((m) => !m.to.includes(buyer))!;
    expect(toShop.text).toContain(`Nome: ${plainText(request.name)}`);
    expect(toShop.text).toContain(`Azienda: ${plainText(request.company)}`);
    for (const mail of mails) for (const payload of PAYLOADS.filter((p) => p.includes('<'))) expect(mail.html, `${mail.subject} escapes ${payload}`).not.toContain(payload);
  });

  it('in search terms, on the results page and through the search box', async () => {
    for (const q of SEARCHES) {
      await page.goto(`/search?q=${encodeURIComponent(q)}`, { waitUntil: 'networkidle' });
      await expectShown(`search ${q}`, [q]);
      await expectInert(`search ${q}`);
    }
    await page.goto('/', { waitUntil: 'networkidle' });
    const box = page.getByRole('combobox', { name: 'Cerca nel catalogo' }).first();
    await box.fill(P(1));
    await box.press('Enter');
    await page.waitForURL('**/search?q=*');
    await expectShown('search from the box', [P(1)]);
    await expectInert('search from the box');
  });

  it('in CMS content staff write in the back office: what could run script is refused, the rest is inert on the shop page', async () => {
    const staff = `xss-contenuti-${Date.now()}@bottega-pro.example`;
    await createStaffUser(baseUrl, dataDir, staff, 'staff');
    await signIn(page, staff);
    const refusal = /^content: il contenuto non è stato salvato perché contiene /;
    const identifier = `xss-staff-${Date.now()}`;
    // Each payload on its own: the preview says whether a save would be refused, and the save agrees.
    const accepted: string[] = [];
    for (const [i, payload] of PAYLOADS.entries()) {
      const { result } = await adminApi<{ refusal: string | null }>(page, 'POST', '/content/preview', { content: payload });
      const saved = await adminApi<string>(page, 'POST', '/content/blocks', { identifier: `${identifier}-${i}`, title: 'Payload', content: payload });
      if (result.refusal === null) {
        expect(saved.status, payload).toBe(201);
        accepted.push(payload);
      } else {
        expect([saved.status, saved.result], payload).toEqual([400, result.refusal]);
        expect(saved.result).toMatch(refusal);
      }
    }
    // Only text that mentions script, and markup a browser does not read as script, gets through.
    expect(accepted).toEqual([P(6), P(14), P(15), P(16), P(17), P(18), P(24)]);
    expect((await adminApi(page, 'POST', '/content/pages', { identifier, title: 'Tutto insieme', content: PAYLOADS.join('\n') })).result).toMatch(refusal);

    // The rest saved as a page, the payloads in its title, heading and meta fields too (plain text there).
    const marker = `Contenuto dello staff ${Date.now()}`;
    const page1 = await adminApi<{ id: number }>(page, 'POST', '/content/pages', {
      identifier,
      title: `${P(3)} Pagina`,
      contentHeading: `${P(1)} ${marker}`,
      metaTitle: P(0),
      metaDescription: P(21),
      content: `<p>${marker}</p>${accepted.join('\n')}`,
    });
    expect(page1.status).toBe(201);
    await visit(`/i/${identifier}`, [`${P(1)} ${marker}`, marker, 'javascript:alert(1)', '<script>window.__xss=1</script>']);
    expect(await page.title()).toContain(P(0));
  });
});
