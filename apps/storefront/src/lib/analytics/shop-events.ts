/**
 * BROWSER: the cart, checkout and order events, from what those pages hold (the server's totals,
 * the order read on the thank-you page). Each does nothing without analytics consent (track.ts).
 */
import type { CartTotals, OrderView } from '@shop/contracts';
import { toCents } from '@shop/domain';
import { getCartState } from '../cart/cart-store.ts';
import type { CartItem } from '../cart/types.ts';
import { purchase, valueEvent } from './ga4.ts';
import { orderLines, totalsLines } from './shop-items.ts';
import { itemFor, track, trackPurchaseOnce } from './track.ts';

/** The cart engine's report of a quantity the shopper changed: `add_to_cart` or `remove_from_cart`. */
export function trackCartChange(line: Pick<CartItem, 'sku' | 'name' | 'parentSku'>, delta: number): void {
  const priced = getCartState().totals?.items.find((item) => item.sku === line.sku);
  const item = itemFor({ sku: line.sku, name: line.name, qty: Math.abs(delta), parentSku: line.parentSku, priceCents: priced ? toCents(priced.price) : undefined });
  track(valueEvent(delta > 0 ? 'add_to_cart' : 'remove_from_cart', [item]));
}

/** The cart or a checkout step, with its lines as the server priced them. */
export function trackCartStep(
  event: 'view_cart' | 'begin_checkout' | 'add_shipping_info' | 'add_payment_info',
  totals: CartTotals,
  extra: { coupon?: string | undefined; shipping_tier?: string; payment_type?: string } = {},
): void {
  track(valueEvent(event, totalsLines(totals).map(itemFor), extra));
}

/** The order placed, once per order number in this browser. */
export function trackPurchase(order: OrderView): void {
  trackPurchaseOnce(order.incrementId, () => {
    const { lines, taxCents, shippingCents } = orderLines(order);
    return purchase({ transactionId: order.incrementId, items: lines.map(itemFor), taxCents, shippingCents });
  });
}
