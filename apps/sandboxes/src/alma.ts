import { createHmac } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { z } from 'zod';
import { deliver, FAIL_NEXT_REFUND_PATH, formFields, randomId, redirect, router, sendJson, type Handler, type SandboxRequest } from './http.ts';
import { approvalPage, euros, messagePage, sendHtml } from './page.ts';
import { createPaymentRequest, eligibilityRequest, refundRequest, type payment as paymentShape } from './reference/alma.ts';

type Payment = z.infer<typeof paymentShape> & {
  return_url: string;
  failure_return_url: string;
  customer_cancel_url: string;
  ipn_callback_url: string;
  created: number;
};

export interface AlmaSandboxOptions {
  apiKey: string;
  publicUrl(): string;
  /** Plans the merchant account has (Alma's default Italian offer: 1 to 4 instalments). */
  plans?: readonly number[];
  /** Amount limits in cents (Alma's usual 50–3,000 EUR). */
  minimumCents?: number;
  maximumCents?: number;
  now?: () => number;
  log?: (line: string) => void;
}

const DAY = 86_400;

/** Splits an amount into n instalments due monthly; the first takes the odd cents. */
function schedule(total: number, count: number, start: number) {
  const part = Math.floor(total / count);
  return Array.from({ length: count }, (_, index) => {
    const amount = index === 0 ? total - part * (count - 1) : part;
    return { due_date: start + index * 30 * DAY, purchase_amount: amount, customer_fee: 0, total_amount: amount };
  });
}

/** The IPN signature: hex HMAC-SHA256 of the payment id, keyed with the API key. */
export const almaSignature = (pid: string, apiKey: string) => createHmac('sha256', apiKey).update(pid).digest('hex');

/**
 * Alma, the part the shop uses: eligibility, payment creation and reading, cancel; the hosted
 * instalment page (pay the first instalment, a refusal, cancel); the signed IPN call; refunds of
 * a running or paid payment, never above what is left (a refund's merchant_reference sent again
 * answers the payment with that refund, not a second one).
 */
export function almaSandbox(options: AlmaSandboxOptions): Handler {
  const now = () => Math.floor((options.now ?? Date.now)() / 1000);
  const log = options.log ?? (() => {});
  const plans = options.plans ?? [1, 2, 3, 4];
  const minimum = options.minimumCents ?? 5_000;
  const maximum = options.maximumCents ?? 300_000;
  const payments = new Map<string, Payment>();
  let failNextRefund = false;

  const authorized = (req: SandboxRequest, res: ServerResponse) => {
    if (req.headers.authorization === `Alma-Auth ${options.apiKey}`) return true;
    sendJson(res, 401, { error_code: 'unauthorized', message: 'Invalid API key' });
    return false;
  };

  const json = (req: SandboxRequest): unknown => {
    try {
      return JSON.parse(req.body);
    } catch {
      return undefined;
    }
  };

  const eligibility = (amount: number, count: number, deferredDays: number, deferredMonths: number) => {
    const query = { installments_count: count, deferred_days: deferredDays, deferred_months: deferredMonths };
    if (!plans.includes(count) || amount < minimum || amount > maximum) {
      return { ...query, eligible: false as const, reasons: { purchase_amount: amount < minimum ? 'too_low' : amount > maximum ? 'too_high' : 'plan_not_available' }, constraints: { purchase_amount: { minimum, maximum } } };
    }
    return { ...query, eligible: true as const, customer_fee: 0, annual_interest_rate: 0, payment_plan: schedule(amount, count, now()) };
  };

  const page = (payment: Payment) =>
    approvalPage({
      provider: 'Alma',
      title: `Pagamento in ${payment.installments_count} rate`,
      details: [
        `Totale: ${euros(payment.purchase_amount)}`,
        ...payment.payment_plan.map((p, index) => `Rata ${index + 1}: ${euros(p.total_amount)} il ${new Date(p.due_date * 1000).toLocaleDateString('it-IT')}`),
      ],
      action: `/pay/${payment.id}`,
      choices: [
        { action: 'approve', label: `Paga la prima rata (${euros(payment.payment_plan[0]!.total_amount)})`, primary: true },
        { action: 'decline', label: 'Simula un pagamento rifiutato' },
        { action: 'cancel', label: 'Annulla e torna al negozio' },
      ],
    });

  return router({
    'POST /v2/payments/eligibility': (req, res) => {
      if (!authorized(req, res)) return;
      const parsed = eligibilityRequest.safeParse(json(req));
      if (!parsed.success) return sendJson(res, 400, { error_code: 'validation_error', message: parsed.error.issues[0]!.message, errors: parsed.error.issues });
      const { purchase_amount: amount, queries } = parsed.data;
      const asked = queries ?? plans.map((count) => ({ installments_count: count, deferred_days: 0, deferred_months: 0 }));
      sendJson(res, 200, asked.map((q) => eligibility(amount, q.installments_count, q.deferred_days, q.deferred_months)));
    },
    'POST /v1/payments': (req, res) => {
      if (!authorized(req, res)) return;
      const parsed = createPaymentRequest.safeParse(json(req));
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return sendJson(res, 400, { error_code: 'validation_error', message: `${issue.path.join('.')}: ${issue.message}` });
      }
      const p = parsed.data.payment;
      const plan = eligibility(p.purchase_amount, p.installments_count, p.deferred_days ?? 0, p.deferred_months ?? 0);
      if (!plan.eligible) return sendJson(res, 400, { error_code: 'not_eligible', message: 'Payment plan not eligible', reasons: plan.reasons });
      const id = randomId('payment_', 10);
      const payment: Payment = {
        id,
        url: `${options.publicUrl()}/pay/${id}`,
        state: 'not_started',
        purchase_amount: p.purchase_amount,
        installments_count: p.installments_count,
        kind: `P${p.installments_count}X`,
        custom_data: p.custom_data ?? null,
        orders: parsed.data.order ? [{ merchant_reference: parsed.data.order.merchant_reference }] : [],
        payment_plan: plan.payment_plan.map((entry) => ({ ...entry, state: 'pending' })),
        return_url: p.return_url,
        failure_return_url: p.failure_return_url,
        customer_cancel_url: p.customer_cancel_url,
        ipn_callback_url: p.ipn_callback_url,
        created: now(),
      };
      payments.set(id, payment);
      sendJson(res, 200, payment);
    },
    'GET /v1/payments/:id': (req, res, [id]) => {
      if (!authorized(req, res)) return;
      const payment = payments.get(id!);
      if (!payment) return sendJson(res, 404, { error_code: 'not_found', message: `Payment ${id} not found` });
      sendJson(res, 200, payment);
    },
    'PUT /v1/payments/:id/cancel': (req, res, [id]) => {
      if (!authorized(req, res)) return;
      const payment = payments.get(id!);
      if (!payment) return sendJson(res, 404, { error_code: 'not_found', message: `Payment ${id} not found` });
      if (payment.state !== 'not_started') return sendJson(res, 400, { error_code: 'invalid_state', message: `Payment in state ${payment.state} cannot be cancelled` });
      payment.state = 'canceled';
      sendJson(res, 200, payment);
    },
    'POST /v1/payments/:id/refund': (req, res, [id]) => {
      if (!authorized(req, res)) return;
      const payment = payments.get(id!);
      if (!payment) return sendJson(res, 404, { error_code: 'not_found', message: `Payment ${id} not found` });
      const parsed = refundRequest.safeParse(json(req) ?? {});
      if (!parsed.success) return sendJson(res, 400, { error_code: 'validation_error', message: parsed.error.issues[0]!.message });
      const refunds = (payment.refunds ??= []);
      const reference = parsed.data.merchant_reference;
      if (reference && refunds.some((r) => r.merchant_reference === reference)) return sendJson(res, 200, payment);
      if (payment.state !== 'in_progress' && payment.state !== 'paid') return sendJson(res, 400, { error_code: 'invalid_state', message: `Payment in state ${payment.state} cannot be refunded` });
      const left = payment.purchase_amount - refunds.reduce((sum, r) => sum + r.amount, 0);
      const amount = parsed.data.amount ?? left;
      if (amount > left) return sendJson(res, 400, { error_code: 'invalid_amount', message: `Refund amount ${amount} exceeds the amount left to refund (${left})` });
      if (failNextRefund) {
        failNextRefund = false;
        return sendJson(res, 400, { error_code: 'refund_failed', message: 'The refund could not be processed by the payment processor' });
      }
      refunds.push({ id: randomId('refund_', 10), amount, merchant_reference: reference ?? null, created: now() });
      sendJson(res, 200, payment);
    },
    [`POST ${FAIL_NEXT_REFUND_PATH}`]: (_req, res) => {
      failNextRefund = true;
      sendJson(res, 200, { failNextRefund });
    },
    'GET /pay/:id': (_req, res, [id]) => {
      const payment = payments.get(id!);
      if (!payment) return sendHtml(res, 404, messagePage('Alma', 'Pagamento non trovato', 'Questo pagamento non esiste.'));
      if (payment.state !== 'not_started') return sendHtml(res, 410, messagePage('Alma', 'Pagamento non più attivo', 'Questo pagamento è già stato concluso o annullato.'));
      sendHtml(res, 200, page(payment));
    },
    'POST /pay/:id': async (req, res, [id]) => {
      const payment = payments.get(id!);
      if (!payment || payment.state !== 'not_started') return sendHtml(res, 410, messagePage('Alma', 'Pagamento non più attivo', 'Questo pagamento è già stato concluso o annullato.'));
      const back = (url: string) => `${url}${url.includes('?') ? '&' : '?'}pid=${encodeURIComponent(payment.id)}`;
      const action = formFields(req.body).get('action');
      if (action === 'cancel') return redirect(res, back(payment.customer_cancel_url));
      if (action === 'decline') {
        payment.state = 'scored_no';
        return redirect(res, back(payment.failure_return_url));
      }
      // The first instalment is paid: the plan runs (`in_progress`), or is done for one instalment.
      payment.payment_plan[0]!.state = 'paid';
      payment.state = payment.installments_count === 1 ? 'paid' : 'in_progress';
      await deliver(
        () => fetch(back(payment.ipn_callback_url), { headers: { 'x-alma-signature': almaSignature(payment.id, options.apiKey) } }),
        (line) => log(`alma ipn: ${line}`),
      );
      redirect(res, back(payment.return_url));
    },
  });
}
