import { orderView, type AdminOrderDetail, type AdminRefund, type OrderViewShipment } from '@shop/contracts';
import { findOrderItems, orderCents, findOrderInvoices, findOrderNotes, findShipments, type Db, type OrderItemRow, type OrderRow, type ShipmentWithLines } from '@shop/db';
import { toCents } from '@shop/domain';
import { sql } from 'kysely';
import { auditOf } from '../admin/audit.ts';
import { ORDER_MAIL_TEMPLATES } from '../mail/render.ts';
import { allowedActions, type ActionContext } from './states.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/** The mails about an order, oldest first: an order mail's payload is the order view, so it names the order's number. */
export function orderMails(db: Db, incrementId: string) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'template', 'recipient', 'status', 'created_at', 'sent_at', 'dedupe_key'])
    .where('template', 'in', ORDER_MAIL_TEMPLATES)
    .where(sql<string>`payload -> 'order' ->> 'incrementId'`, '=', incrementId)
    .orderBy('id')
    .execute();
}

/** The shipments as the buyer sees them (the order view's), with the lines' names. */
export function customerShipments(shipments: readonly ShipmentWithLines[], items: readonly OrderItemRow[]): OrderViewShipment[] {
  return shipments.map((s) => ({
    createdAt: iso(s.created_at),
    carrier: s.carrier,
    trackingNumber: s.tracking_number,
    trackingUrl: s.tracking_url,
    parcels: s.parcels,
    lines: s.lines.map((line) => {
      const item = items.find((i) => i.id === line.order_item_id);
      return { sku: item?.sku ?? '', name: item?.name ?? '', qty: line.qty };
    }),
  }));
}

/** Units per sku over some lines. */
const unitsBySku = (lines: readonly { sku: string; qty: number }[]) =>
  lines.reduce((bySku, line) => bySku.set(line.sku, (bySku.get(line.sku) ?? 0) + line.qty), new Map<string, number>());

/** The order page (GET /api/admin/orders/:incrementId): everything the back office shows of one order. */
export async function orderDetail(db: Db, order: OrderRow, refunds: AdminRefund[], context: ActionContext): Promise<AdminOrderDetail> {
  const view = orderView.parse(order.view);
  const [items, shipments, payments, events, mails, invoices, notes, audit] = await Promise.all([
    findOrderItems(db, order.id),
    findShipments(db, order.id),
    db.selectFrom('order_payment').selectAll().where('order_id', '=', order.id).execute(),
    db.selectFrom('payment_event').selectAll().where('order_id', '=', order.id).orderBy('received_at').execute(),
    orderMails(db, order.increment_id),
    findOrderInvoices(db, order.id),
    findOrderNotes(db, order.id),
    auditOf(db, 'order', order.increment_id),
  ]);
  const refunded = unitsBySku(refunds.flatMap((r) => r.lines));
  const shippedOf = (item: OrderItemRow) => shipments.reduce((sum, s) => sum + s.lines.filter((l) => l.order_item_id === item.id).reduce((a, l) => a + l.qty, 0), 0);
  return {
    incrementId: order.increment_id,
    createdAt: iso(order.created_at),
    paidAt: order.paid_at ? iso(order.paid_at) : null,
    status: order.status,
    paymentStatus: order.payment_status,
    shippingStatus: order.shipping_status,
    paymentReview: order.payment_review,
    email: order.email,
    customerId: order.customer_id,
    buyer: view.buyer,
    shippingAddress: order.shipping_address,
    billingAddress: order.billing_address,
    shippingMethod: view.shippingMethod,
    couponCode: order.coupon_code,
    lines: items.map((item) => ({
      sku: item.sku,
      name: item.name,
      options: view.items.find((v) => v.sku === item.sku)?.options ?? [],
      qty: item.qty,
      taxPercent: Number(item.tax_percent),
      unitNetCents: item.unit_net_cents,
      rowGrossCents: item.row_gross_cents,
      shippedQty: shippedOf(item),
      // Refunds name their lines by sku: the units go to the order's lines of that sku in turn.
      refundedQty: take(refunded, item.sku, item.qty),
    })),
    fees: view.fees.map((fee) => ({ title: fee.title, amountCents: toCents(fee.amount) })),
    totals: { ...orderCents(order), refundedCents: order.refunded_cents },
    payment: {
      method: order.payment_method,
      title: view.payment.title,
      fatturapaCode: order.fatturapa_payment_code,
      transactions: payments.map((p) => ({ provider: p.provider, reference: p.reference, state: p.state, amountCents: p.amount_cents, createdAt: iso(p.created_at), updatedAt: iso(p.updated_at) })),
      events: events.map((e) => ({ provider: e.provider, eventId: e.event_id, type: e.type, receivedAt: iso(e.received_at) })),
    },
    shipments: shipments.map((s) => ({
      id: s.id,
      createdAt: iso(s.created_at),
      staffEmail: s.staff_email,
      carrier: s.carrier,
      trackingNumber: s.tracking_number,
      trackingUrl: s.tracking_url,
      parcels: s.parcels,
      lines: s.lines.map((line) => ({ sku: items.find((i) => i.id === line.order_item_id)?.sku ?? '', qty: line.qty })),
    })),
    refunds,
    mails: mails.map((m) => ({ id: m.id, template: m.template, recipient: m.recipient, status: m.status, createdAt: iso(m.created_at), sentAt: m.sent_at ? iso(m.sent_at) : null })),
    invoices: invoices.map((inv) => ({ id: inv.id, type: inv.type, number: inv.number, issueDate: inv.issue_date, totalCents: inv.total_cents, fileName: inv.file_name })),
    notes: notes.map((n) => ({ id: n.id, at: iso(n.created_at), staffEmail: n.staff_email, text: n.text })),
    audit,
    actions: allowedActions(order, context),
  };
}

/** Takes up to `max` units of `sku` from the counts (what is left stays for the next line of that sku). */
function take(counts: Map<string, number>, sku: string, max: number): number {
  const units = Math.min(counts.get(sku) ?? 0, max);
  counts.set(sku, (counts.get(sku) ?? 0) - units);
  return units;
}
