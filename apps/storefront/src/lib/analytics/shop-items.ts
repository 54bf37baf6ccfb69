/**
 * The shop's data as GA4 input (pure): catalogue documents, the server's cart totals and an
 * order. Prices net of VAT in cents, as the lists and the cart show them.
 */
import type { CartTotals, OrderView } from '@shop/contracts';
import { toCents } from '@shop/domain';
import { priceView, type PricedDoc } from '../price.ts';
import { netCents, pricedItem, type TrackedItem } from './ga4.ts';

/** A catalogue product (a product page's) with its category trail. */
export function productItem(doc: PricedDoc & { sku: string; name: string }, categories: readonly string[] = []): TrackedItem {
  return pricedItem({ sku: doc.sku, name: doc.name, price: priceView(doc) }, categories);
}

/** A cart line as the tracker looks it up: sku, name, quantity, and the server's unit price when known. */
export interface LineInput {
  sku: string;
  name: string;
  qty: number;
  parentSku?: string;
  priceCents?: number;
}

/** The lines of the server's totals (unit price excluding VAT). */
export const totalsLines = (totals: CartTotals): LineInput[] =>
  totals.items.map((line) => ({ sku: line.sku, name: line.name, qty: line.qty, priceCents: toCents(line.price) }));

const segmentCents = (order: OrderView, code: string) => toCents(order.totalSegments.find((segment) => segment.code === code)?.value ?? 0);

/** An order's lines (their prices include VAT: taken back to net) and its tax and shipping. */
export function orderLines(order: OrderView): { lines: LineInput[]; taxCents: number; shippingCents: number } {
  return {
    lines: order.items.map((line) => ({ sku: line.sku, name: line.name, qty: line.qty, priceCents: netCents(line.price, line.taxPercent) })),
    taxCents: segmentCents(order, 'tax'),
    shippingCents: segmentCents(order, 'shipping'),
  };
}
