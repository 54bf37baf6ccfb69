import { createHash, createHmac } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { z } from 'zod';
import { deliver, FAIL_NEXT_REFUND_PATH, formFields, randomId, redirect, router, sendJson, type Handler, type SandboxRequest } from './http.ts';
import { approvalPage, euros, messagePage, sendHtml } from './page.ts';
import { createRefundForm, createSessionForm, type checkoutSession, type refund as refundShape } from './reference/stripe.ts';

type Session = z.infer<typeof checkoutSession>;
type Refund = z.infer<typeof refundShape>;

export interface StripeSandboxOptions {
  /** The secret key our adapter must present (Bearer). */
  secretKey: string;
  /** The webhook endpoint registered "in the dashboard", with its signing secret. */
  webhook?: { url: () => string; secret: string };
  /** Where the buyer's browser reaches this sandbox. */
  publicUrl(): string;
  now?: () => number;
  log?: (line: string) => void;
}

const API_VERSION = '2026-10-28.endive';
const MIN_AMOUNT_CENTS = 50;
const unix = (ms: number) => Math.floor(ms / 1000);

function stripeError(res: ServerResponse, status: number, type: string, message: string, code?: string) {
  sendJson(res, status, { error: { type, message, ...(code ? { code } : {}) } });
}

/** The header Stripe signs webhooks with (docs.stripe.com/webhooks#verify-manually). */
export function stripeSignature(payload: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
}

/**
 * Stripe Checkout, the part the shop uses: create, retrieve and expire a session; the hosted
 * payment page (pay, a declined card, cancel); signed `checkout.session.*` webhooks; refunds of a
 * paid session's PaymentIntent (never above what is left of it).
 */
export function stripeSandbox(options: StripeSandboxOptions): Handler {
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  const sessions = new Map<string, Session>();
  const idempotent = new Map<string, { hash: string; status: number; body: unknown }>();
  const refunds = new Map<string, Refund>();
  let failNextRefund = false;

  /** A repeated Idempotency-Key answers the first answer; with other parameters, Stripe's idempotency_error. True when answered. */
  const replayed = (req: SandboxRequest, res: ServerResponse, scope: string) => {
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string') return false;
    const earlier = idempotent.get(`${scope}:${key}`);
    if (!earlier) return false;
    if (earlier.hash !== createHash('sha256').update(req.body).digest('hex')) {
      stripeError(res, 400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
    } else {
      sendJson(res, earlier.status, earlier.body, { 'idempotent-replayed': 'true' });
    }
    return true;
  };
  const remember = (req: SandboxRequest, scope: string, status: number, body: unknown) => {
    const key = req.headers['idempotency-key'];
    if (typeof key === 'string') idempotent.set(`${scope}:${key}`, { hash: createHash('sha256').update(req.body).digest('hex'), status, body });
  };

  const authorized = (req: SandboxRequest, res: ServerResponse) => {
    if (req.headers.authorization === `Bearer ${options.secretKey}`) return true;
    stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');
    return false;
  };

  const notify = async (type: string, session: Session) => {
    if (!options.webhook) return;
    const { secret } = options.webhook;
    const url = options.webhook.url();
    const payload = JSON.stringify({
      id: randomId('evt_test_'),
      object: 'event',
      api_version: API_VERSION,
      created: unix(now()),
      type,
      livemode: false,
      pending_webhooks: 1,
      data: { object: session },
    });
    await deliver(
      () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, secret, unix(now())) }, body: payload }),
      (line) => log(`stripe webhook ${type}: ${line}`),
    );
  };

  /** Open sessions past their expires_at expire, as Stripe's do. */
  const expireDue = async () => {
    for (const session of sessions.values()) {
      if (session.status === 'open' && session.expires_at <= unix(now())) {
        session.status = 'expired';
        session.url = null;
        await notify('checkout.session.expired', session);
      }
    }
  };
  setInterval(() => void expireDue(), 5_000).unref();

  const find = (id: string) => sessions.get(id);

  const page = (session: Session, alert?: string) =>
    approvalPage({
      provider: 'Stripe',
      title: 'Pagamento con carta',
      details: [`Importo: ${euros(session.amount_total)}`, `Riferimento: ${session.client_reference_id ?? session.id}`, 'Carta di prova: 4242 4242 4242 4242'],
      action: `/c/pay/${session.id}`,
      alert,
      choices: [
        { action: 'approve', label: `Paga ${euros(session.amount_total)}`, primary: true },
        { action: 'decline', label: 'Simula una carta rifiutata' },
        { action: 'cancel', label: 'Annulla e torna al negozio' },
      ],
    });

  return router({
    'POST /v1/checkout/sessions': async (req, res) => {
      if (!authorized(req, res)) return;
      if (replayed(req, res, 'sessions')) return;
      const parsed = createSessionForm.safeParse(Object.fromEntries(formFields(req.body)));
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return stripeError(res, 400, 'invalid_request_error', `Invalid request: ${issue.path.join('.')}: ${issue.message}`, 'parameter_invalid');
      }
      const form = parsed.data;
      const amount = Number(form['line_items[0][price_data][unit_amount]']) * Number(form['line_items[0][quantity]']);
      if (amount < MIN_AMOUNT_CENTS) return stripeError(res, 400, 'invalid_request_error', 'The Checkout Session\'s total amount due must add up to at least €0.50 eur', 'amount_too_small');
      const created = unix(now());
      const expiresAt = form.expires_at ? Number(form.expires_at) : created + 24 * 3600;
      if (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600) {
        return stripeError(res, 400, 'invalid_request_error', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'parameter_invalid');
      }
      const id = randomId('cs_test_', 24);
      const metadata = Object.fromEntries([...formFields(req.body)].flatMap(([k, v]) => (/^metadata\[(.+)\]$/.exec(k)?.[1] ? [[/^metadata\[(.+)\]$/.exec(k)![1]!, v]] : [])));
      const session: Session = {
        id,
        object: 'checkout.session',
        amount_total: amount,
        currency: 'eur',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        url: `${options.publicUrl()}/c/pay/${id}`,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        client_reference_id: form.client_reference_id ?? null,
        metadata,
        expires_at: expiresAt,
        created,
        livemode: false,
        payment_intent: null,
      };
      sessions.set(id, session);
      remember(req, 'sessions', 200, session);
      sendJson(res, 200, session);
    },
    'GET /v1/checkout/sessions/:id': (req, res, [id]) => {
      if (!authorized(req, res)) return;
      const session = find(id!);
      if (!session) return stripeError(res, 404, 'invalid_request_error', `No such checkout.session: '${id}'`, 'resource_missing');
      sendJson(res, 200, session);
    },
    'POST /v1/checkout/sessions/:id/expire': async (req, res, [id]) => {
      if (!authorized(req, res)) return;
      const session = find(id!);
      if (!session) return stripeError(res, 404, 'invalid_request_error', `No such checkout.session: '${id}'`, 'resource_missing');
      if (session.status !== 'open') {
        return stripeError(res, 400, 'invalid_request_error', 'Only Checkout Sessions with a status of `open` can be expired.', 'checkout_session_not_open');
      }
      session.status = 'expired';
      session.url = null;
      sendJson(res, 200, session);
      await notify('checkout.session.expired', session);
    },
    'POST /v1/refunds': (req, res) => {
      if (!authorized(req, res) || replayed(req, res, 'refunds')) return;
      const parsed = createRefundForm.safeParse(Object.fromEntries(formFields(req.body)));
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return stripeError(res, 400, 'invalid_request_error', `Invalid request: ${issue.path.join('.')}: ${issue.message}`, 'parameter_invalid');
      }
      const intent = parsed.data.payment_intent;
      const session = [...sessions.values()].find((s) => s.payment_intent === intent);
      if (!session) return stripeError(res, 404, 'invalid_request_error', `No such payment_intent: '${intent}'`, 'resource_missing');
      const refunded = [...refunds.values()].filter((r) => r.payment_intent === intent && r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0);
      const left = session.amount_total - refunded;
      const amount = parsed.data.amount === undefined ? left : Number(parsed.data.amount);
      const answer = (status: number, body: unknown) => {
        remember(req, 'refunds', status, body);
        sendJson(res, status, body);
      };
      if (left === 0) return answer(400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge for payment_intent ${intent} has already been refunded.` } });
      if (amount > left) {
        return answer(400, { error: { type: 'invalid_request_error', code: 'amount_too_large', message: `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${(left / 100).toFixed(2)})` } });
      }
      if (failNextRefund) {
        failNextRefund = false;
        return answer(400, { error: { type: 'invalid_request_error', code: 'balance_insufficient', message: 'You have insufficient funds in your Stripe account for this refund.' } });
      }
      const metadata = Object.fromEntries([...formFields(req.body)].flatMap(([k, v]) => { const m = /^metadata\[(.+)\]$/.exec(k); return m ? [[m[1]!, v]] : []; }));
      const refund: Refund = { id: randomId('re_test_'), object: 'refund', amount, currency: 'eur', payment_intent: intent, status: 'succeeded', reason: parsed.data.reason ?? null, metadata, created: unix(now()) };
      refunds.set(refund.id, refund);
      answer(200, refund);
    },
    'GET /v1/refunds/:id': (req, res, [id]) => {
      if (!authorized(req, res)) return;
      const refund = refunds.get(id!);
      if (!refund) return stripeError(res, 404, 'invalid_request_error', `No such refund: '${id}'`, 'resource_missing');
      sendJson(res, 200, refund);
    },
    [`POST ${FAIL_NEXT_REFUND_PATH}`]: (_req, res) => {
      failNextRefund = true;
      sendJson(res, 200, { failNextRefund });
    },
    'GET /c/pay/:id': (_req, res, [id]) => {
      const session = find(id!);
      if (!session) return sendHtml(res, 404, messagePage('Stripe', 'Pagamento non trovato', 'Questa sessione di pagamento non esiste.'));
      if (session.status !== 'open') return sendHtml(res, 410, messagePage('Stripe', 'Sessione non più attiva', 'Questa sessione di pagamento è scaduta o è già stata pagata.'));
      sendHtml(res, 200, page(session));
    },
    'POST /c/pay/:id': async (req, res, [id]) => {
      const session = find(id!);
      if (!session || session.status !== 'open') return sendHtml(res, 410, messagePage('Stripe', 'Sessione non più attiva', 'Questa sessione di pagamento è scaduta o è già stata pagata.'));
      const action = formFields(req.body).get('action');
      if (action === 'cancel') return redirect(res, session.cancel_url);
      // A declined card stays on the payment page, as on Stripe's: the session is still open.
      if (action === 'decline') return sendHtml(res, 402, page(session, 'La tua carta è stata rifiutata. Prova con un\'altra carta.'));
      session.status = 'complete';
      session.payment_status = 'paid';
      session.url = null;
      session.payment_intent = randomId('pi_test_');
      await notify('checkout.session.completed', session);
      redirect(res, session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id));
    },
  });
}
