import { randomUUID } from 'node:crypto';
import { ADMIN_ORDER_MESSAGES as M, orderView, type OrderView, type ShipBody, type StaffRoleName } from '@shop/contracts';
import {
  findOrder,
  findOrderById,
  findOrderItems,
  findPayment,
  findShipments,
  insertOrderNote,
  insertShipment,
  isLockNotAvailable,
  jsonb,
  lockOrderNowait,
  movePayment,
  shippedQuantities,
  type Db,
  type OrderItemRow,
  type OrderRow,
} from '@shop/db';
import { formatMessage, formatPrice } from '@shop/domain';
import { HttpError } from '../../http/errors.ts';
import { recordAudit, type AuditActor } from '../admin/audit.ts';
import { italianDay } from '../invoices/document.ts';
import type { InvoiceService } from '../invoices/service.ts';
import { enqueueAgain, enqueueMail, type MailDispatcher } from '../mail/outbox.ts';
import type { OrderService } from '../orders/service.ts';
import type { PaymentRegistry } from '../payments/provider.ts';
import { customerShipments, orderMails } from './detail.ts';
import type { RefundsPort } from './refunds-port.ts';
import { checkCancel, checkPaymentReceived, checkShip, holdsMoney } from './states.ts';

/** The staff user acting, as the audit names them, with their role. */
export type Staff = AuditActor & { role: StaffRoleName };

export interface OrderActionsDeps {
  db: Db;
  storeCode: string;
  orders: Pick<OrderService, 'payOffline' | 'giveBack'>;
  invoices: Pick<InvoiceService, 'onOrder'>;
  payments: PaymentRegistry;
  mail: Pick<MailDispatcher, 'kick'>;
  refunds: RefundsPort;
  now?: () => Date;
}

/** What the audit keeps of an order's state before and after an action. */
const stateOf = (order: Pick<OrderRow, 'status' | 'payment_status' | 'shipping_status' | 'paid_at'>) => ({
  status: order.status,
  paymentStatus: order.payment_status,
  shippingStatus: order.shipping_status,
  paidAt: order.paid_at ? new Date(order.paid_at).toISOString() : null,
});

/**
 * The back office's actions on one order (issue 44 point 3): each in one transaction that locks
 * the order row without waiting (another tab's action on it → 409 busy, nothing done twice),
 * checks the state under that lock, writes, audits with before and after, and queues its mail;
 * the mail is sent after commit.
 */
export class OrderActions {
  private readonly now: () => Date;

  constructor(private readonly deps: OrderActionsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Runs `action` on the order row locked (NOWAIT) in one transaction; kicks the mail after commit. */
  private async locked<T>(incrementId: string, action: (trx: Db, order: OrderRow, at: Date) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await this.deps.db.transaction().execute(async (trx) => {
        const order = await lockOrderNowait(trx, this.deps.storeCode, incrementId);
        if (!order) throw new HttpError(404, M.notFound);
        return action(trx, order, this.now());
      });
    } catch (error) {
      if (isLockNotAvailable(error)) throw new HttpError(409, M.busy);
      throw error;
    }
    this.deps.mail.kick();
    return result;
  }

  /** The order of a number (404 otherwise). */
  async find(incrementId: string): Promise<OrderRow> {
    const order = await findOrder(this.deps.db, this.deps.storeCode, incrementId);
    if (!order) throw new HttpError(404, M.notFound);
    return order;
  }

  isOnline(order: OrderRow): boolean {
    return this.deps.payments.online(order.payment_method) !== undefined;
  }

  /** A bank transfer arrived or the courier's cash was collected: the whole total, on `date` (Rome). */
  async paymentReceived(incrementId: string, body: { amountCents: number; date: string }, staff: Staff): Promise<void> {
    await this.locked(incrementId, async (trx, order, at) => {
      checkPaymentReceived(order, this.isOnline(order));
      const today = italianDay(at);
      // Today: the moment it is recorded; an earlier day: its midday UTC, the same day in Rome (the invoice's payment day).
      const paidAt = body.date === today ? at : new Date(`${body.date}T12:00:00Z`);
      if (Number.isNaN(paidAt.getTime()) || italianDay(paidAt) !== body.date) throw new HttpError(400, `date: ${M.badDay}`);
      if (body.date > today) throw new HttpError(422, M.futureDay);
      if (body.amountCents !== order.grand_total_cents) {
        throw new HttpError(422, formatMessage(M.amountMismatch, { received: formatPrice(body.amountCents), total: formatPrice(order.grand_total_cents) }));
      }
      await this.deps.orders.payOffline(trx, order, paidAt);
      const after = await findOrderById(trx, order.id);
      await recordAudit(trx, staff, { action: 'order.payment_received', objectType: 'order', objectId: incrementId, before: stateOf(order), after: { ...stateOf(after!), amountCents: body.amountCents, date: body.date } }, at);
    });
  }

  /** One shipment of some or all of what is left to ship. */
  async ship(incrementId: string, body: ShipBody, staff: Staff): Promise<void> {
    await this.locked(incrementId, async (trx, order, at) => {
      checkShip(order);
      const items = await findOrderItems(trx, order.id);
      const shipped = await shippedQuantities(trx, order.id);
      const left = new Map(items.map((item) => [item.id, item.qty - (shipped.get(item.id) ?? 0)]));
      const lines = body.lines ? allocate(items, left, body.lines) : items.filter((item) => left.get(item.id)! > 0).map((item) => ({ order_item_id: item.id, qty: left.get(item.id)! }));
      if (lines.length === 0) throw new HttpError(409, M.nothingToShip);
      const shipment = await insertShipment(
        trx,
        { order_id: order.id, staff_id: staff.id, staff_email: staff.email, carrier: body.carrier, tracking_number: body.trackingNumber, tracking_url: body.trackingUrl ?? null, parcels: body.parcels, created_at: at },
        lines,
      );
      for (const line of lines) left.set(line.order_item_id, left.get(line.order_item_id)! - line.qty);
      const shippingStatus = [...left.values()].every((qty) => qty === 0) ? 'shipped' : 'partially_shipped';
      const status = shippingStatus === 'shipped' && holdsMoney(order) ? 'complete' : order.status;
      const view: OrderView = { ...orderView.parse(order.view), status, shippingStatus, shipments: customerShipments(await findShipments(trx, order.id), items) };
      await trx.updateTable('sales_order').set({ status, shipping_status: shippingStatus, view: jsonb(view), updated_at: at }).where('id', '=', order.id).execute();
      // INVOICE_ON=shipped: the first shipment issues the invoice (a no-op when it is issued on payment).
      if (order.shipping_status === 'not_shipped') await this.deps.invoices.onOrder(trx, order.id, 'shipped');
      if (body.notify) await enqueueMail(trx, { template: 'order-shipped', to: order.email, order: view, key: `order-shipped:${incrementId}:${shipment.id}` });
      await recordAudit(
        trx,
        staff,
        {
          action: 'order.ship',
          objectType: 'order',
          objectId: incrementId,
          before: stateOf(order),
          after: { ...stateOf({ ...order, status, shipping_status: shippingStatus }), shipment: { id: shipment.id, carrier: body.carrier, trackingNumber: body.trackingNumber, trackingUrl: body.trackingUrl ?? null, parcels: body.parcels, notify: body.notify, lines: view.shipments!.at(-1)!.lines } },
        },
        at,
      );
    });
  }

  /**
   * Cancels an order nothing of which went out: stock and coupon use come back once, an open
   * online payment is stopped at its provider, a paid order is first refunded whole (owner only).
   */
  async cancel(incrementId: string, body: { reason: string; iban?: string | undefined }, staff: Staff): Promise<void> {
    const order = await this.find(incrementId);
    checkCancel(order, staff.role);
    if (holdsMoney(order)) {
      await this.deps.refunds.refundWhole(order, { reason: body.reason, iban: body.iban, staff });
    }
    const provider = this.deps.payments.online(order.payment_method);
    const payment = provider && order.payment_status === 'pending' ? await findPayment(this.deps.db, order.id) : undefined;
    // Before our transaction (a provider call holds no lock): a payment made meanwhile stops the cancel.
    if (provider && payment?.reference && (await provider.cancel(payment.reference)) === 'paid') throw new HttpError(409, formatMessage(M.paidMeanwhile, { number: incrementId }));
    await this.locked(incrementId, async (trx, locked, at) => {
      checkCancel(locked, staff.role);
      // The whole refund did not happen (or money came in meanwhile): nothing is cancelled.
      if (holdsMoney(locked)) throw new HttpError(409, formatMessage(M.refundFirst, { number: incrementId }));
      const paymentStatus = locked.payment_status === 'refunded' ? 'refunded' : 'canceled';
      const was = orderView.parse(locked.view);
      const view: OrderView = { ...was, status: 'canceled', payment: { ...was.payment, status: paymentStatus } };
      await trx.updateTable('sales_order').set({ status: 'canceled', payment_status: paymentStatus, view: jsonb(view), updated_at: at }).where('id', '=', locked.id).execute();
      await this.deps.orders.giveBack(trx, locked);
      if (payment) await movePayment(trx, locked.id, ['creating', 'open', 'failed'], 'canceled');
      await enqueueMail(trx, { template: 'order-canceled', to: locked.email, order: view });
      await recordAudit(
        trx,
        staff,
        { action: 'order.cancel', objectType: 'order', objectId: incrementId, before: stateOf(locked), after: { ...stateOf({ ...locked, status: 'canceled', payment_status: paymentStatus }), reason: body.reason } },
        at,
      );
    });
  }

  /** A staff note on the order. */
  async note(incrementId: string, text: string, staff: Staff): Promise<void> {
    await this.locked(incrementId, async (trx, order, at) => {
      const note = await insertOrderNote(trx, { order_id: order.id, staff_id: staff.id, staff_email: staff.email, text, created_at: at });
      await recordAudit(trx, staff, { action: 'order.note', objectType: 'order', objectId: incrementId, before: null, after: { noteId: note.id, text } }, at);
    });
  }

  /** Queues one of the order's mails again, as it was, under a new key. */
  async resendMail(incrementId: string, mailId: number, staff: Staff): Promise<void> {
    await this.locked(incrementId, async (trx, order, at) => {
      const mail = (await orderMails(trx, order.increment_id)).find((m) => m.id === mailId);
      if (!mail) throw new HttpError(404, M.mailNotFound);
      const key = `${mail.dedupe_key}:resend:${randomUUID()}`;
      await enqueueAgain(trx, mail.id, key);
      await recordAudit(trx, staff, { action: 'order.mail_resend', objectType: 'order', objectId: incrementId, before: null, after: { mailId, template: mail.template, recipient: mail.recipient } }, at);
    });
  }
}

/**
 * The order lines a shipment of `asked` (units per sku) takes: an sku's units go to its lines in
 * order; an sku not in the order or more units than are left are refused (422).
 */
function allocate(items: readonly OrderItemRow[], left: ReadonlyMap<number, number>, asked: readonly { sku: string; qty: number }[]): { order_item_id: number; qty: number }[] {
  const perSku = asked.reduce((bySku, line) => bySku.set(line.sku, (bySku.get(line.sku) ?? 0) + line.qty), new Map<string, number>());
  const lines: { order_item_id: number; qty: number }[] = [];
  for (const [sku, qty] of perSku) {
    const ofSku = items.filter((item) => item.sku === sku);
    if (ofSku.length === 0) throw new HttpError(422, formatMessage(M.unknownLine, { sku }));
    const available = ofSku.reduce((sum, item) => sum + left.get(item.id)!, 0);
    if (qty > available) throw new HttpError(422, formatMessage(M.shipTooMany, { sku, left: available, asked: qty }));
    let rest = qty;
    for (const item of ofSku) {
      const units = Math.min(rest, left.get(item.id)!);
      if (units > 0) lines.push({ order_item_id: item.id, qty: units });
      rest -= units;
    }
  }
  return lines;
}
