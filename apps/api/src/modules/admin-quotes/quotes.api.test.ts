import { ADMIN_MESSAGES as A, ADMIN_QUOTE_MESSAGES as M, API_KEY_MESSAGES as K, QUOTE_OFFER_MESSAGES as O, type AdminQuote } from '@shop/contracts';
import { hashCartToken, restoreCart, snapshotCart, upsertProducts } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory, testStock } from '../../testing/products.ts';
import { staffSession } from '../../testing/staff-session.ts';
import { readOutbox } from '../mail/eml.ts';

/** Issue #45 point 6: a quote request answered from the back office becomes a cart at the quoted prices, through checkout into the order. */
let api: TestApi;
let staff: Record<string, string>;
const product = productFactory(991_500);
const { q, orderBody, place } = orderHelpers(() => api);

beforeAll(async () => {
  api = await startTestApi();
  await upsertProducts(api.database.db, [product('PRV-TAVOLO', 420, { name: 'Tavolo inox 200 × 70 cm' }), product('PRV-GUANTI', 12, { name: 'Guanti in nitrile', stock: testStock(10_000) }), product('PRV-SPENTO', 30)]);
  staff = await staffSession(api);
});
afterAll(async () => {
  await api?.dispose();
});

let nextAddress = 1;
/** Each request from its own client address: quote requests are limited per address. */
const from = () => ({ 'x-forwarded-for': `203.0.113.${nextAddress++}` });
let nextBuyer = 1;

/** A buyer's quote request (12 tables, 500 gloves unless told); its id and e-mail. */
async function requested(items: { sku: string; qty: number }[] = [{ sku: 'PRV-TAVOLO', qty: 12 }, { sku: 'PRV-GUANTI', qty: 500 }]): Promise<{ id: number; email: string; reference: string }> {
  const email = `compratore${nextBuyer++}@example.it`;
  const res = await api.call('/api/quote/request', { body: { items, name: 'Lucia Ferri', company: 'Trattoria Ferri', email, privacyAccepted: true, source: 'cart' }, headers: from() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.result.id, email, reference: res.body.result.reference };
}

const answer = (id: number | string, body: object, headers = staff) => api.call(`/api/admin/quotes/${id}/answer`, { body, headers });
const detail = async (id: number): Promise<AdminQuote> => (await api.call(`/api/admin/quotes/${id}`, { headers: staff })).body.result;
const list = (query: string, headers = staff) => api.call(`/api/admin/quotes${query}`, { headers });
const open = (token: string, query = '') => api.call(`/api/quote/offer/${token}/cart${query}`, { method: 'POST' });
const totals = async (cart: string) => (await api.call(`/api/cart/totals${q(cart)}`)).body.result;
const prices = async (cart: string) => Object.fromEntries((await totals(cart)).items.map((item: { sku: string; price: number; qty: number }) => [item.sku, [item.qty, item.price]]));

async function offerMails(email: string) {
  await api.app.mail.idle();
  api.app.mail.kick();
  await api.app.mail.idle();
  return readOutbox(api.app.mail.outboxDir!).filter((mail) => mail.to.includes(email) && mail.subject.includes('offerta'));
}

/** The link of the buyer's latest offer mail: its token. */
async function linkToken(email: string): Promise<string> {
  const mails = await offerMails(email);
  const token = /http:\/\/localhost:3000\/preventivo\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? '')?.[1];
  expect(token, 'the offer mail carries the link').toBeDefined();
  return token!;
}

const LOWER = [
  { sku: 'PRV-TAVOLO', unitPriceCents: 38_000 },
  { sku: 'PRV-GUANTI', unitPriceCents: 950 },
];

describe('quote requests answered from the back office', () => {
  it('staff answer with lower prices: the buyer is mailed the offer, the link opens a cart at those prices, a coupon and the order keep them', async () => {
    const quote = await requested();
    const found = await list(`?q=${quote.email.toUpperCase()}&status=new`);
    expect(found.body.result.items).toEqual([
      { id: quote.id, reference: quote.reference, createdAt: expect.any(String), email: quote.email, name: 'Lucia Ferri', company: 'Trattoria Ferri', lines: 2, status: 'new', validUntil: null },
    ]);
    expect((await detail(quote.id)).lines).toEqual([
      { sku: 'PRV-TAVOLO', name: 'Tavolo inox 200 × 70 cm', qty: 12, catalogueUnitNetCents: 42_000, taxPercent: 22, unavailable: null, quotedUnitNetCents: null },
      { sku: 'PRV-GUANTI', name: 'Guanti in nitrile', qty: 500, catalogueUnitNetCents: 1200, taxPercent: 22, unavailable: null, quotedUnitNetCents: null },
    ]);

    const sent = await answer(quote.id, { lines: LOWER, message: 'Prezzi riservati.\nConsegna a Bologna <b>inclusa</b>.', validDays: 10 });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const answered = sent.body.result as AdminQuote;
    expect(answered).toMatchObject({ status: 'answered', lines: [{ quotedUnitNetCents: 38_000 }, { quotedUnitNetCents: 950 }] });
    expect(answered.offer).toMatchObject({ validDays: 10, message: 'Prezzi riservati.\nConsegna a Bologna inclusa.', openedAt: null, expired: false, orders: [], sentBy: expect.stringMatching(/^staff-sessione-\d+@/) });
    expect(Date.parse(answered.offer!.validUntil) - Date.parse(answered.offer!.sentAt)).toBe(10 * 86_400_000);

    // The mail: each line excl. and incl. VAT (22 %), the goods' totals as the cart computes them, the date, the message, the link.
    const [mail] = await offerMails(quote.email);
    expect(mail?.subject).toBe(`Bottega Pro: la nostra offerta per il preventivo ${quote.reference}`);
    expect(mail?.text).toContain('- 12 × Tavolo inox 200 × 70 cm (PRV-TAVOLO): €380,00 cad. IVA esclusa (€463,60 IVA inclusa), totale €4560,00 IVA esclusa');
    expect(mail?.text).toContain('- 500 × Guanti in nitrile (PRV-GUANTI): €9,50 cad. IVA esclusa (€11,59 IVA inclusa), totale €4750,00 IVA esclusa');
    expect(mail?.text).toContain('Subtotale (IVA esclusa): €9310,00');
    expect(mail?.text).toContain('IVA: €2048,20');
    expect(mail?.text).toContain('Totale prodotti (IVA inclusa): €11.358,20');
    expect(mail?.text).toMatch(/L'offerta è valida fino al \d{1,2} \w+ \d{4} alle ore \d\d:\d\d\./);
    expect(mail?.text).toContain('Prezzi riservati.\nConsegna a Bologna inclusa.');
    expect(mail?.html).toContain('€463,60');
    expect(mail?.html).not.toContain('<b>inclusa');
    const token = await linkToken(quote.email);
    // Only its hash is kept.
    const stored = await api.database.db.selectFrom('quote_offer').selectAll().where('quote_request_id', '=', quote.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(token);

    const opened = await open(token);
    expect(opened.body).toEqual({ code: 200, result: { cartId: expect.any(String), reference: quote.reference, validUntil: answered.offer!.validUntil, lines: 2, refused: [] } });
    const cart = opened.body.result.cartId as string;
    expect(await prices(cart)).toEqual({ 'PRV-TAVOLO': [12, 380], 'PRV-GUANTI': [500, 9.5] });
    expect(await totals(cart)).toMatchObject({ subtotal: 9310, tax_amount: 2048.2, grand_total: 11358.2 });
    expect((await api.call(`/api/cart/pull${q(cart)}`)).body.result.map((line: { sku: string; price: number }) => [line.sku, line.price])).toEqual([
      ['PRV-TAVOLO', 380],
      ['PRV-GUANTI', 9.5],
    ]);
    expect((await detail(quote.id)).offer?.openedAt).toEqual(expect.any(String));

    // The quoted price holds up to the quoted quantity; past it the line is the catalogue's, and back again below it.
    const table = (await api.call(`/api/cart/pull${q(cart)}`)).body.result.find((line: { sku: string }) => line.sku === 'PRV-TAVOLO');
    const setTables = (qty: number) => api.call(`/api/cart/update${q(cart)}`, { body: { cartItem: { sku: 'PRV-TAVOLO', qty, item_id: table.item_id, price: 1 } } });
    expect((await setTables(13)).body.result).toMatchObject({ qty: 13, price: 420 });
    expect((await prices(cart))['PRV-TAVOLO']).toEqual([13, 420]);
    expect((await setTables(10)).body.result).toMatchObject({ qty: 10, price: 380 });
    expect((await prices(cart))['PRV-TAVOLO']).toEqual([10, 380]);
    expect((await setTables(12)).status).toBe(200);

    // A coupon works on the quoted prices (10 % of 9,310.00).
    const coupon = await api.call('/api/admin/coupons', { body: { code: 'PREVENTIVO10', discountType: 'percent', discountValue: 1000 }, headers: staff });
    expect(coupon.status).toBe(201);
    expect((await api.call(`/api/cart/apply-coupon${q(cart)}&coupon=PREVENTIVO10`, { method: 'POST' })).status).toBe(200);
    expect(await totals(cart)).toMatchObject({ subtotal: 9310, discount_amount: -931 });

    // The order records the quoted prices and the offer.
    const placed = await place(orderBody(cart, 'banktransfer', undefined, { email: quote.email }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = await api.database.db.selectFrom('sales_order').selectAll().where('increment_id', '=', placed.body.result.incrementId).executeTakeFirstOrThrow();
    expect([order.subtotal_cents, order.discount_cents]).toEqual([931_000, 93_100]);
    const lines = await api.database.db.selectFrom('sales_order_item').select(['sku', 'qty', 'unit_net_cents', 'quote_offer_id']).where('order_id', '=', order.id).orderBy('sku').execute();
    expect(lines).toEqual([
      { sku: 'PRV-GUANTI', qty: 500, unit_net_cents: 950, quote_offer_id: stored.id },
      { sku: 'PRV-TAVOLO', qty: 12, unit_net_cents: 38_000, quote_offer_id: stored.id },
    ]);
    expect(placed.body.result.order.items.map((item: { sku: string; price: number }) => [item.sku, item.price])).toEqual(expect.arrayContaining([['PRV-TAVOLO', 463.6]]));

    // Ordered: the back office says so, the link serves no second cart, the offer can no longer change.
    const accepted = await detail(quote.id);
    expect(accepted.status).toBe('accepted');
    expect(accepted.offer?.orders).toEqual([{ incrementId: placed.body.result.incrementId, status: expect.any(String), createdAt: expect.any(String) }]);
    expect((await open(token)).body).toEqual({ code: 409, result: O.ordered });
    expect((await answer(quote.id, { lines: LOWER })).body).toEqual({ code: 409, result: M.alreadyOrdered });
    expect((await list(`?q=${quote.reference}&status=accepted`)).body.result.total).toBe(1);
    expect((await list(`?q=${quote.reference}&status=answered`)).body.result.total).toBe(0);
  });

  it('past its validity the link answers 410 "Offerta scaduta" and makes no cart; a cart holding the lines is back at catalogue prices', async () => {
    const quote = await requested();
    expect((await answer(quote.id, { lines: LOWER })).status).toBe(200);
    const token = await linkToken(quote.email);
    const cart = (await open(token)).body.result.cartId as string;
    expect((await prices(cart))['PRV-TAVOLO']).toEqual([12, 380]);

    await api.database.db.updateTable('quote_offer').set({ valid_until: new Date(Date.now() - 1000) }).where('quote_request_id', '=', quote.id).execute();
    const carts = async () => Number((await api.database.db.selectFrom('cart').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await carts();
    expect((await open(token)).body).toEqual({ code: 410, result: O.expired });
    expect(await carts()).toBe(before);
    expect(await prices(cart)).toEqual({ 'PRV-TAVOLO': [12, 420], 'PRV-GUANTI': [500, 12] });
    expect((await detail(quote.id)).offer).toMatchObject({ expired: true });
    expect((await list(`?q=${quote.reference}&status=expired`)).body.result.items.map((item: { id: number }) => item.id)).toEqual([quote.id]);
  });

  it('a tampered or unknown link is 404; the link may be opened again into the same guest cart; a signed-in buyer gets it in their own cart', async () => {
    const quote = await requested();
    expect((await answer(quote.id, { lines: LOWER, validDays: 1 })).status).toBe(200);
    const token = await linkToken(quote.email);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await open(tampered)).body).toEqual({ code: 404, result: O.notFound });
    expect((await open('x'.repeat(32))).body).toEqual({ code: 404, result: O.notFound });

    // Opened again: the lines come back into the cart the browser has.
    const cart = (await open(token)).body.result.cartId as string;
    const gloves = (await api.call(`/api/cart/pull${q(cart)}`)).body.result.find((line: { sku: string }) => line.sku === 'PRV-GUANTI');
    expect((await api.call(`/api/cart/delete${q(cart)}`, { body: { cartItem: { item_id: gloves.item_id } } })).status).toBe(200);
    expect((await open(token, `?cartId=${cart}`)).body.result).toMatchObject({ cartId: cart, lines: 2 });
    expect(await prices(cart)).toEqual({ 'PRV-TAVOLO': [12, 380], 'PRV-GUANTI': [500, 9.5] });

    // A signed-in buyer: their account's cart, whatever cartId the browser sends.
    const email = `cliente-preventivo${nextBuyer++}@example.it`;
    await api.call('/api/user/create', { body: { customer: { email, firstname: 'Anna', lastname: 'Bianchi' }, password: 'Coltello-2026' } });
    const user = (await api.call('/api/user/login', { body: { username: email, password: 'Coltello-2026' } })).body.result as string;
    const own = (await api.call(`/api/cart/create?token=${user}`, { method: 'POST' })).body.result as string;
    const mine = await open(token, `?cartId=${cart}&token=${user}`);
    expect(mine.body.result.cartId).toBe(own);
    const theirs = (await api.call(`/api/cart/totals${q(own)}&token=${user}`)).body.result;
    expect(theirs.items.map((item: { sku: string; price: number }) => [item.sku, item.price])).toEqual([
      ['PRV-TAVOLO', 380],
      ['PRV-GUANTI', 9.5],
    ]);
    // A customer's cart is not a guest's: sent without its customer, a new guest cart is made.
    const guest = await open(token, `?cartId=${own}`);
    expect(guest.body.result.cartId).not.toBe(own);
    expect((await api.call(`/api/quote/offer/${token}/cart?token=rotto`, { method: 'POST' })).status).toBe(401);
  });

  it('refuses a bad answer with a 400 in Italian naming the field, and writes and mails nothing', async () => {
    const quote = await requested();
    const refusals: [object, string][] = [
      [{ lines: [{ ...LOWER[0], unitPriceCents: -1 }, LOWER[1]] }, `Invalid request body: lines.0.unitPriceCents: ${M.unitPrice}`],
      [{ lines: [{ ...LOWER[0], unitPriceCents: 380.5 }, LOWER[1]] }, `Invalid request body: lines.0.unitPriceCents: ${M.unitPrice}`],
      [{ lines: [LOWER[0], { ...LOWER[1], unitPriceCents: '9,50' }] }, `Invalid request body: lines.1.unitPriceCents: ${M.unitPrice}`],
      [{ lines: LOWER, validDays: 0 }, `Invalid request body: validDays: ${M.validDays}`],
      [{ lines: LOWER, validDays: 91 }, `Invalid request body: validDays: ${M.validDays}`],
      [{ lines: LOWER, message: 'x'.repeat(2001) }, `Invalid request body: message: ${M.message}`],
      [{ lines: [] }, `Invalid request body: lines: ${M.lines}`],
      [{ lines: [LOWER[0]] }, M.priceMissing.replace('{sku}', 'PRV-GUANTI')],
      [{ lines: [...LOWER, { sku: 'PRV-ALTRO', unitPriceCents: 100 }] }, M.notRequested.replace('{sku}', 'PRV-ALTRO')],
      [{ lines: [...LOWER, LOWER[0]] }, M.pricedTwice.replace('{sku}', 'PRV-TAVOLO')],
    ];
    for (const [body, message] of refusals) {
      const res = await answer(quote.id, body);
      expect([res.status, res.body.result], JSON.stringify(body)).toEqual([400, message]);
    }
    expect((await answer(99_999_999, { lines: LOWER })).body).toEqual({ code: 404, result: M.notFound });
    expect((await answer('PRV-1', { lines: LOWER })).body).toEqual({ code: 404, result: M.notFound });

    // A product switched off since the request cannot go into a cart: named, nothing sent.
    const off = await requested([{ sku: 'PRV-SPENTO', qty: 3 }]);
    await upsertProducts(api.database.db, [product('PRV-SPENTO', 30, { id: (await api.database.db.selectFrom('product').select('id').where('sku', '=', 'PRV-SPENTO').executeTakeFirstOrThrow()).id, status: 2 })]);
    expect((await detail(off.id)).lines[0]).toMatchObject({ catalogueUnitNetCents: null, unavailable: expect.any(String) });
    expect((await answer(off.id, { lines: [{ sku: 'PRV-SPENTO', unitPriceCents: 2500 }] })).body).toEqual({ code: 400, result: M.notSellable.replace('{sku}', 'PRV-SPENTO') });

    for (const id of [quote.id, off.id]) {
      expect(await api.database.db.selectFrom('quote_offer').select('id').where('quote_request_id', '=', id).executeTakeFirst()).toBeUndefined();
      expect((await api.call(`/api/admin/audit?object=quote_request:${id}`, { headers: staff })).body.result).toEqual([]);
      expect((await detail(id)).status).toBe('new');
    }
    expect(await offerMails(quote.email)).toEqual([]);
    expect(await offerMails(off.email)).toEqual([]);
  });

  it('a cancelled order gives the offer back; a cart put back after a cancelled payment keeps the quoted prices', async () => {
    const quote = await requested();
    expect((await answer(quote.id, { lines: LOWER })).status).toBe(200);
    const token = await linkToken(quote.email);
    const cart = (await open(token)).body.result.cartId as string;
    // What the online payments keep of a cart before the order empties it, and put back on a cancel (payments/service.ts).
    const row = await api.database.db.selectFrom('cart').select('id').where('token_hash', '=', hashCartToken(cart)).executeTakeFirstOrThrow();
    const snapshot = await snapshotCart(api.database.db, row.id);
    const placed = await place(orderBody(cart, 'banktransfer', undefined, { email: quote.email }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect((await open(token)).body).toEqual({ code: 409, result: O.ordered });

    const cancelled = await api.call(`/api/admin/orders/${placed.body.result.incrementId}/cancel`, { body: { reason: 'Il cliente riordina' }, headers: staff });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await detail(quote.id)).status).toBe('answered');
    expect(await restoreCart(api.database.db, row.id, snapshot)).toBe(true);
    expect(await prices(cart)).toEqual({ 'PRV-TAVOLO': [12, 380], 'PRV-GUANTI': [500, 9.5] });
    expect((await open(token, `?cartId=${cart}`)).body.result).toMatchObject({ cartId: cart, lines: 2 });
  });

  it('lists in pages, newest first, by company or reference', async () => {
    const first = await requested();
    const second = await requested();
    const page = await list('?limit=1');
    expect(page.body.result.items.map((item: { id: number }) => item.id)).toEqual([second.id]);
    expect(page.body.result.total).toBeGreaterThanOrEqual(2);
    expect((await list('?limit=1&page=2')).body.result.items.map((item: { id: number }) => item.id)).toEqual([first.id]);
    expect((await list('?q=trattoria FERRI&limit=200')).body.result.items.map((item: { id: number }) => item.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect((await list(`?q=${first.id}`)).body.result.items.map((item: { id: number }) => item.id)).toContain(first.id);
    expect((await list('?q=nessuna-azienda-così')).body.result).toEqual({ items: [], total: 0 });
    expect((await list('?status=aperto')).body).toEqual({ code: 400, result: `Invalid query: status: ${M.status}` });
    expect((await list('?limit=0')).body).toEqual({ code: 400, result: `Invalid query: limit: ${M.badLimit}` });
  });
});

describe('who may read and answer quotes', () => {
  it('answers 401 without a session, 403 to a write without the CSRF token, and 401 to a customer token', async () => {
    const quote = await requested();
    for (const [method, path] of [['GET', '/api/admin/quotes'], ['GET', `/api/admin/quotes/${quote.id}`], ['POST', `/api/admin/quotes/${quote.id}/answer`]] as const) {
      const res = await api.call(path, { method, ...(method === 'POST' ? { body: { lines: LOWER } } : {}) });
      expect([path, res.status, res.body.result]).toEqual([path, 401, A.signInRequired]);
    }
    expect((await answer(quote.id, { lines: LOWER }, { cookie: staff['cookie']! })).body).toEqual({ code: 403, result: A.csrfMissing });
    expect((await list('', { authorization: 'Bearer eyJhbGciOi.cliente.token' })).body).toEqual({ code: 401, result: A.customerToken });
    expect((await detail(quote.id)).status).toBe('new');
  });

  it('staff and owners answer; an API key lists with orders:read and answers with orders:write, audited as the key; catalog:write is 403', async () => {
    const owner = await staffSession(api, 'owner');
    const key = async (scopes: string[]) => ({ authorization: `Bearer ${(await api.call('/api/admin/api-keys', { body: { name: `ERP ${scopes.join(' ')}`, scopes }, headers: owner })).body.result.key as string}` });
    const reader = await key(['orders:read']);
    const writer = await key(['orders:read', 'orders:write']);
    const catalog = await key(['catalog:write']);
    const quote = await requested();

    expect((await list(`?q=${quote.reference}`, reader)).body.result.total).toBe(1);
    expect((await list('', catalog)).body).toEqual({ code: 403, result: K.missingScope.replace('{scope}', 'orders:read') });
    expect((await answer(quote.id, { lines: LOWER }, reader)).body).toEqual({ code: 403, result: K.missingScope.replace('{scope}', 'orders:write') });
    expect((await answer(quote.id, { lines: LOWER, validDays: 30 }, writer)).status).toBe(200);
    // Answered again by a person: a new link, the earlier one stops working.
    const firstToken = await linkToken(quote.email);
    expect((await answer(quote.id, { lines: [LOWER[0], { sku: 'PRV-GUANTI', unitPriceCents: 900 }] }, owner)).status).toBe(200);
    const secondToken = await linkToken(quote.email);
    expect(secondToken).not.toBe(firstToken);
    expect((await open(firstToken)).body).toEqual({ code: 404, result: O.notFound });
    expect(await prices((await open(secondToken)).body.result.cartId)).toEqual({ 'PRV-TAVOLO': [12, 380], 'PRV-GUANTI': [500, 9] });

    const audit = (await api.call(`/api/admin/audit?object=quote_request:${quote.id}`, { headers: staff })).body.result;
    expect(audit.map((entry: { action: string; staffEmail: string }) => [entry.action, entry.staffEmail])).toEqual([
      ['quote.answer', 'chiave API ERP orders:read orders:write'],
      ['quote.answer', expect.stringMatching(/^owner-sessione-\d+@/)],
    ]);
    expect(audit[0]).toMatchObject({ before: null, after: { validDays: 30, lines: [{ sku: 'PRV-TAVOLO', qty: 12, unitNetCents: 38_000 }, { sku: 'PRV-GUANTI', qty: 500, unitNetCents: 950 }] } });
    expect(audit[1]).toMatchObject({ before: { validDays: 30 }, after: { validDays: 14, lines: [{ unitNetCents: 38_000 }, { unitNetCents: 900 }] } });
    expect(JSON.stringify(audit)).not.toContain(secondToken);
  });
});
