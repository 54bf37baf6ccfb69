import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { z } from 'zod';
import { FAIL_NEXT_REFUND_PATH, formFields, redirect, router, sendJson, type Handler, type SandboxRequest } from './http.ts';
import { approvalPage, euros, messagePage, sendHtml } from './page.ts';
import { createOrderRequest, refundRequest } from './reference/paypal.ts';

type OrderRequest = z.infer<typeof createOrderRequest>;

interface Order {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  request: OrderRequest;
  /** The payer approved with an instrument that the capture will decline. */
  declines: boolean;
  /** What the payer approved with: their PayPal account, or a card typed in as a guest. */
  funding?: 'paypal' | 'card';
  capture?: { captures: Capture[] };
}

interface Capture {
  id: string;
  status: 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amount: { currency_code: 'EUR'; value: string };
  custom_id?: string;
  final_capture: boolean;
}

export interface PaypalSandboxOptions {
  clientId: string;
  clientSecret: string;
  publicUrl(): string;
}

const cents = (value: string) => Math.round(Number(value) * 100);
const paypalId = () => randomBytes(9).toString('hex').toUpperCase().slice(0, 17);

function paypalError(res: ServerResponse, status: number, name: string, issue?: string, message = name) {
  sendJson(res, status, { name, message, debug_id: randomBytes(6).toString('hex'), ...(issue ? { details: [{ issue, description: issue }] } : {}) });
}

const decimal = (cents: number) => (cents / 100).toFixed(2);

/**
 * PayPal Orders v2, the part the shop uses: OAuth client credentials, create (PayPal-Request-Id
 * idempotent), read and capture an order; the approval page (approve, an instrument that
 * declines, cancel); Payments v2 capture refunds, never above what is left of the capture.
 */
export function paypalSandbox(options: PaypalSandboxOptions): Handler {
  const tokens = new Set<string>();
  const orders = new Map<string, Order>();
  const byRequestId = new Map<string, { status: number; body: unknown }>();
  const refunded = new Map<string, number>();
  let failNextRefund = false;

  const authorized = (req: SandboxRequest, res: ServerResponse) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (token && tokens.has(token)) return true;
    paypalError(res, 401, 'AUTHENTICATION_FAILURE', undefined, 'Authentication failed due to invalid authentication credentials or a missing Authorization header.');
    return false;
  };

  const links = (order: Order) => [
    { href: `${options.publicUrl()}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
    ...(order.status === 'PAYER_ACTION_REQUIRED' ? [{ href: `${options.publicUrl()}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }] : []),
    ...(order.status === 'APPROVED' ? [{ href: `${options.publicUrl()}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' }] : []),
  ];
  const representation = (order: Order) => ({
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    ...(order.funding === 'card'
      ? { payment_source: { card: { name: 'Ospite di prova', last_digits: '1111', brand: 'VISA' } } }
      : order.funding === 'paypal'
        ? { payment_source: { paypal: { email_address: 'buyer@example.com', account_id: 'SANDBOXPAYER1' } } }
        : {}),
    purchase_units: order.request.purchase_units.map((unit) => ({ ...unit, ...(order.capture ? { payments: order.capture } : {}) })),
    links: links(order),
  });

  /** A repeated PayPal-Request-Id answers what the first request was answered. */
  const replayed = (req: SandboxRequest, res: ServerResponse, scope: string) => {
    const id = req.headers['paypal-request-id'];
    const earlier = typeof id === 'string' ? byRequestId.get(`${scope}:${id}`) : undefined;
    if (earlier) sendJson(res, earlier.status, earlier.body);
    return earlier !== undefined;
  };
  const remember = (req: SandboxRequest, scope: string, status: number, body: unknown) => {
    const id = req.headers['paypal-request-id'];
    if (typeof id === 'string') byRequestId.set(`${scope}:${id}`, { status, body });
  };

  const order = (token: string | null) => (token ? orders.get(token) : undefined);
  const guestCardOffered = (o: Order) => o.request.payment_source.paypal.experience_context.landing_page !== 'LOGIN';
  const total = (o: Order) => o.request.purchase_units[0]!.amount.value;

  return router({
    'POST /v1/oauth2/token': (req, res) => {
      const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      if (formFields(req.body).get('grant_type') !== 'client_credentials') return sendJson(res, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.add(token);
      sendJson(res, 200, { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-SANDBOX', expires_in: 32_400, nonce: randomBytes(8).toString('hex') });
    },
    'POST /v2/checkout/orders': (req, res) => {
      if (!authorized(req, res) || replayed(req, res, 'create')) return;
      let body: unknown;
      try {
        body = JSON.parse(req.body);
      } catch {
        return paypalError(res, 400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON');
      }
      const parsed = createOrderRequest.safeParse(body);
      if (!parsed.success) return paypalError(res, 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      const amount = parsed.data.purchase_units[0]!.amount;
      const b = amount.breakdown;
      if (b) {
        const sum = cents(b.item_total?.value ?? '0') + cents(b.tax_total?.value ?? '0') + cents(b.shipping?.value ?? '0') + cents(b.handling?.value ?? '0') - cents(b.discount?.value ?? '0');
        if (sum !== cents(amount.value)) return paypalError(res, 422, 'UNPROCESSABLE_ENTITY', 'AMOUNT_MISMATCH', 'Should equal item_total + tax_total + shipping + handling - discount.');
      }
      const created: Order = { id: paypalId(), status: 'PAYER_ACTION_REQUIRED', request: parsed.data, declines: false };
      orders.set(created.id, created);
      const answer = { id: created.id, status: created.status, payment_source: { paypal: {} }, links: links(created) };
      remember(req, 'create', 201, answer);
      sendJson(res, 201, answer);
    },
    'GET /v2/checkout/orders/:id': (req, res, [id]) => {
      if (!authorized(req, res)) return;
      const found = orders.get(id!);
      if (!found) return paypalError(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      sendJson(res, 200, representation(found));
    },
    'POST /v2/checkout/orders/:id/capture': (req, res, [id]) => {
      if (!authorized(req, res) || replayed(req, res, `capture:${id}`)) return;
      const found = orders.get(id!);
      if (!found) return paypalError(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (found.status === 'COMPLETED') return paypalError(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
      if (found.status !== 'APPROVED') return paypalError(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
      if (found.declines) {
        const answer = { name: 'UNPROCESSABLE_ENTITY', message: 'The instrument presented was either declined by the processor or bank, or it can\'t be used for this payment.', details: [{ issue: 'INSTRUMENT_DECLINED' }] };
        remember(req, `capture:${id}`, 422, answer);
        return sendJson(res, 422, answer);
      }
      found.status = 'COMPLETED';
      const unit = found.request.purchase_units[0]!;
      found.capture = { captures: [{ id: paypalId(), status: 'COMPLETED', amount: { currency_code: 'EUR', value: unit.amount.value }, custom_id: unit.custom_id, final_capture: true }] };
      const answer = representation(found);
      remember(req, `capture:${id}`, 201, answer);
      sendJson(res, 201, answer);
    },
    'POST /v2/payments/captures/:id/refund': (req, res, [id]) => {
      if (!authorized(req, res) || replayed(req, res, `refund:${id}`)) return;
      const capture = [...orders.values()].flatMap((o) => o.capture?.captures ?? []).find((c) => c.id === id);
      if (!capture) return paypalError(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
      let body: unknown;
      try {
        body = req.body ? JSON.parse(req.body) : {};
      } catch {
        return paypalError(res, 400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON');
      }
      const parsed = refundRequest.safeParse(body);
      if (!parsed.success) return paypalError(res, 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      const answer = (status: number, payload: unknown) => {
        remember(req, `refund:${id}`, status, payload);
        sendJson(res, status, payload);
      };
      const unprocessable = (issue: string, description: string) =>
        answer(422, { name: 'UNPROCESSABLE_ENTITY', message: 'The requested action could not be performed, semantically incorrect, or failed business validation.', debug_id: randomBytes(6).toString('hex'), details: [{ issue, description }] });
      const captured = cents(capture.amount.value);
      const done = refunded.get(capture.id) ?? 0;
      const amount = parsed.data.amount ? cents(parsed.data.amount.value) : captured - done;
      if (done >= captured) return unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
      if (amount > captured - done) return unprocessable('REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.');
      if (failNextRefund) {
        failNextRefund = false;
        return unprocessable('REFUND_FAILED_INSUFFICIENT_FUNDS', 'Capture could not be refunded due to insufficient funds.');
      }
      refunded.set(capture.id, done + amount);
      capture.status = done + amount === captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      const refundId = paypalId();
      answer(201, {
        id: refundId,
        status: 'COMPLETED',
        amount: { currency_code: 'EUR', value: decimal(amount) },
        ...(parsed.data.invoice_id ? { invoice_id: parsed.data.invoice_id } : {}),
        links: [
          { href: `${options.publicUrl()}/v2/payments/refunds/${refundId}`, rel: 'self', method: 'GET' },
          { href: `${options.publicUrl()}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
        ],
      });
    },
    [`POST ${FAIL_NEXT_REFUND_PATH}`]: (_req, res) => {
      failNextRefund = true;
      sendJson(res, 200, { failNextRefund });
    },
    'GET /checkoutnow': (req, res) => {
      const found = order(req.url.searchParams.get('token'));
      if (!found) return sendHtml(res, 404, messagePage('PayPal', 'Pagamento non trovato', 'Questo ordine PayPal non esiste.'));
      if (found.status !== 'PAYER_ACTION_REQUIRED') return sendHtml(res, 410, messagePage('PayPal', 'Ordine non più attivo', 'Questo ordine PayPal è già stato approvato o annullato.'));
      const context = found.request.payment_source.paypal.experience_context;
      sendHtml(
        res,
        200,
        approvalPage({
          provider: 'PayPal',
          title: 'Paga con PayPal',
          details: [
            `Importo: ${euros(cents(total(found)))}`,
            context.landing_page === 'LOGIN' ? 'Accedi a PayPal: conto di prova buyer@example.com' : 'Conto di prova: buyer@example.com',
            ...(context.payment_method_preference === 'IMMEDIATE_PAYMENT_REQUIRED' ? ['Il venditore accetta solo pagamenti immediati.'] : []),
          ],
          action: `/checkoutnow?token=${found.id}`,
          choices: [
            { action: 'approve', label: 'Approva il pagamento', primary: true },
            // PayPal offers the guest card form unless the merchant asked for its sign-in page.
            ...(guestCardOffered(found) ? [{ action: 'guest-card', label: 'Paga con una carta di debito o di credito senza conto PayPal' }] : []),
            { action: 'decline', label: 'Approva con uno strumento che verrà rifiutato' },
            { action: 'cancel', label: 'Annulla e torna al negozio' },
          ],
        }),
      );
    },
    'POST /checkoutnow': (req, res) => {
      const found = order(req.url.searchParams.get('token'));
      if (!found || found.status !== 'PAYER_ACTION_REQUIRED') return sendHtml(res, 410, messagePage('PayPal', 'Ordine non più attivo', 'Questo ordine PayPal è già stato approvato o annullato.'));
      const context = found.request.payment_source.paypal.experience_context;
      const back = (url: string, extra = '') => `${url}${url.includes('?') ? '&' : '?'}token=${found.id}${extra}`;
      const action = formFields(req.body).get('action');
      if (action === 'cancel') return redirect(res, back(context.cancel_url));
      if (action === 'guest-card' && !guestCardOffered(found)) return sendHtml(res, 400, messagePage('PayPal', 'Carta non accettata', 'Il venditore chiede di pagare con un conto PayPal.'));
      found.status = 'APPROVED';
      found.declines = action === 'decline';
      found.funding = action === 'guest-card' ? 'card' : 'paypal';
      redirect(res, back(context.return_url, '&PayerID=SANDBOXPAYER1'));
    },
  });
}
