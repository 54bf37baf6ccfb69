import type { OrderView } from '@shop/contracts';
import { apiCall } from '../cart/cart-api.ts';
import { cartActions } from '../cart/cart-actions.ts';
import { forgetSavedCheckout } from './checkout-storage.ts';

/**
 * An order waiting for its online payment while the buyer is at the provider (issue #14). The
 * cart stays in the browser until the order is paid: a cancel at the provider, or the browser's
 * Back button, comes back to it intact; the thank-you page forgets it once it shows the order.
 */
export interface PendingPayment {
  incrementId: string;
  accessKey: string;
  method: string;
}

const KEY = 'shop-pending-payment';

export function rememberPendingPayment(payment: PendingPayment): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(payment));
  } catch {
    // Private mode or full storage: the return pages still work from their links.
  }
}

/** The pending payment, if any, left where it is. */
export function readPendingPayment(): PendingPayment | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as PendingPayment) : null;
  } catch {
    return null;
  }
}

/** Forgets a waiting payment's order number and key (sign-out). */
export function forgetPendingPayment(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept, nothing to remove
  }
}

/** An online payment made: the order is done, so the cart and the checkout's draft go. */
export async function forgetPaidCheckout(): Promise<void> {
  forgetSavedCheckout();
  await cartActions().forget();
}

/** The pending payment of this order, removed once taken; null for another order or none. */
export function takePendingPayment(incrementId: string): PendingPayment | null {
  const payment = readPendingPayment();
  if (payment?.incrementId !== incrementId) return null;
  forgetPendingPayment();
  return payment;
}

/**
 * Gives up a waiting online payment: the shop cancels the order (unless the buyer paid
 * meanwhile) and puts its lines back into the cart, which the browser then takes again.
 */
export async function abandonPendingOrder(incrementId: string, accessKey: string): Promise<'paid' | 'canceled'> {
  const answer = await apiCall<{ order: OrderView; cartRestored: boolean }>('POST', `/api/order/${encodeURIComponent(incrementId)}/cancel`, { key: accessKey });
  takePendingPayment(incrementId);
  if (answer.code === 200 && typeof answer.result !== 'string' && answer.result.order.payment.status === 'paid') return 'paid';
  await cartActions().reconcile();
  return 'canceled';
}
