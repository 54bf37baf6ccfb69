import { ADMIN_ORDER_MESSAGES as M } from '@shop/contracts';
import { sampleAddress, sampleCompanyBilling } from '@shop/contracts/sample-order';
import { upsertProducts } from '@shop/db';
import { formatPrice } from '@shop/domain';
import { FAIL_NEXT_REFUND_PATH, sandboxCredentials, startSandboxes, type RunningSandboxes } from '@shop/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { sandboxPayments, sandboxStripe } from '../../testing/payment-sandboxes.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory } from '../../testing/products.ts';
import { recordPayment, staffSession } from '../../testing/staff-session.ts';
import { xsdErrors } from '../invoices/xsd/validate.ts';
import { readOutbox } from '../mail/eml.ts';

let api: TestApi;
let sandboxes: RunningSandboxes;
const credentials = sandboxCredentials('refunds-test');
const product = productFactory(997_700);
const { cartWith, orderBody, place } = orderHelpers(() => api);
let owner: Record<string, string>;
let staff: Record<string, string>;
const IBAN = 'IT60 X054 2811 1010 0000 0123 456';
/** A private buyer abroad who gave no fiscal data: no invoice, so no credit note. */
const consumerWithoutInvoice = { ...sampleAddress, street: ['Unter den Linden', '5'], city: 'Berlin', postcode: '10117', region: 'Berlin', region_code: '', country_id: 'DE', custom_attributes: { is_company: false } };

beforeAll(async () => {
  sandboxes = await startSandboxes({ credentials, stripeWebhookUrl: () => `${api.url}/api/ext/stripe/webhook` });
  api = await startTestApi({
    onlinePayments: sandboxPayments(credentials, sandboxes),
  });
  owner = await staffSession(api, 'owner');
  staff = await staffSession(api, 'staff');
  await upsertProducts(api.database.db, [product('RF-OVEN', 500), product('RF-PAN', 19.99), product('RF-KNIFE', 45.9)]);
});
afterAll(async () => {
  await api?.dispose();
  await sandboxes?.stop();
});

const stripe = () => sandboxStripe(credentials, sandboxes);

interface Placed {
  incrementId: string;
  accessKey: string;
  redirectUrl?: string;
  order: { grandTotal: number; items: { sku: string; qty: number; priceExclTax: number; taxPercent: number }[] };
}

async function placeOrder(method: string, lines: [string, number][], billing: object = sampleCompanyBilling, additional?: Record<string, unknown>): Promise<Placed> {
  const body = orderBody(await cartWith(lines), method, billing);
  if (additional) body.addressInformation.payment_method_additional = additional;
  const res = await place(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as Placed;
}

/** The buyer's click on a sandbox approval page. */
async function approve(pageUrl: string): Promise<URL> {
  const page = await (await fetch(pageUrl)).text();
  const form = /<form method="post" action="([^"]+)"/.exec(page)![1]!.replaceAll('&amp;', '&');
  const res = await fetch(new URL(form, pageUrl), { method: 'POST', body: new URLSearchParams({ action: 'approve' }), redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

/** An order placed and paid with `method` as its buyer would pay it. */
async function paidOrder(method: 'stripe' | 'paypal_express' | 'almapay' | 'banktransfer' | 'cashondelivery', lines: [string, number][], billing: object = sampleCompanyBilling): Promise<Placed> {
  const placed = await placeOrder(method, lines, billing, method === 'almapay' ? { installments_count: 3 } : undefined);
  if (method === 'banktransfer' || method === 'cashondelivery') {
    expect((await recordPayment(api, await staffSession(api), placed.incrementId)).status).toBe(200);
  } else {
    await approve(placed.redirectUrl!);
    if (method === 'paypal_express') {
      const token = new URL(placed.redirectUrl!).searchParams.get('token')!;
      const done = await api.call('/api/ext/paypal/complete', { body: { order_id: placed.incrementId, key: placed.accessKey, token } });
      expect(done.body.result).toEqual({ success: true, token });
    }
  }
  expect((await orderRow(placed.incrementId)).payment_status).toBe('paid');
  return placed;
}

const refund = (incrementId: string, body: object, headers: Record<string, string> = owner) => api.call(`/api/admin/orders/${incrementId}/refund`, { body, headers });

const orderRow = (incrementId: string) =>
  api.database.db.selectFrom('sales_order').select(['id', 'status', 'payment_status', 'refunded_cents', 'grand_total_cents']).where('increment_id', '=', incrementId).executeTakeFirstOrThrow();

/** What `qty` units of a line cost incl. VAT, from what the buyer was shown (no coupon in these orders). */
function unitsGross(placed: Placed, sku: string, qty: number): number {
  const item = placed.order.items.find((i) => i.sku === sku)!;
  const net = Math.round(item.priceExclTax * 100) * qty;
  return net + Math.round((net * item.taxPercent) / 100);
}

async function documentsOf(incrementId: string) {
  const res = await api.call(`/api/admin/orders/${incrementId}/invoices`, { headers: staff });
  expect(res.status).toBe(200);
  return res.body.result as { id: number; type: 'TD01' | 'TD04'; number: string; total: number }[];
}

/** A credit note's XML, valid against the official XSD, with its total in cents. */
async function creditNoteXml(id: number) {
  const res = await fetch(`${api.url}/api/admin/invoices/${id}.xml`, { headers: staff });
  expect(res.status).toBe(200);
  const xml = await res.text();
  expect(xsdErrors(xml), xml).toBe('');
  expect(xml).toContain('<TipoDocumento>TD04</TipoDocumento>');
  const cents = (tag: string) => [...xml.matchAll(new RegExp(`<${tag}>(-?[\\d.]+)</${tag}>`, 'g'))].reduce((sum, m) => sum + Math.round(Number(m[1]) * 100), 0);
  expect(cents('ImponibileImporto') + cents('Imposta')).toBe(cents('ImportoTotaleDocumento'));
  return cents('ImportoTotaleDocumento');
}

async function mailsAbout(incrementId: string) {
  await api.app.mail.idle();
  api.app.mail.kick();
  await api.app.mail.idle();
  return readOutbox(api.app.mail.outboxDir!).filter((mail) => mail.subject.includes(`rimborso per l'ordine n. ${incrementId}`));
}

describe('POST /api/admin/orders/{number}/refund', () => {
  it('refunds two units of a card order through Stripe: the refund at Stripe, a credit note of the same amount, the order partly refunded; then the rest closes it', async () => {
    const placed = await paidOrder('stripe', [['RF-OVEN', 1], ['RF-PAN', 3]]);
    const res = await refund(placed.incrementId, { lines: [{ sku: 'RF-PAN', qty: 2 }], reason: 'Due padelle arrivate ammaccate' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const first = res.body.result;
    const expected = unitsGross(placed, 'RF-PAN', 2);
    expect(first).toMatchObject({ amountCents: expected, via: 'provider', lines: [{ sku: 'RF-PAN', qty: 2 }], shippingCents: 0, iban: null, reason: 'Due padelle arrivate ammaccate', creditNoteId: expect.any(Number) });
    const atStripe = await stripe().refunds.retrieve(first.providerReference);
    expect(atStripe).toMatchObject({ amount: expected, status: 'succeeded' });

    const docs = await documentsOf(placed.incrementId);
    expect(docs.map((d) => d.type)).toEqual(['TD01', 'TD04']);
    expect(docs[1]!.id).toBe(first.creditNoteId);
    expect(await creditNoteXml(first.creditNoteId)).toBe(expected);
    expect(await orderRow(placed.incrementId)).toMatchObject({ status: 'processing', payment_status: 'partially_refunded', refunded_cents: expected });

    // The buyer's order view and mail say what came back.
    const view = await api.call(`/api/order/${placed.incrementId}?key=${placed.accessKey}`);
    expect(view.body.result.refunds).toEqual([{ amount: expected / 100, date: expect.any(String) }]);
    expect(view.body.result.payment.status).toBe('partially_refunded');
    const [mail] = await mailsAbout(placed.incrementId);
    expect(mail!.text).toContain(`ti abbiamo rimborsato ${formatPrice(expected)}`);
    // Audited on the order.
    const audit = await api.database.db.selectFrom('admin_audit').selectAll().where('object_type', '=', 'order').where('object_id', '=', placed.incrementId).execute();
    expect(audit.map((a) => a.action)).toEqual(['order.refund']);

    const tooMany = await refund(placed.incrementId, { lines: [{ sku: 'RF-PAN', qty: 2 }], reason: 'Ancora' });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.result).toContain('Per RF-PAN si possono rimborsare al massimo 1 pezzi.');

    const rest = await refund(placed.incrementId, { all: true, reason: 'Ordine reso' });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    const order = await orderRow(placed.incrementId);
    expect(rest.body.result.amountCents).toBe(order.grand_total_cents - expected);
    expect(order).toMatchObject({ status: 'closed', payment_status: 'refunded', refunded_cents: order.grand_total_cents });
    expect(await creditNoteXml(rest.body.result.creditNoteId)).toBe(order.grand_total_cents - expected);
    expect((await stripe().refunds.retrieve(rest.body.result.providerReference)).amount).toBe(order.grand_total_cents - expected);

    const again = await refund(placed.incrementId, { all: true, reason: 'Di nuovo' });
    expect(again.status).toBe(409);
  });

  it('refunds a PayPal order whole through its capture: closed, one credit note equal to the invoice', async () => {
    const placed = await paidOrder('paypal_express', [['RF-KNIFE', 2]]);
    const res = await refund(placed.incrementId, { all: true, reason: 'Cliente ha annullato' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = await orderRow(placed.incrementId);
    expect(res.body.result).toMatchObject({ amountCents: order.grand_total_cents, via: 'provider', providerReference: expect.any(String) });
    expect(order).toMatchObject({ status: 'closed', payment_status: 'refunded', refunded_cents: order.grand_total_cents });
    const docs = await documentsOf(placed.incrementId);
    expect(docs.map((d) => [d.type, Math.round(d.total * 100)])).toEqual([['TD01', order.grand_total_cents], ['TD04', order.grand_total_cents]]);
  });

  it('refunds part of an Alma instalment order by line plus part of its shipping', async () => {
    const placed = await paidOrder('almapay', [['RF-KNIFE', 2]]);
    const { shipping_cents } = await api.database.db.selectFrom('sales_order').select('shipping_cents').where('increment_id', '=', placed.incrementId).executeTakeFirstOrThrow();
    expect(shipping_cents).toBeGreaterThan(100);
    const shippingCents = Math.floor(shipping_cents / 2);
    const res = await refund(placed.incrementId, { lines: [{ sku: 'RF-KNIFE', qty: 1 }], shippingCents, reason: 'Coltello non disponibile' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const knife = placed.order.items.find((i) => i.sku === 'RF-KNIFE')!;
    const net = Math.round(knife.priceExclTax * 100) + shippingCents;
    expect(res.body.result).toMatchObject({ amountCents: net + Math.round((net * 22) / 100), shippingCents, via: 'provider', providerReference: expect.stringMatching(/^refund_/) });
    expect(await creditNoteXml(res.body.result.creditNoteId)).toBe(res.body.result.amountCents);
    expect((await orderRow(placed.incrementId)).payment_status).toBe('partially_refunded');
  });

  it('records a bank transfer refund with the buyer\'s IBAN; an order without invoice gets no credit note', async () => {
    const placed = await paidOrder('banktransfer', [['RF-PAN', 2]], consumerWithoutInvoice);
    const noIban = await refund(placed.incrementId, { lines: [{ sku: 'RF-PAN', qty: 1 }], reason: 'Reso' });
    expect(noIban.status).toBe(400);
    expect(noIban.body.result).toBe(M.ibanRequired);
    const badIban = await refund(placed.incrementId, { lines: [{ sku: 'RF-PAN', qty: 1 }], reason: 'Reso', iban: 'IT61X0542811101000000123456' });
    expect(badIban.status).toBe(400);
    expect(badIban.body.result).toBe(M.badIban);

    const res = await refund(placed.incrementId, { lines: [{ sku: 'RF-PAN', qty: 1 }], reason: 'Reso', iban: IBAN });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ via: 'recorded', iban: 'IT60X0542811101000000123456', providerReference: null, creditNoteId: null, amountCents: unitsGross(placed, 'RF-PAN', 1) });
    expect(await documentsOf(placed.incrementId)).toEqual([]);
    expect((await orderRow(placed.incrementId)).payment_status).toBe('partially_refunded');
  });

  it('records a cash-on-delivery refund whole, with a credit note for the invoiced company', async () => {
    const placed = await paidOrder('cashondelivery', [['RF-KNIFE', 1]]);
    const res = await refund(placed.incrementId, { all: true, reason: 'Merce rifiutata', iban: IBAN });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = await orderRow(placed.incrementId);
    expect(res.body.result.amountCents).toBe(order.grand_total_cents);
    expect(await creditNoteXml(res.body.result.creditNoteId)).toBe(order.grand_total_cents);
    expect(order).toMatchObject({ status: 'closed', payment_status: 'refunded' });
  });

  it('refunds the delivery services of an order by their net amount, with their VAT, never more than was charged', async () => {
    const cart = await cartWith([['RF-KNIFE', 1]]);
    expect((await api.call(`/api/ext/multifees/setShippingFees/${cart}`, { body: { id: '2', options: '2,4' } })).status).toBe(200);
    const placed = await place(orderBody(cart, 'banktransfer'));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const incrementId = placed.body.result.incrementId as string;
    expect((await recordPayment(api, await staffSession(api), incrementId)).status).toBe(200);
    const { fee_cents } = await api.database.db.selectFrom('sales_order').select('fee_cents').where('increment_id', '=', incrementId).executeTakeFirstOrThrow();
    expect(fee_cents).toBeGreaterThan(0);
    const tooMuch = await refund(incrementId, { feeCents: fee_cents + 1, reason: 'Sponda non usata', iban: IBAN });
    expect(tooMuch.status).toBe(422);
    const res = await refund(incrementId, { feeCents: fee_cents, reason: 'Sponda non usata', iban: IBAN });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ feeCents: fee_cents, amountCents: fee_cents + Math.round((fee_cents * 22) / 100), lines: [] });
    expect(await creditNoteXml(res.body.result.creditNoteId)).toBe(res.body.result.amountCents);
  });

  it('refuses what cannot be refunded: above what is left, an unpaid order, a line not in the order, nothing asked, a staff user', async () => {
    const placed = await paidOrder('banktransfer', [['RF-PAN', 1]]);
    const shipping = await refund(placed.incrementId, { shippingCents: 1_000_000, reason: 'Troppo', iban: IBAN });
    expect(shipping.status).toBe(422);
    expect(shipping.body.result).toContain(`Il rimborso (${formatPrice(1_000_000)}) supera quanto pagato e non ancora rimborsato`);
    expect((await refund(placed.incrementId, { lines: [{ sku: 'RF-OVEN', qty: 1 }], reason: 'No', iban: IBAN })).status).toBe(422);
    expect((await refund(placed.incrementId, { reason: 'Niente', iban: IBAN })).status).toBe(422);
    expect((await refund(placed.incrementId, { all: true, reason: 'Staff', iban: IBAN }, staff)).status).toBe(403);
    expect((await refund('999999999', { all: true, reason: 'Nessuno', iban: IBAN })).status).toBe(404);

    const unpaid = await placeOrder('banktransfer', [['RF-PAN', 1]]);
    const notPaid = await refund(unpaid.incrementId, { all: true, reason: 'Mai pagato', iban: IBAN });
    expect(notPaid.status).toBe(409);
    expect(notPaid.body.result).toBe(`L’ordine ${unpaid.incrementId} è in attesa di pagamento: l’azione “rimborso” non è possibile.`);
    expect(await api.database.db.selectFrom('order_refund').select('id').where('order_id', '=', (await orderRow(placed.incrementId)).id).execute()).toEqual([]);
  });

  it('leaves the order as it was when the provider refuses the refund, and says why', async () => {
    const placed = await paidOrder('stripe', [['RF-KNIFE', 1]]);
    const before = await orderRow(placed.incrementId);
    expect((await fetch(`${sandboxes.urls.stripe}${FAIL_NEXT_REFUND_PATH}`, { method: 'POST' })).status).toBe(200);
    const res = await refund(placed.incrementId, { all: true, reason: 'Reso' });
    expect(res.status).toBe(502);
    expect(res.body.result).toBe('Il rimborso tramite Stripe non è riuscito: You have insufficient funds in your Stripe account for this refund.. L’ordine non è stato modificato.');
    expect(await orderRow(placed.incrementId)).toEqual(before);
    expect((await documentsOf(placed.incrementId)).map((d) => d.type)).toEqual(['TD01']);
    expect(await mailsAbout(placed.incrementId)).toEqual([]);
    // The attempt is kept as failed, not as a refund; a second try goes through.
    expect((await refund(placed.incrementId, { all: true, reason: 'Reso' })).status).toBe(200);
  });

  it('refunds once when two tabs refund the same order at once: the other is told (409)', async () => {
    const placed = await paidOrder('stripe', [['RF-PAN', 2]]);
    const answers = await Promise.all([refund(placed.incrementId, { all: true, reason: 'Scheda 1' }), refund(placed.incrementId, { all: true, reason: 'Scheda 2' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const order = await orderRow(placed.incrementId);
    expect(order.refunded_cents).toBe(order.grand_total_cents);
    expect((await documentsOf(placed.incrementId)).map((d) => d.type)).toEqual(['TD01', 'TD04']);
  });
});

describe('a refund left pending by a stopped server', () => {
  it('is finished by the next request with its own key: the provider answers the refund it made, never a second one', async () => {
    const placed = await paidOrder('stripe', [['RF-PAN', 1]]);
    const order = await orderRow(placed.incrementId);
    // The server wrote the pending row and reached Stripe, then stopped before recording the refund.
    const pending = await api.database.db
      .insertInto('order_refund')
      .values({ order_id: order.id, staff_id: null, staff_email: 'owner@bottega-pro.example', state: 'pending', amount_cents: order.grand_total_cents, shipping_cents: 0, fee_cents: 0, lines: JSON.stringify([{ sku: 'RF-PAN', qty: 1, index: 0 }]), whole: true, via: 'provider', provider: 'stripe', reason: 'Reso', created_at: new Date(Date.now() - 600_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sessionId = placed.redirectUrl!.split('/').pop()!;
    const intent = (await stripe().checkout.sessions.retrieve(sessionId)).payment_intent as string;
    const made = await stripe().refunds.create({ payment_intent: intent, amount: order.grand_total_cents, metadata: { order_id: placed.incrementId } }, { idempotencyKey: `refund-it-${placed.incrementId}-${pending.id}` });

    const res = await refund(placed.incrementId, { lines: [{ sku: 'RF-PAN', qty: 1 }], reason: 'Altro' });
    expect(res.status).toBe(409);
    expect(res.body.result).toBe(M.refundResumed.replace('{amount}', formatPrice(order.grand_total_cents)));
    const row = await api.database.db.selectFrom('order_refund').selectAll().where('id', '=', pending.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'done', provider_reference: made.id, credit_note_id: expect.any(Number) });
    expect(await orderRow(placed.incrementId)).toMatchObject({ status: 'closed', payment_status: 'refunded', refunded_cents: order.grand_total_cents });
    expect((await refund(placed.incrementId, { all: true, reason: 'Ancora' })).status).toBe(409);
  });

  it('keeps other refunds out while it is recent (another tab is refunding)', async () => {
    const placed = await paidOrder('stripe', [['RF-PAN', 1]]);
    const order = await orderRow(placed.incrementId);
    await api.database.db
      .insertInto('order_refund')
      .values({ order_id: order.id, staff_id: null, staff_email: 'owner@bottega-pro.example', state: 'pending', amount_cents: 100, shipping_cents: 0, fee_cents: 0, lines: JSON.stringify([]), whole: false, via: 'provider', provider: 'stripe', reason: 'In corso' })
      .execute();
    const res = await refund(placed.incrementId, { all: true, reason: 'Reso' });
    expect(res.status).toBe(409);
    expect(res.body.result).toBe(M.busy);
  });
});
