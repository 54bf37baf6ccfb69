import { ADMIN_MESSAGES, ADMIN_ORDER_MESSAGES as M, type AdminOrderDetail } from '@shop/contracts';
import { sampleAddress, sampleCompanyBilling } from '@shop/contracts/sample-order';
import { upsertProducts } from '@shop/db';
import { formatMessage, formatPrice } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory } from '../../testing/products.ts';
import { staffSession } from '../../testing/staff-session.ts';
import { readOutbox } from '../mail/eml.ts';
import { italianDay } from '../invoices/document.ts';

let api: TestApi;
const product = productFactory(999_100);
const { q, cartWith, orderBody, place } = orderHelpers(() => api);
let staff: Record<string, string>;
let owner: Record<string, string>;

beforeAll(async () => {
  api = await startTestApi();
  [staff, owner] = [await staffSession(api), await staffSession(api, 'owner')];
  await upsertProducts(api.database.db, [product('ACT-OVEN', 1299), product('ACT-PAN', 19.99), product('ACT-KNIFE', 45.9)]);
});
afterAll(async () => {
  await api?.dispose();
});

const consumer = { ...sampleAddress, custom_attributes: { is_company: false, fiscal_code: 'RSSMRA79B11C566R' } };

/** Places an order of these lines; answers its number and access key. */
async function placed(lines: [string, number][], payment = 'banktransfer', billing: object = sampleCompanyBilling, prepare?: (cart: string) => Promise<void>) {
  const cart = await cartWith(lines);
  await prepare?.(cart);
  const res = await place(orderBody(cart, payment, billing));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as { incrementId: string; accessKey: string };
}

const detail = async (n: string, as = staff) => {
  const res = await api.call(`/api/admin/orders/${n}`, { headers: as });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as AdminOrderDetail;
};
const act = (n: string, action: string, body?: unknown, as = staff) => api.call(`/api/admin/orders/${n}/${action}`, { body: body ?? {}, headers: as });
const row = (n: string) => api.database.db.selectFrom('sales_order').selectAll().where('increment_id', '=', n).executeTakeFirstOrThrow();
const total = async (n: string) => (await row(n)).grand_total_cents;
const today = () => italianDay(new Date());
const pay = async (n: string) => act(n, 'payment-received', { amountCents: await total(n), date: today() });
const ship = { carrier: 'BRT', trackingNumber: 'BRT123456789', trackingUrl: 'https://vas.brt.it/vas/sped_det_show.hsm?Nspediz=BRT123456789', parcels: 2 };
const stockOf = async (sku: string) => (await api.call(`/api/stock/check?sku=${sku}`)).body.result.qty as number;
const auditActions = async (n: string) => (await detail(n)).audit.map((entry) => entry.action);
const mailsOf = async (n: string, template: string) => (await detail(n)).mails.filter((m) => m.template === template);

/** The mails the running API wrote to its outbox folder with this subject. */
async function sentMails(subject: RegExp) {
  api.app.mail.kick();
  await api.app.mail.idle();
  return readOutbox(api.app.mail.outboxDir!).filter((mail) => subject.test(mail.subject));
}

describe('GET /api/admin/orders/:incrementId', () => {
  it('shows a placed bank-transfer order: lines, totals in cents, buyer, mails, and what staff may do', async () => {
    const { incrementId } = await placed([['ACT-OVEN', 1], ['ACT-PAN', 3]]);
    const order = await detail(incrementId);
    const stored = await row(incrementId);
    expect(order).toMatchObject({
      incrementId,
      status: 'pending_payment',
      paymentStatus: 'pending',
      shippingStatus: 'not_shipped',
      paidAt: null,
      email: 'mario.rossi@example.it',
      buyer: { isCompany: true, company: 'Trattoria da Mario srl', vatId: '00743110157', sdiCode: 'M5UXCR1' },
      shippingAddress: { city: 'Milano', postcode: '20121' },
      billingAddress: { company: 'Trattoria da Mario srl' },
      payment: { method: 'banktransfer', fatturapaCode: 'MP05', transactions: [], events: [] },
      shipments: [],
      refunds: [],
      invoices: [],
      notes: [],
      audit: [],
    });
    expect(order.lines.map(({ sku, qty, shippedQty, refundedQty }) => ({ sku, qty, shippedQty, refundedQty }))).toEqual([
      { sku: 'ACT-OVEN', qty: 1, shippedQty: 0, refundedQty: 0 },
      { sku: 'ACT-PAN', qty: 3, shippedQty: 0, refundedQty: 0 },
    ]);
    expect(order.lines[0]!.unitNetCents).toBe(129_900);
    expect(order.totals).toEqual({
      subtotalCents: stored.subtotal_cents,
      discountCents: stored.discount_cents,
      shippingCents: stored.shipping_cents,
      feeCents: stored.fee_cents,
      surchargeCents: stored.surcharge_cents,
      taxCents: stored.tax_cents,
      grandTotalCents: stored.grand_total_cents,
      refundedCents: 0,
    });
    expect(order.mails).toEqual([expect.objectContaining({ template: 'order-confirmation', recipient: 'mario.rossi@example.it' })]);
    expect(order.actions).toEqual(['payment-received', 'cancel', 'note', 'resend-mail']);
  });

  it('answers 404 for an order that does not exist', async () => {
    const res = await api.call('/api/admin/orders/999999999', { headers: staff });
    expect(res.body).toEqual({ code: 404, result: M.notFound });
  });
});

describe('POST …/payment-received', () => {
  it('pays a bank transfer: processing, paid that day, invoiced, the "pagamento ricevuto" mail, audited', async () => {
    const { incrementId } = await placed([['ACT-PAN', 2]]);
    const res = await pay(incrementId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = res.body.result as AdminOrderDetail;
    expect(order).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    expect(italianDay(new Date(order.paidAt!))).toBe(today());
    expect(order.invoices).toEqual([expect.objectContaining({ type: 'TD01', totalCents: await total(incrementId) })]);
    expect(order.mails.map((m) => m.template)).toEqual(['order-confirmation', 'payment-received']);
    expect(order.audit).toEqual([
      expect.objectContaining({
        action: 'order.payment_received',
        staffEmail: expect.stringMatching(/^staff-sessione-/),
        before: expect.objectContaining({ status: 'pending_payment', paymentStatus: 'pending' }),
        after: expect.objectContaining({ status: 'processing', paymentStatus: 'paid', amountCents: await total(incrementId) }),
      }),
    ]);
    expect(order.actions).toEqual(['ship', 'note', 'resend-mail']);
    expect(await sentMails(new RegExp(`pagamento ricevuto per l'ordine n. ${incrementId}`))).toHaveLength(1);
    // The buyer's page shows it paid.
    const { accessKey } = { accessKey: (await row(incrementId)).access_key };
    expect((await api.call(`/api/order/${incrementId}?key=${accessKey}`)).body.result).toMatchObject({ status: 'processing', payment: { status: 'paid' } });
  });

  it('records an earlier day as the payment day', async () => {
    const { incrementId } = await placed([['ACT-PAN', 1]]);
    const res = await act(incrementId, 'payment-received', { amountCents: await total(incrementId), date: '2026-01-15' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(italianDay(new Date(res.body.result.paidAt))).toBe('2026-01-15');
  });

  it('refuses another amount, a day to come, paying twice and an ended order, changing nothing', async () => {
    const { incrementId } = await placed([['ACT-PAN', 1]]);
    const cents = await total(incrementId);
    expect((await act(incrementId, 'payment-received', { amountCents: cents - 1, date: today() })).body).toEqual({
      code: 422,
      result: formatMessage(M.amountMismatch, { received: formatPrice(cents - 1), total: formatPrice(cents) }),
    });
    expect((await act(incrementId, 'payment-received', { amountCents: cents, date: '2099-01-01' })).body).toEqual({ code: 422, result: M.futureDay });
    expect((await act(incrementId, 'payment-received', { amountCents: cents, date: '2026-02-30' })).body).toEqual({ code: 400, result: `date: ${M.badDay}` });
    expect((await row(incrementId)).payment_status).toBe('pending');
    expect((await pay(incrementId)).status).toBe(200);
    expect((await pay(incrementId)).body).toEqual({ code: 409, result: formatMessage(M.alreadyPaid, { number: incrementId }) });
    expect(await mailsOf(incrementId, 'payment-received')).toHaveLength(1);

    const canceled = (await placed([['ACT-PAN', 1]])).incrementId;
    expect((await act(canceled, 'cancel', { reason: 'Il cliente ha rinunciato' })).status).toBe(200);
    expect((await pay(canceled)).body).toEqual({ code: 409, result: `L’ordine ${canceled} è annullato: l’azione “pagamento ricevuto” non è possibile.` });
  });

  it('two at once on one order: one is paid, the other refused 409, nothing done twice', async () => {
    const { incrementId } = await placed([['ACT-PAN', 1]]);
    const answers = await Promise.all([pay(incrementId), pay(incrementId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!.body.result;
    // PostgreSQL refuses the second at the lock; the embedded database runs one transaction at a time, so it finds the order paid.
    expect([M.busy, formatMessage(M.alreadyPaid, { number: incrementId })]).toContain(refused);
    const order = await detail(incrementId);
    expect(order.mails.filter((m) => m.template === 'payment-received')).toHaveLength(1);
    expect(order.invoices).toHaveLength(1);
    expect(order.audit.map((e) => e.action)).toEqual(['order.payment_received']);
  });

  it.runIf(process.env.DATABASE_URL)('answers 409 busy while another action holds the order', async () => {
    const { incrementId } = await placed([['ACT-PAN', 1]]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = api.database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('sales_order').select('id').where('increment_id', '=', incrementId).forUpdate().execute();
      locked();
      await held;
    });
    await isLocked;
    expect((await pay(incrementId)).body).toEqual({ code: 409, result: M.busy });
    release();
    await holder;
    expect((await row(incrementId)).payment_status).toBe('pending');
    expect(await auditActions(incrementId)).toEqual([]);
  });
});

describe('POST …/ship', () => {
  it('ships part, then the rest: partially shipped, then shipped and complete, a mail with the tracking link each time', async () => {
    const { incrementId, accessKey } = await placed([['ACT-OVEN', 1], ['ACT-PAN', 4]]);
    expect((await pay(incrementId)).status).toBe(200);
    const first = await act(incrementId, 'ship', { ...ship, lines: [{ sku: 'ACT-PAN', qty: 3 }] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.result).toMatchObject({ status: 'processing', shippingStatus: 'partially_shipped' });
    expect((first.body.result as AdminOrderDetail).lines.map((l) => [l.sku, l.shippedQty])).toEqual([
      ['ACT-OVEN', 0],
      ['ACT-PAN', 3],
    ]);
    expect(first.body.result.shipments).toEqual([
      expect.objectContaining({ carrier: 'BRT', trackingNumber: 'BRT123456789', trackingUrl: ship.trackingUrl, parcels: 2, lines: [{ sku: 'ACT-PAN', qty: 3 }], staffEmail: expect.stringMatching(/^staff-/) }),
    ]);
    // The buyer sees the shipment on the order page and the thank-you link.
    const mine = (await api.call(`/api/order/${incrementId}?key=${accessKey}`)).body.result;
    expect(mine).toMatchObject({
      status: 'processing',
      shippingStatus: 'partially_shipped',
      shipments: [{ carrier: 'BRT', trackingNumber: 'BRT123456789', trackingUrl: ship.trackingUrl, parcels: 2, lines: [{ sku: 'ACT-PAN', name: 'Prodotto ACT-PAN', qty: 3 }] }],
    });
    const [partialMail] = await sentMails(new RegExp(`l'ordine n. ${incrementId} è stato spedito in parte`));
    expect(partialMail!.text).toContain(`Segui la spedizione: ${ship.trackingUrl}`);
    expect(partialMail!.text).toContain('3 x Prodotto ACT-PAN (cod. ACT-PAN)');
    expect(partialMail!.text).toContain('2 colli');
    expect(partialMail!.html).toContain(`href="${ship.trackingUrl.replace(/&/g, '&amp;')}"`);

    const rest = await act(incrementId, 'ship', { carrier: 'GLS', trackingNumber: 'GLS-77', parcels: 1 });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.result).toMatchObject({ status: 'complete', shippingStatus: 'shipped' });
    expect(rest.body.result.shipments[1]).toMatchObject({ trackingUrl: null, lines: [{ sku: 'ACT-OVEN', qty: 1 }, { sku: 'ACT-PAN', qty: 1 }] });
    expect(rest.body.result.actions).toEqual(['note', 'resend-mail']);
    expect((await api.call(`/api/order/${incrementId}?key=${accessKey}`)).body.result).toMatchObject({ status: 'complete', shippingStatus: 'shipped' });
    expect(await sentMails(new RegExp(`l'ordine n. ${incrementId} è stato spedito$`))).toHaveLength(1);
    expect(await auditActions(incrementId)).toEqual(['order.payment_received', 'order.ship', 'order.ship']);
    const audit = (await detail(incrementId)).audit[1]!;
    expect(audit.before).toMatchObject({ shippingStatus: 'not_shipped' });
    expect(audit.after).toMatchObject({ shippingStatus: 'partially_shipped', shipment: { carrier: 'BRT', lines: [{ sku: 'ACT-PAN', qty: 3 }] } });
    // Complete: nothing more can be shipped.
    expect((await act(incrementId, 'ship', ship)).body).toEqual({ code: 409, result: `L’ordine ${incrementId} è completato: l’azione “spedisci” non è possibile.` });
  });

  it('ships cash on delivery unpaid; nothing left → 409; once the cash comes the order is complete', async () => {
    const { incrementId } = await placed([['ACT-KNIFE', 2]], 'cashondelivery', consumer);
    const shipped = await act(incrementId, 'ship', { ...ship, notify: false });
    expect(shipped.body.result).toMatchObject({ status: 'processing', paymentStatus: 'pending', shippingStatus: 'shipped' });
    expect(shipped.body.result.mails.map((m: { template: string }) => m.template)).toEqual(['order-confirmation']);
    expect((await act(incrementId, 'ship', ship)).body).toEqual({ code: 409, result: M.nothingToShip });
    expect((await pay(incrementId)).body.result).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
  });

  it('refuses an unpaid bank transfer, a link that is not https, more than is left and an sku not in the order', async () => {
    const { incrementId } = await placed([['ACT-PAN', 2]]);
    expect((await act(incrementId, 'ship', ship)).body).toEqual({ code: 409, result: `L’ordine ${incrementId} è in attesa di pagamento: l’azione “spedisci” non è possibile.` });
    expect((await pay(incrementId)).status).toBe(200);
    const http = await act(incrementId, 'ship', { ...ship, trackingUrl: 'http://tracking.example/1' });
    expect(http.status).toBe(400);
    expect(http.body.result).toContain(M.httpsOnly);
    expect((await act(incrementId, 'ship', { ...ship, lines: [{ sku: 'ACT-PAN', qty: 3 }] })).body).toEqual({ code: 422, result: formatMessage(M.shipTooMany, { sku: 'ACT-PAN', left: 2, asked: 3 }) });
    expect((await act(incrementId, 'ship', { ...ship, lines: [{ sku: 'NOPE', qty: 1 }] })).body).toEqual({ code: 422, result: formatMessage(M.unknownLine, { sku: 'NOPE' }) });
    expect((await act(incrementId, 'ship', { ...ship, lines: [{ sku: 'ACT-PAN', qty: 1 }] })).status).toBe(200);
    expect((await act(incrementId, 'ship', { ...ship, lines: [{ sku: 'ACT-PAN', qty: 2 }] })).body).toEqual({ code: 422, result: formatMessage(M.shipTooMany, { sku: 'ACT-PAN', left: 1, asked: 2 }) });
    expect((await detail(incrementId)).shipments).toHaveLength(1);
  });
});

describe('POST …/cancel', () => {
  it('cancels an unpaid order: stock and coupon use back once, even with two requests at once; the buyer is mailed', async () => {
    await api.database.db.insertInto('coupon').values({ code: 'ANNULLA5', code_key: 'ANNULLA5', discount_type: 'percent', discount_hundredths: 500, usage_limit: 5 }).execute();
    const stockBefore = await stockOf('ACT-KNIFE');
    const { incrementId, accessKey } = await placed([['ACT-KNIFE', 3]], 'banktransfer', sampleCompanyBilling, async (cart) => {
      expect((await api.call(`/api/cart/apply-coupon${q(cart)}&coupon=ANNULLA5`, { method: 'POST' })).status).toBe(200);
    });
    expect(await stockOf('ACT-KNIFE')).toBe(stockBefore - 3);
    const timesUsed = async () => (await api.database.db.selectFrom('coupon').select('times_used').where('code_key', '=', 'ANNULLA5').executeTakeFirstOrThrow()).times_used;
    expect(await timesUsed()).toBe(1);

    const answers = await Promise.all([act(incrementId, 'cancel', { reason: 'Doppio ordine' }), act(incrementId, 'cancel', { reason: 'Doppio ordine' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect([M.busy, `L’ordine ${incrementId} è annullato: l’azione “annulla” non è possibile.`]).toContain(answers.find((a) => a.status === 409)!.body.result);
    expect(await stockOf('ACT-KNIFE')).toBe(stockBefore);
    expect(await timesUsed()).toBe(0);
    const order = await detail(incrementId);
    expect(order).toMatchObject({ status: 'canceled', paymentStatus: 'canceled', actions: ['note', 'resend-mail'] });
    expect(order.audit).toEqual([expect.objectContaining({ action: 'order.cancel', before: expect.objectContaining({ status: 'pending_payment' }), after: expect.objectContaining({ status: 'canceled', reason: 'Doppio ordine' }) })]);
    expect(order.mails.map((m) => m.template)).toEqual(['order-confirmation', 'order-canceled']);
    expect(await sentMails(new RegExp(`l'ordine n. ${incrementId} è stato annullato`))).toHaveLength(1);
    expect((await api.call(`/api/order/${incrementId}?key=${accessKey}`)).body.result).toMatchObject({ status: 'canceled', payment: { status: 'canceled' } });
    // Once more later: refused, still nothing given back twice.
    expect((await act(incrementId, 'cancel', { reason: 'Ancora' })).status).toBe(409);
    expect(await stockOf('ACT-KNIFE')).toBe(stockBefore);
  });

  it('cancels unpaid cash on delivery; refuses an order partly shipped', async () => {
    const cod = (await placed([['ACT-PAN', 1]], 'cashondelivery', consumer)).incrementId;
    expect((await act(cod, 'cancel', { reason: 'Il cliente non risponde' })).body.result).toMatchObject({ status: 'canceled', paymentStatus: 'canceled' });
    const { incrementId } = await placed([['ACT-PAN', 2]], 'cashondelivery', consumer);
    expect((await act(incrementId, 'ship', { ...ship, lines: [{ sku: 'ACT-PAN', qty: 1 }] })).status).toBe(200);
    expect((await act(incrementId, 'cancel', { reason: 'Troppo tardi' })).body).toEqual({ code: 409, result: `L’ordine ${incrementId} è spedito in parte: l’azione “annulla” non è possibile.` });
  });

  it('a paid order: staff are refused 403; the owner refunds it whole, then the stock goes back and the order is cancelled', async () => {
    const stockBefore = await stockOf('ACT-OVEN');
    const { incrementId, accessKey } = await placed([['ACT-OVEN', 2]], 'cashondelivery', consumer);
    expect((await pay(incrementId)).status).toBe(200);
    // Refunds are the owner's: the page offers them to the owner only.
    expect((await detail(incrementId)).actions).toEqual(['ship', 'note', 'resend-mail']);
    expect((await detail(incrementId, owner)).actions).toEqual(['ship', 'cancel', 'refund', 'note', 'resend-mail']);
    expect((await act(incrementId, 'cancel', { reason: 'Reso prima della spedizione' })).body).toEqual({ code: 403, result: ADMIN_MESSAGES.ownerOnly });
    // Cash paid to the courier goes back by bank transfer: without the buyer's IBAN nothing is done.
    expect((await act(incrementId, 'cancel', { reason: 'Reso prima della spedizione' }, owner)).body).toEqual({ code: 400, result: M.ibanRequired });
    expect(await row(incrementId)).toMatchObject({ status: 'processing', payment_status: 'paid', refunded_cents: 0 });
    expect(await stockOf('ACT-OVEN')).toBe(stockBefore - 2);

    const canceled = await act(incrementId, 'cancel', { reason: 'Reso prima della spedizione', iban: 'IT60X0542811101000000123456' }, owner);
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const page = canceled.body.result as AdminOrderDetail;
    expect(page).toMatchObject({ status: 'canceled', paymentStatus: 'refunded', totals: { refundedCents: await total(incrementId) } });
    expect(page.refunds).toEqual([expect.objectContaining({ via: 'recorded', iban: 'IT60X0542811101000000123456', amountCents: await total(incrementId) })]);
    expect(page.invoices.map((invoice) => invoice.type)).toEqual(['TD01', 'TD04']);
    expect(await stockOf('ACT-OVEN')).toBe(stockBefore);
    expect((await api.call(`/api/order/${incrementId}?key=${accessKey}`)).body.result).toMatchObject({ status: 'canceled', payment: { status: 'refunded' } });
    const [mail] = await sentMails(new RegExp(`l'ordine n. ${incrementId} è stato annullato`));
    expect(mail!.text).toContain("L'importo pagato di");
    // Cancelled once: a second cancel changes nothing.
    expect((await act(incrementId, 'cancel', { reason: 'Di nuovo' }, owner)).status).toBe(409);
    expect(await stockOf('ACT-OVEN')).toBe(stockBefore);
  });
});

describe('an API key (ADR 0030)', () => {
  it('reads with orders:read, acts with orders:write, and the audit names the key', async () => {
    const keyOf = async (name: string, scopes: string[]) => {
      const res = await api.call('/api/admin/api-keys', { body: { name, scopes }, headers: owner });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return { authorization: `Bearer ${res.body.result.key as string}` };
    };
    const reader = await keyOf('Contabilità', ['orders:read']);
    const writer = await keyOf('Gestionale', ['orders:write']);
    const { incrementId } = await placed([['ACT-PAN', 1]]);
    expect((await api.call(`/api/admin/orders/${incrementId}`, { headers: reader })).body.result).toMatchObject({ incrementId });
    expect((await act(incrementId, 'notes', { text: 'Da un programma' }, reader)).status).toBe(403);
    const noted = await act(incrementId, 'notes', { text: 'Da un programma' }, writer);
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    expect(noted.body.result.notes).toEqual([expect.objectContaining({ staffEmail: 'chiave API Gestionale', text: 'Da un programma' })]);
    expect(noted.body.result.audit).toEqual([expect.objectContaining({ action: 'order.note', staffId: null, staffEmail: 'chiave API Gestionale' })]);
  });
});

describe('notes and mails', () => {
  it('adds a staff note, audited', async () => {
    const { incrementId } = await placed([['ACT-PAN', 1]]);
    const res = await act(incrementId, 'notes', { text: 'Il cliente chiede consegna dopo le 14.' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.notes).toEqual([expect.objectContaining({ text: 'Il cliente chiede consegna dopo le 14.', staffEmail: expect.stringMatching(/^staff-/) })]);
    expect(res.body.result.audit).toEqual([expect.objectContaining({ action: 'order.note', after: expect.objectContaining({ text: 'Il cliente chiede consegna dopo le 14.' }) })]);
    expect((await act(incrementId, 'notes', { text: '  ' })).status).toBe(400);
  });

  it('resends a mail of the order as it was, audited; a mail of another order is not found', async () => {
    const { incrementId } = await placed([['ACT-PAN', 1]]);
    const [confirmation] = (await detail(incrementId)).mails;
    await sentMails(/./);
    const res = await act(incrementId, `mails/${confirmation!.id}/resend`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.mails.map((m: { template: string }) => m.template)).toEqual(['order-confirmation', 'order-confirmation']);
    expect(res.body.result.audit).toEqual([expect.objectContaining({ action: 'order.mail_resend', after: { mailId: confirmation!.id, template: 'order-confirmation', recipient: 'mario.rossi@example.it' } })]);
    expect(await sentMails(new RegExp(`conferma dell'ordine n. ${incrementId}`))).toHaveLength(2);
    const other = (await placed([['ACT-PAN', 1]])).incrementId;
    expect((await act(other, `mails/${confirmation!.id}/resend`)).body).toEqual({ code: 404, result: M.mailNotFound });
  });
});
