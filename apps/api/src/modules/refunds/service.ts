import { ADMIN_ORDER_MESSAGES as M, orderView, type AdminRefund, type OrderView, type PaymentStatus, type RefundBody } from '@shop/contracts';
import { findOrder, findOrderById, findPayment, findRefunds, insertRefund, jsonb, lockOrderNoWait, settleRefund, type Db, type OrderRow, type RefundRow } from '@shop/db';
import { formatMessage, formatPrice, fromCents, isValidIban, normaliseIban } from '@shop/domain';
import { HttpError } from '../../http/errors.ts';
import type { Logger } from '../../http/router.ts';
import { recordAudit, type AuditActor } from '../admin/audit.ts';
import { CreditRefused } from '../invoices/document.ts';
import type { InvoiceService } from '../invoices/service.ts';
import { enqueueMail, type MailDispatcher } from '../mail/outbox.ts';
import { ProviderUnavailableError } from '../payments/provider-http.ts';
import { RefundRefused, type OnlinePaymentProvider, type PaymentRegistry } from '../payments/provider.ts';
import { creditedBy, planRefund, refundTooMuch, type RefundPlan } from './plan.ts';

/** What the cancel action asks of a paid order: everything back (port of admin-orders/refunds-port.ts). */
export interface WholeRefund {
  reason: string;
  /** The buyer's IBAN, required for a bank transfer or cash on delivery. */
  iban?: string | undefined;
  staff: AuditActor;
}

export interface RefundServiceOptions {
  storeCode: string;
  now?: () => Date;
  logger?: Pick<Logger, 'error'>;
}

/** The providers as the seller knows them, for the Italian messages. */
const PROVIDER_NAMES: Readonly<Record<string, string>> = { stripe: 'Stripe', paypal_express: 'PayPal', almapay: 'Alma' };

/** How the refusal of a refund names an order's payment state. */
const PAYMENT_STATES: Readonly<Record<PaymentStatus, string>> = {
  pending: 'in attesa di pagamento',
  paid: 'pagato',
  canceled: 'annullato',
  expired: 'scaduto',
  partially_refunded: 'rimborsato in parte',
  refunded: 'rimborsato',
};

const REFUNDABLE: readonly PaymentStatus[] = ['paid', 'partially_refunded'];

/** A pending refund older than this was left by a stopped server (a provider answers within 2 × 10 s). */
const STALE_PENDING_MS = 120_000;

/** The request a pending refund was made of, to work it out again when it is finished later. */
const requestOf = (row: RefundRow): RefundBody => ({
  all: row.whole,
  lines: row.whole ? [] : row.lines.map(({ sku, qty }) => ({ sku, qty })),
  shippingCents: row.whole ? 0 : row.shipping_cents,
  feeCents: row.whole ? 0 : row.fee_cents,
  reason: row.reason,
});

/** The order page's view of a refund. */
export function presentRefund(row: RefundRow): AdminRefund {
  return {
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    staffEmail: row.staff_email,
    amountCents: row.amount_cents,
    lines: row.lines.map(({ sku, qty }) => ({ sku, qty })),
    shippingCents: row.shipping_cents,
    feeCents: row.fee_cents,
    via: row.via,
    providerReference: row.provider_reference,
    iban: row.iban,
    reason: row.reason,
    creditNoteId: row.credit_note_id,
  };
}

/** The refunds of an order for its page (done ones, oldest first; pending and failed attempts are not refunds). */
export async function refundsOf(db: Db, orderId: number): Promise<AdminRefund[]> {
  return (await findRefunds(db, orderId)).map(presentRefund);
}

/** A refund worked out under the order's lock, before anything is recorded. */
interface Prepared {
  order: OrderRow;
  plan: RefundPlan;
  amountCents: number;
  invoiceId: number | null;
  provider: OnlinePaymentProvider | undefined;
  paymentReference: string | null;
  iban: string | null;
}

/**
 * Refunds of paid orders (issue 44 point 3): worked out by the server from the order's own figures
 * (its invoice's lines, each with its coupon share; shipping and fees net) and never above what
 * was paid and not yet refunded; sent back through the provider for online methods, recorded with
 * the buyer's IBAN for bank transfer and cash on delivery; a credit note for every refund of an
 * invoiced order, in the transaction that records the refund.
 *
 * Online refunds are two-phase, so no transaction stays open while the provider answers: under
 * the order's row lock (NOWAIT: a second tab is told at once) a `pending` row is written, whose id
 * makes the provider's idempotency key; the provider is called; then one transaction records the
 * refund done with its credit note, the order's amounts and state, the audit entry and the mail.
 * A pending row blocks other refunds of the order (409 busy); a refusal marks it `failed` and
 * changes nothing else. One left pending by a stopped server (older than 2 minutes) is finished
 * by the next refund request of the order, with the same key: the provider answers the refund it
 * already made, never a second one; that request is then answered 409 (refundResumed).
 */
export class RefundService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly registry: PaymentRegistry,
    private readonly invoices: InvoiceService,
    private readonly mail: Pick<MailDispatcher, 'kick'>,
    private readonly options: RefundServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** Everything left goes back (the cancel action of a paid order), in its own transactions. */
  refundWhole(order: Pick<OrderRow, 'increment_id'>, whole: WholeRefund): Promise<AdminRefund> {
    return this.refund(order.increment_id, { all: true, lines: [], shippingCents: 0, feeCents: 0, reason: whole.reason, ...(whole.iban ? { iban: whole.iban } : {}) }, whole.staff);
  }

  /** What the order page and the cancel action take (admin-orders/refunds-port.ts `RefundsPort`). */
  port(): { refundsOf: typeof refundsOf; refundWhole: (order: Pick<OrderRow, 'increment_id'>, whole: WholeRefund) => Promise<void> } {
    return {
      refundsOf,
      refundWhole: async (order, whole) => {
        await this.refundWhole(order, whole);
      },
    };
  }

  async refund(incrementId: string, body: RefundBody, staff: AuditActor): Promise<AdminRefund> {
    const found = await findOrder(this.db, this.options.storeCode, incrementId);
    if (!found) throw new HttpError(404, M.notFound);
    const result = await this.db.transaction().execute(async (trx) => {
      if (!(await lockOrderNoWait(trx, found.id))) throw new HttpError(409, M.busy);
      const order = (await findOrderById(trx, found.id))!;
      if (!REFUNDABLE.includes(order.payment_status)) {
        throw new HttpError(409, formatMessage(M.notAllowed, { number: order.increment_id, state: PAYMENT_STATES[order.payment_status], action: 'rimborso' }));
      }
      const [pending] = await findRefunds(trx, order.id, ['pending']);
      if (pending) {
        // Another refund is under way, or was left half-way by a stopped server: that one is finished first.
        if (this.now().getTime() - new Date(pending.created_at).getTime() < STALE_PENDING_MS) throw new HttpError(409, M.busy);
        const prepared = await this.prepare(trx, order, requestOf(pending));
        if (prepared.amountCents !== pending.amount_cents) throw new Error(`Refund ${pending.id} of order ${incrementId} was ${pending.amount_cents} cents, now works out at ${prepared.amountCents}`);
        return { kind: 'resumed' as const, prepared, row: pending, staff: { id: pending.staff_id, email: pending.staff_email } };
      }
      const prepared = await this.prepare(trx, order, body);
      const row = await insertRefund(trx, {
        order_id: order.id,
        staff_id: staff.id,
        staff_email: staff.email,
        state: prepared.provider ? 'pending' : 'done',
        amount_cents: prepared.amountCents,
        lines: prepared.plan.lines,
        shipping_cents: prepared.plan.shippingCents,
        fee_cents: prepared.plan.feeCents,
        whole: prepared.plan.whole,
        via: prepared.provider ? 'provider' : 'recorded',
        provider: prepared.provider?.code ?? null,
        iban: prepared.iban,
        reason: body.reason,
      });
      // A recorded refund (the seller pays by bank transfer) is complete at once.
      if (!prepared.provider) return { kind: 'done' as const, refund: await this.complete(trx, prepared, row, staff, null) };
      return { kind: 'pending' as const, prepared, row, staff };
    });
    if (result.kind === 'done') {
      this.mail.kick();
      return result.refund;
    }
    const done = await this.sendAndRecord(result.prepared, result.row, result.staff);
    // The request itself was not carried out: whoever sent it looks at the order again first.
    if (result.kind === 'resumed') throw new HttpError(409, formatMessage(M.refundResumed, { amount: formatPrice(done.amountCents) }));
    return done;
  }

  /** The provider part of a refund: the money sent back under the row's idempotency key, then the refund recorded. */
  private async sendAndRecord(prepared: Prepared, row: RefundRow, staff: AuditActor): Promise<AdminRefund> {
    const providerReference = await this.sendBack(prepared, row);
    try {
      const done = await this.db.transaction().execute(async (trx) => {
        // Waits for an action on the order under way: the pending row keeps other refunds out.
        await trx.selectFrom('sales_order').select('id').where('id', '=', prepared.order.id).forUpdate().execute();
        const order = await findOrderById(trx, prepared.order.id);
        return this.complete(trx, { ...prepared, order: order! }, row, staff, providerReference);
      });
      this.mail.kick();
      return done;
    } catch (error) {
      // The money went back but could not be recorded: the pending row keeps the provider's refund
      // id; the next refund request of the order finishes it (the provider answers the same refund).
      await this.db.updateTable('order_refund').set({ provider_reference: providerReference, failure: String((error as Error).message ?? error) }).where('id', '=', row.id).execute().catch(() => undefined);
      this.options.logger?.error(`Order ${prepared.order.increment_id}: refund ${row.id} sent back by ${prepared.provider!.code} (${providerReference}) but not recorded:`, error);
      throw error;
    }
  }

  /** Checks and works out a refund of a refundable order whose row `trx` holds locked. */
  private async prepare(trx: Db, order: OrderRow, body: RefundBody): Promise<Prepared> {
    const provider = this.registry.online(order.payment_method);
    let iban: string | null = null;
    if (!provider) {
      if (!body.iban) throw new HttpError(400, M.ibanRequired);
      if (!isValidIban(body.iban)) throw new HttpError(400, M.badIban);
      iban = normaliseIban(body.iban);
    }
    const payment = provider ? await findPayment(trx, order.id) : undefined;
    if (provider && !payment?.reference) throw new HttpError(409, formatMessage(M.notAllowed, { number: order.increment_id, state: 'senza pagamento del fornitore', action: 'rimborso' }));
    const done = await findRefunds(trx, order.id);
    const base = await this.invoices.creditBase(trx, order.id);
    const left = order.grand_total_cents - order.refunded_cents;
    const plan = planRefund(base.document, done, body, left);
    let amountCents: number;
    try {
      amountCents = (await this.invoices.previewCredit(trx, base.document, plan.credit, creditedBy(done))).totalCents;
    } catch (error) {
      if (error instanceof CreditRefused) throw refundTooMuch(order.grand_total_cents, left);
      throw error;
    }
    if (amountCents > left) throw refundTooMuch(amountCents, left);
    return { order, plan, amountCents, invoiceId: base.invoiceId, provider, paymentReference: payment?.reference ?? null, iban };
  }

  /** Asks the provider for the money back: its refund id; a refusal or silence marks the row failed (502, the order unchanged). */
  private async sendBack(prepared: Prepared, row: RefundRow): Promise<string> {
    const provider = prepared.provider!;
    const key = `refund-${this.options.storeCode}-${prepared.order.increment_id}-${row.id}`;
    try {
      return (await provider.refund(prepared.paymentReference!, prepared.amountCents, key)).reference;
    } catch (error) {
      const reason =
        error instanceof RefundRefused ? error.reason : error instanceof ProviderUnavailableError ? 'il servizio non risponde, riprova più tardi' : 'errore inatteso';
      if (!(error instanceof RefundRefused)) this.options.logger?.error(`Order ${prepared.order.increment_id}: refund ${row.id} through ${provider.code} failed:`, error);
      await settleRefund(this.db, row.id, { state: 'failed', failure: error instanceof Error ? error.message : String(error), completed_at: this.now() });
      throw new HttpError(502, formatMessage(M.providerFailed, { provider: error instanceof RefundRefused ? error.provider : (PROVIDER_NAMES[provider.code] ?? provider.code), reason }));
    }
  }

  /** Records a refund done: its credit note, the order's refunded amount and state, the audit entry and the customer's mail, all in `trx`. */
  private async complete(trx: Db, prepared: Prepared, row: RefundRow, staff: AuditActor, providerReference: string | null): Promise<AdminRefund> {
    const { order, plan, amountCents } = prepared;
    const now = this.now();
    const note = prepared.invoiceId === null ? null : await this.invoices.issueCreditNote(prepared.invoiceId, plan.credit, trx);
    // Never a refund without its credit note, nor a credit note that says another amount.
    if (note && note.total_cents !== amountCents) throw new Error(`Credit note ${note.number} totals ${note.total_cents} cents, the refund ${amountCents}`);
    const refundedCents = order.refunded_cents + amountCents;
    const wholly = plan.whole || refundedCents >= order.grand_total_cents;
    const paymentStatus = wholly ? 'refunded' : 'partially_refunded';
    const status = wholly ? 'closed' : order.status;
    const before = orderView.parse(order.view);
    const view: OrderView = {
      ...before,
      status,
      payment: { ...before.payment, status: paymentStatus },
      refunds: [...(before.refunds ?? []), { amount: fromCents(amountCents), date: now.toISOString() }],
    };
    await trx
      .updateTable('sales_order')
      .set({ refunded_cents: refundedCents, payment_status: paymentStatus, status, view: jsonb(view), updated_at: now })
      .where('id', '=', order.id)
      .execute();
    await trx
      .updateTable('order_refund')
      .set({ state: 'done', provider_reference: providerReference, credit_note_id: note?.id ?? null, completed_at: now })
      .where('id', '=', row.id)
      .execute();
    const done = { ...row, state: 'done' as const, provider_reference: providerReference, credit_note_id: note?.id ?? null, completed_at: now };
    await recordAudit(
      trx,
      staff,
      {
        action: 'order.refund',
        objectType: 'order',
        objectId: order.increment_id,
        before: { status: order.status, paymentStatus: order.payment_status, refundedCents: order.refunded_cents },
        after: { status, paymentStatus, refundedCents, refund: presentRefund(done), creditNote: note?.number ?? null },
      },
      now,
    );
    await enqueueMail(trx, { template: 'order-refund', to: order.email, order: view, key: `order-refund:${order.increment_id}:${row.id}` });
    return presentRefund(done);
  }
}
