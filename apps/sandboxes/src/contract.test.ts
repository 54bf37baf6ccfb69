import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAIL_NEXT_REFUND_PATH, sandboxCredentials, startSandboxes, type RunningSandboxes } from './index.ts';
import * as alma from './reference/alma.ts';
import * as paypal from './reference/paypal.ts';
import * as stripe from './reference/stripe.ts';

/*
 * Contract tests: each sandbox against the provider's request and answer shapes of
 * ../shared/reference/integrations-security-legal.md §1 (the reference/*.ts schemas, written
 * from the providers' documentation). The requests here are the documented ones, not our
 * adapters', so a sandbox cannot drift into agreeing with a wrong adapter.
 */

const credentials = sandboxCredentials('contract');
let sandboxes: RunningSandboxes;
let receiver: Server;
const received: { headers: Record<string, string | string[] | undefined>; body: string; url: string }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString(), url: req.url ?? '' });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  sandboxes = await startSandboxes({ credentials, stripeWebhookUrl: () => `${hook}/stripe` });
});
afterAll(async () => {
  await sandboxes?.stop();
  receiver?.close();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** The sandboxes' failure switch: the next refund call fails as the provider's would. */
const failNextRefund = async (base: string) => expect((await fetch(`${base}${FAIL_NEXT_REFUND_PATH}`, { method: 'POST' })).status).toBe(200);

async function approve(pageUrl: string, action = 'approve') {
  const page = await (await fetch(pageUrl)).text();
  const target = /<form method="post" action="([^"]+)"/.exec(page)![1]!.replaceAll('&amp;', '&');
  return fetch(new URL(target, pageUrl), { method: 'POST', body: new URLSearchParams({ action }), redirect: 'manual' });
}

describe('Stripe sandbox', () => {
  const auth = { authorization: `Bearer ${credentials.stripe.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' };
  const session = (extra: Record<string, string> = {}) =>
    form({
      mode: 'payment',
      success_url: 'https://shop.example/thank-you?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://shop.example/payment-cancelled',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '12200',
      'line_items[0][price_data][product_data][name]': 'Ordine 000000001',
      'metadata[order_id]': '000000001',
      client_reference_id: '000000001',
      ...extra,
    });

  it('creates a Checkout Session in Stripe\'s shape and signs the completed webhook as Stripe does', async () => {
    const res = await fetch(`${sandboxes.urls.stripe}/v1/checkout/sessions`, { method: 'POST', headers: auth, body: session() });
    expect(res.status).toBe(200);
    const created = stripe.checkoutSession.parse(await res.json());
    expect(created).toMatchObject({ amount_total: 12200, status: 'open', payment_status: 'unpaid', metadata: { order_id: '000000001' }, livemode: false });

    const back = await approve(created.url!);
    expect(back.headers.get('location')).toBe(`https://shop.example/thank-you?session_id=${created.id}`);
    const delivery = received.find((r) => r.url === '/stripe' && r.body.includes(created.id))!;
    const header = stripe.signatureHeader.parse(delivery.headers['stripe-signature']);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(header)!;
    expect(v1).toBe(createHmac('sha256', credentials.stripe.webhookSecret).update(`${t}.${delivery.body}`).digest('hex'));
    expect(stripe.event.parse(JSON.parse(delivery.body))).toMatchObject({ type: 'checkout.session.completed', data: { object: { id: created.id, payment_status: 'paid', status: 'complete' } } });
  });

  it('refuses what Stripe refuses: no key, amounts that are not integer cents, a reused idempotency key with other parameters', async () => {
    expect((await fetch(`${sandboxes.urls.stripe}/v1/checkout/sessions`, { method: 'POST', body: session() })).status).toBe(401);
    const decimal = await fetch(`${sandboxes.urls.stripe}/v1/checkout/sessions`, { method: 'POST', headers: auth, body: session({ 'line_items[0][price_data][unit_amount]': '122.00' }) });
    expect(decimal.status).toBe(400);
    expect(stripe.errorAnswer.parse(await decimal.json()).error.type).toBe('invalid_request_error');
    const headers = { ...auth, 'idempotency-key': 'contract-key' };
    const first = stripe.checkoutSession.parse(await (await fetch(`${sandboxes.urls.stripe}/v1/checkout/sessions`, { method: 'POST', headers, body: session() })).json());
    const again = stripe.checkoutSession.parse(await (await fetch(`${sandboxes.urls.stripe}/v1/checkout/sessions`, { method: 'POST', headers, body: session() })).json());
    expect(again.id).toBe(first.id);
    const other = await fetch(`${sandboxes.urls.stripe}/v1/checkout/sessions`, { method: 'POST', headers, body: session({ 'line_items[0][price_data][unit_amount]': '100' }) });
    expect(stripe.errorAnswer.parse(await other.json()).error.type).toBe('idempotency_error');
  });
});

describe('Stripe sandbox refunds', () => {
  const auth = { authorization: `Bearer ${credentials.stripe.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' };
  const post = (path: string, fields: Record<string, string>, key?: string) =>
    fetch(`${sandboxes.urls.stripe}${path}`, { method: 'POST', headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}) }, body: form(fields) });

  async function paidIntent(cents: number) {
    const created = stripe.checkoutSession.parse(
      await (
        await post('/v1/checkout/sessions', {
          mode: 'payment',
          success_url: 'https://shop.example/thank-you?session_id={CHECKOUT_SESSION_ID}',
          cancel_url: 'https://shop.example/payment-cancelled',
          'line_items[0][quantity]': '1',
          'line_items[0][price_data][currency]': 'eur',
          'line_items[0][price_data][unit_amount]': String(cents),
          'line_items[0][price_data][product_data][name]': 'Ordine 000000009',
        })
      ).json(),
    );
    await approve(created.url!);
    const read = stripe.checkoutSession.parse(await (await fetch(`${sandboxes.urls.stripe}/v1/checkout/sessions/${created.id}`, { headers: auth })).json());
    return read.payment_intent!;
  }

  it('refunds part of a paid PaymentIntent in Stripe\'s shape, once per Idempotency-Key, never above what is left', async () => {
    const intent = await paidIntent(12200);
    const request = { payment_intent: intent, amount: '2000', 'metadata[order_id]': '000000009' };
    expect(stripe.createRefundForm.safeParse(request).success).toBe(true);
    const res = await post('/v1/refunds', request, 'refund-1');
    expect(res.status).toBe(200);
    const first = stripe.refund.parse(await res.json());
    expect(first).toMatchObject({ amount: 2000, currency: 'eur', payment_intent: intent, status: 'succeeded', metadata: { order_id: '000000009' } });
    const again = await post('/v1/refunds', request, 'refund-1');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(stripe.refund.parse(await again.json()).id).toBe(first.id);
    const other = await post('/v1/refunds', { ...request, amount: '100' }, 'refund-1');
    expect(stripe.errorAnswer.parse(await other.json()).error.type).toBe('idempotency_error');

    const tooMuch = await post('/v1/refunds', { payment_intent: intent, amount: '10201' }, 'refund-2');
    expect(tooMuch.status).toBe(400);
    expect(stripe.errorAnswer.parse(await tooMuch.json()).error).toMatchObject({ type: 'invalid_request_error', code: 'amount_too_large' });
    // No amount: what is left.
    const rest = stripe.refund.parse(await (await post('/v1/refunds', { payment_intent: intent }, 'refund-3')).json());
    expect(rest.amount).toBe(10200);
    expect(stripe.refund.parse(await (await fetch(`${sandboxes.urls.stripe}/v1/refunds/${rest.id}`, { headers: auth })).json()).id).toBe(rest.id);
    const none = await post('/v1/refunds', { payment_intent: intent, amount: '1' }, 'refund-4');
    expect(stripe.errorAnswer.parse(await none.json()).error.code).toBe('charge_already_refunded');
  });

  it('fails the next refund when switched to, as Stripe does when the balance is too low; then refunds again', async () => {
    const intent = await paidIntent(5000);
    await failNextRefund(sandboxes.urls.stripe);
    const failed = await post('/v1/refunds', { payment_intent: intent, amount: '1000' }, 'refund-fail-1');
    expect(failed.status).toBe(400);
    expect(stripe.errorAnswer.parse(await failed.json()).error.code).toBe('balance_insufficient');
    expect((await post('/v1/refunds', { payment_intent: intent, amount: '1000' }, 'refund-fail-2')).status).toBe(200);
    expect((await post('/v1/refunds', { payment_intent: 'pi_unknown', amount: '1000' })).status).toBe(404);
  });
});

describe('Alma sandbox', () => {
  const headers = { authorization: `Alma-Auth ${credentials.alma.apiKey}`, 'content-type': 'application/json' };

  it('answers eligibility in Alma\'s shape for the documented request', async () => {
    const body = { purchase_amount: 45000, queries: [{ installments_count: 3, deferred_days: 0, deferred_months: 0 }], origin: 'online', billing_address: { country: 'IT' } };
    const plans = alma.eligibilityAnswer.parse(await (await fetch(`${sandboxes.urls.alma}/v2/payments/eligibility`, { method: 'POST', headers, body: JSON.stringify(body) })).json());
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ eligible: true, installments_count: 3 });
    const plan = plans[0] as Extract<(typeof plans)[number], { eligible: true }>;
    expect(plan.payment_plan.reduce((sum, p) => sum + p.purchase_amount, 0)).toBe(45000);
    const tooSmall = alma.eligibilityAnswer.parse(await (await fetch(`${sandboxes.urls.alma}/v2/payments/eligibility`, { method: 'POST', headers, body: JSON.stringify({ ...body, purchase_amount: 999 }) })).json());
    expect(tooSmall[0]).toMatchObject({ eligible: false, constraints: { purchase_amount: { minimum: expect.any(Number) } } });
  });

  it('creates a payment, pays it on the hosted page and calls the IPN signed with the API key', async () => {
    const request = {
      payment: {
        purchase_amount: 45000,
        installments_count: 3,
        locale: 'it',
        origin: 'online',
        return_url: 'https://shop.example/instalment-return',
        failure_return_url: 'https://shop.example/payment-cancelled?reason=failed',
        customer_cancel_url: 'https://shop.example/payment-cancelled',
        ipn_callback_url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ipn`,
        custom_data: { quote_id: 7 },
        billing_address: { first_name: 'Mario', last_name: 'Rossi', email: 'm@example.it', line1: 'Via Roma 1', postal_code: '20121', city: 'Milano', country: 'IT' },
      },
      order: { merchant_reference: '000000002' },
    };
    expect(alma.createPaymentRequest.safeParse(request).success).toBe(true);
    const created = alma.payment.parse(await (await fetch(`${sandboxes.urls.alma}/v1/payments`, { method: 'POST', headers, body: JSON.stringify(request) })).json());
    expect(created).toMatchObject({ purchase_amount: 45000, installments_count: 3, kind: 'P3X', orders: [{ merchant_reference: '000000002' }] });
    const back = await approve(created.url);
    expect(back.headers.get('location')).toBe(`https://shop.example/instalment-return?pid=${created.id}`);
    const ipn = received.find((r) => r.url === `/ipn?pid=${created.id}`)!;
    expect(alma.ipnSignature.parse(ipn.headers['x-alma-signature'])).toBe(createHmac('sha256', credentials.alma.apiKey).update(created.id).digest('hex'));
    const read = alma.payment.parse(await (await fetch(`${sandboxes.urls.alma}/v1/payments/${created.id}`, { headers })).json());
    expect(read.state).toBe('in_progress');
    expect(read.payment_plan[0]!.state).toBe('paid');
  });

  it('refuses a payment without the URLs and origin Alma requires', async () => {
    const res = await fetch(`${sandboxes.urls.alma}/v1/payments`, { method: 'POST', headers, body: JSON.stringify({ payment: { purchase_amount: 45000, installments_count: 3 } }) });
    expect(res.status).toBe(400);
    expect((await fetch(`${sandboxes.urls.alma}/v1/payments/payment_x`, { headers: { authorization: 'Alma-Auth sk_test_other' } })).status).toBe(401);
  });
});

describe('Alma sandbox refunds', () => {
  const headers = { authorization: `Alma-Auth ${credentials.alma.apiKey}`, 'content-type': 'application/json' };
  const refund = (id: string, body: object) => fetch(`${sandboxes.urls.alma}/v1/payments/${id}/refund`, { method: 'POST', headers, body: JSON.stringify(body) });

  it('refunds part of a running payment, answers the payment with its refunds, once per merchant_reference, never above what is left', async () => {
    const request = {
      payment: {
        purchase_amount: 30000,
        installments_count: 3,
        locale: 'it',
        origin: 'online',
        return_url: 'https://shop.example/instalment-return',
        failure_return_url: 'https://shop.example/payment-cancelled?reason=failed',
        customer_cancel_url: 'https://shop.example/payment-cancelled',
        ipn_callback_url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ipn`,
      },
      order: { merchant_reference: '000000010' },
    };
    const created = alma.payment.parse(await (await fetch(`${sandboxes.urls.alma}/v1/payments`, { method: 'POST', headers, body: JSON.stringify(request) })).json());
    const early = await refund(created.id, { amount: 100 });
    expect(early.status).toBe(400);
    await approve(created.url);

    const body = { amount: 5000, merchant_reference: 'refund-1' };
    expect(alma.refundRequest.safeParse(body).success).toBe(true);
    const first = alma.payment.parse(await (await refund(created.id, body)).json());
    expect(first.refunds).toEqual([expect.objectContaining({ amount: 5000, merchant_reference: 'refund-1' })]);
    const again = alma.payment.parse(await (await refund(created.id, body)).json());
    expect(again.refunds).toHaveLength(1);
    const tooMuch = await refund(created.id, { amount: 25001, merchant_reference: 'refund-2' });
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.json()).toMatchObject({ error_code: 'invalid_amount' });

    await failNextRefund(sandboxes.urls.alma);
    const failed = await refund(created.id, { amount: 1000, merchant_reference: 'refund-3' });
    expect(failed.status).toBe(400);
    expect(alma.payment.parse(await (await refund(created.id, { amount: 1000, merchant_reference: 'refund-3' })).json()).refunds).toHaveLength(2);
  });
});

describe('PayPal sandbox', () => {
  async function token() {
    const basic = Buffer.from(`${credentials.paypal.clientId}:${credentials.paypal.clientSecret}`).toString('base64');
    const res = await fetch(`${sandboxes.urls.paypal}/v1/oauth2/token`, { method: 'POST', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
    return paypal.tokenAnswer.parse(await res.json()).access_token;
  }
  const order = (value: string, itemTotal = value) => ({
    intent: 'CAPTURE',
    purchase_units: [{ reference_id: '000000003', custom_id: '000000003', amount: { currency_code: 'EUR', value, breakdown: { item_total: { currency_code: 'EUR', value: itemTotal } } } }],
    payment_source: { paypal: { experience_context: { locale: 'it-IT', return_url: 'https://shop.example/thank-you', cancel_url: 'https://shop.example/payment-cancelled' } } },
  });

  it('creates (idempotently), approves and captures an order in the Orders v2 shapes', async () => {
    const headers = { authorization: `Bearer ${await token()}`, 'content-type': 'application/json', 'paypal-request-id': 'contract-1' };
    const created = paypal.order.parse(await (await fetch(`${sandboxes.urls.paypal}/v2/checkout/orders`, { method: 'POST', headers, body: JSON.stringify(order('122.00')) })).json());
    const again = paypal.order.parse(await (await fetch(`${sandboxes.urls.paypal}/v2/checkout/orders`, { method: 'POST', headers, body: JSON.stringify(order('122.00')) })).json());
    expect(again.id).toBe(created.id);
    const approveLink = created.links.find((l) => l.rel === 'payer-action')!.href;
    expect((await approve(approveLink)).headers.get('location')).toBe(`https://shop.example/thank-you?token=${created.id}&PayerID=SANDBOXPAYER1`);
    const capture = await fetch(`${sandboxes.urls.paypal}/v2/checkout/orders/${created.id}/capture`, { method: 'POST', headers: { ...headers, 'paypal-request-id': 'contract-capture' }, body: '{}' });
    expect(capture.status).toBe(201);
    const captured = paypal.capturedOrder.parse(await capture.json());
    expect(captured.purchase_units[0]!.payments.captures[0]).toMatchObject({ status: 'COMPLETED', amount: { value: '122.00' }, custom_id: '000000003', final_capture: true });
    const twice = await fetch(`${sandboxes.urls.paypal}/v2/checkout/orders/${created.id}/capture`, { method: 'POST', headers: { ...headers, 'paypal-request-id': 'contract-capture-2' }, body: '{}' });
    expect(paypal.errorAnswer.parse(await twice.json()).details![0]!.issue).toBe('ORDER_ALREADY_CAPTURED');
  });

  it('offers the guest card form unless the order asks for the PayPal sign-in (landing_page LOGIN), and checks the experience enums', async () => {
    const headers = { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' };
    const create = async (experience: Record<string, unknown>) => {
      const body = order('50.00');
      body.payment_source.paypal.experience_context = { ...body.payment_source.paypal.experience_context, ...experience };
      return fetch(`${sandboxes.urls.paypal}/v2/checkout/orders`, { method: 'POST', headers, body: JSON.stringify(body) });
    };
    const pageOf = async (res: Response) => {
      const link = paypal.order.parse(await res.json()).links.find((l) => l.rel === 'payer-action')!.href;
      return { link, html: await (await fetch(link)).text() };
    };
    const open = await pageOf(await create({}));
    expect(open.html).toContain('value="guest-card"');
    const guest = await approve(open.link, 'guest-card');
    expect(guest.status).toBe(303);
    const orderId = new URL(open.link).searchParams.get('token');
    const read = (await (await fetch(`${sandboxes.urls.paypal}/v2/checkout/orders/${orderId}`, { headers })).json()) as { payment_source?: object };
    expect(read.payment_source).toHaveProperty('card');

    const login = await pageOf(await create({ landing_page: 'LOGIN', payment_method_preference: 'IMMEDIATE_PAYMENT_REQUIRED' }));
    expect(login.html).not.toContain('value="guest-card"');
    expect(login.html).toContain('Accedi a PayPal');
    expect(login.html).toContain('solo pagamenti immediati');
    const forced = await fetch(login.link, { method: 'POST', body: new URLSearchParams({ action: 'guest-card' }), redirect: 'manual' });
    expect(forced.status).toBe(400);

    const wrong = await create({ landing_page: 'BILLING' });
    expect(wrong.status).toBe(400);
    expect(paypal.errorAnswer.parse(await wrong.json()).details![0]!.issue).toBe('INVALID_PARAMETER_VALUE');
    expect((await create({ payment_method_preference: 'IMMEDIATE' })).status).toBe(400);
  });

  it('answers 422 when the breakdown does not add up, and 401 without a token', async () => {
    const headers = { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' };
    const res = await fetch(`${sandboxes.urls.paypal}/v2/checkout/orders`, { method: 'POST', headers, body: JSON.stringify(order('122.00', '121.99')) });
    expect(res.status).toBe(422);
    expect(paypal.errorAnswer.parse(await res.json()).details![0]!.issue).toBe('AMOUNT_MISMATCH');
    expect((await fetch(`${sandboxes.urls.paypal}/v2/checkout/orders`, { method: 'POST', body: JSON.stringify(order('1.00')) })).status).toBe(401);
  });
});

describe('PayPal sandbox refunds', () => {
  async function capturedOrder(value: string) {
    const basic = Buffer.from(`${credentials.paypal.clientId}:${credentials.paypal.clientSecret}`).toString('base64');
    const token = paypal.tokenAnswer.parse(await (await fetch(`${sandboxes.urls.paypal}/v1/oauth2/token`, { method: 'POST', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' })).json()).access_token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const body = {
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: '000000011', amount: { currency_code: 'EUR', value } }],
      payment_source: { paypal: { experience_context: { return_url: 'https://shop.example/thank-you', cancel_url: 'https://shop.example/payment-cancelled' } } },
    };
    const created = paypal.order.parse(await (await fetch(`${sandboxes.urls.paypal}/v2/checkout/orders`, { method: 'POST', headers, body: JSON.stringify(body) })).json());
    await approve(created.links.find((l) => l.rel === 'payer-action')!.href);
    const captured = paypal.capturedOrder.parse(await (await fetch(`${sandboxes.urls.paypal}/v2/checkout/orders/${created.id}/capture`, { method: 'POST', headers, body: '{}' })).json());
    return { headers, orderId: created.id, captureId: captured.purchase_units[0]!.payments.captures[0]!.id };
  }

  it('refunds part of a capture in the Payments v2 shape, once per PayPal-Request-Id, never above what is left', async () => {
    const { headers, orderId, captureId } = await capturedOrder('122.00');
    const refund = (body: object, requestId: string) =>
      fetch(`${sandboxes.urls.paypal}/v2/payments/captures/${captureId}/refund`, { method: 'POST', headers: { ...headers, 'paypal-request-id': requestId }, body: JSON.stringify(body) });
    const body = { amount: { currency_code: 'EUR', value: '20.00' }, invoice_id: '000000011' };
    expect(paypal.refundRequest.safeParse(body).success).toBe(true);
    const res = await refund(body, 'refund-1');
    expect(res.status).toBe(201);
    const first = paypal.refund.parse(await res.json());
    expect(first).toMatchObject({ status: 'COMPLETED', amount: { value: '20.00' } });
    expect(paypal.refund.parse(await (await refund(body, 'refund-1')).json()).id).toBe(first.id);
    const read = paypal.capturedOrder.parse(await (await fetch(`${sandboxes.urls.paypal}/v2/checkout/orders/${orderId}`, { headers })).json());
    expect(read.purchase_units[0]!.payments.captures[0]!.status).toBe('PARTIALLY_REFUNDED');

    const tooMuch = await refund({ amount: { currency_code: 'EUR', value: '102.01' } }, 'refund-2');
    expect(tooMuch.status).toBe(422);
    expect(paypal.errorAnswer.parse(await tooMuch.json()).details![0]!.issue).toBe('REFUND_AMOUNT_EXCEEDED');
    await failNextRefund(sandboxes.urls.paypal);
    const failed = await refund({ amount: { currency_code: 'EUR', value: '1.00' } }, 'refund-3');
    expect(paypal.errorAnswer.parse(await failed.json()).details![0]!.issue).toBe('REFUND_FAILED_INSUFFICIENT_FUNDS');
    // No amount: what is left; then nothing is.
    expect(paypal.refund.parse(await (await refund({}, 'refund-4')).json()).amount.value).toBe('102.00');
    expect(paypal.errorAnswer.parse(await (await refund({}, 'refund-5')).json()).details![0]!.issue).toBe('CAPTURE_FULLY_REFUNDED');
    expect((await fetch(`${sandboxes.urls.paypal}/v2/payments/captures/NOPE/refund`, { method: 'POST', headers, body: '{}' })).status).toBe(404);
  });
});
