import { ADMIN_ORDER_MESSAGES as M, type RefundBody } from '@shop/contracts';
import type { RefundedLine, RefundRow } from '@shop/db';
import { formatMessage, formatPrice, sumCents, type Cents } from '@shop/domain';
import { HttpError } from '../../http/errors.ts';
import type { Credited, CreditRequest, InvoiceDocument, InvoiceLine } from '../invoices/document.ts';

/** What a refund request credits, worked out from the order's invoice (issued, or the one it would have). */
export interface RefundPlan {
  credit: CreditRequest;
  lines: RefundedLine[];
  /** Net of VAT, as the order's totals show shipping and fees. */
  shippingCents: Cents;
  feeCents: Cents;
  /** Everything left goes back: the order ends refunded. */
  whole: boolean;
}

/** The earlier refunds of an order as credits of its invoice (what they took is no longer there). */
export const creditedBy = (done: readonly Pick<RefundRow, 'amount_cents' | 'lines'>[]): Credited[] =>
  done.map((refund) => ({ totalCents: refund.amount_cents, lines: refund.lines.map((line) => ({ kind: 'credit' as const, creditsLine: line.index, qty: line.qty })) }));

const netOf = (lines: readonly InvoiceLine[], kind: InvoiceLine['kind']) => sumCents(lines.filter((l) => l.kind === kind).map((l) => l.totalNetCents));
/** The refusal of a refund above what is left to refund (of the order, its shipping or its fees). */
export const refundTooMuch = (asked: Cents, left: Cents) => new HttpError(422, formatMessage(M.refundTooMuch, { asked: formatPrice(asked), left: formatPrice(Math.max(0, left)) }));

/**
 * Turns a refund request into the credit of the order's invoice: whole (`all`: what is left of
 * every line, shipping, fees and the payment cost), or some units of some lines (each with its
 * share of the coupon) and net amounts of shipping and fees, never more units than are left
 * (422) nor more shipping or fees than were charged and not yet refunded (422). The amount is the
 * credit's total, VAT included (InvoiceService.previewCredit), so the credit note equals it; the
 * rest of an order (`all` after partial refunds) is exactly `leftCents`, what was paid and not refunded.
 */
export function planRefund(invoice: InvoiceDocument, done: readonly Pick<RefundRow, 'lines' | 'shipping_cents' | 'fee_cents'>[], body: RefundBody, leftCents: Cents): RefundPlan {
  const lines = invoice.lines;
  const refundedQty = (index: number) => sumCents(done.flatMap((refund) => refund.lines.filter((l) => l.index === index).map((l) => l.qty)));
  const shippingLeft = netOf(lines, 'shipping') - sumCents(done.map((r) => r.shipping_cents));
  const feeLeft = netOf(lines, 'fee') - sumCents(done.map((r) => r.fee_cents));
  const rateOf = (kind: InvoiceLine['kind']) => lines.find((l) => l.kind === kind)?.taxPercent ?? 0;
  const amounts = (shipping: Cents, fee: Cents) => [
    ...(shipping > 0 ? [{ description: 'Rimborso spese di spedizione', netCents: shipping, taxPercent: rateOf('shipping') }] : []),
    ...(fee > 0 ? [{ description: 'Rimborso servizi accessori', netCents: fee, taxPercent: rateOf('fee') }] : []),
  ];

  if (body.all) {
    const left = lines.flatMap((line, index) => (line.kind === 'item' && line.qty > refundedQty(index) ? [{ sku: line.sku ?? '', qty: line.qty - refundedQty(index), index }] : []));
    const shippingCents = Math.max(0, shippingLeft);
    const feeCents = Math.max(0, feeLeft);
    // Nothing refunded yet: the credit note is the invoice itself, line for line and VAT for VAT.
    if (done.length === 0) return { credit: { whole: true }, lines: left, shippingCents, feeCents, whole: true };
    const surcharges = lines.flatMap((line, index) => (line.kind === 'surcharge' ? [{ index }] : []));
    return {
      credit: { lines: [...left.map(({ index, qty }) => ({ index, qty })), ...surcharges], amounts: amounts(shippingCents, feeCents), totalCents: leftCents },
      lines: left,
      shippingCents,
      feeCents,
      whole: true,
    };
  }

  const asked = new Map<string, number>();
  for (const { sku, qty } of body.lines) asked.set(sku, (asked.get(sku) ?? 0) + qty);
  const refunded: RefundedLine[] = [];
  for (const [sku, qty] of asked) {
    const index = lines.findIndex((line) => line.kind === 'item' && line.sku === sku);
    if (index < 0) throw new HttpError(422, formatMessage(M.unknownLine, { sku }));
    const left = lines[index]!.qty - refundedQty(index);
    if (qty > left) throw new HttpError(422, formatMessage(M.refundTooManyUnits, { sku, left }));
    refunded.push({ sku, qty, index });
  }
  if (body.shippingCents > shippingLeft) throw refundTooMuch(body.shippingCents, shippingLeft);
  if (body.feeCents > feeLeft) throw refundTooMuch(body.feeCents, feeLeft);
  if (refunded.length === 0 && body.shippingCents === 0 && body.feeCents === 0) throw new HttpError(422, M.refundNothing);
  return {
    credit: { lines: refunded.map(({ index, qty }) => ({ index, qty })), amounts: amounts(body.shippingCents, body.feeCents) },
    lines: refunded,
    shippingCents: body.shippingCents,
    feeCents: body.feeCents,
    whole: false,
  };
}
