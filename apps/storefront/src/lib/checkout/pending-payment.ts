/**
 * An order waiting for its online payment while the buyer is at the provider (issue #14). The
 * cart stays in the browser until the order is paid: a cancel at the provider comes back to it
 * intact; the thank-you page forgets it once it shows the order.
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

/** The pending payment of this order, removed once taken; null for another order or none. */
export function takePendingPayment(incrementId: string): PendingPayment | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const payment = raw ? (JSON.parse(raw) as PendingPayment) : null;
    if (payment?.incrementId !== incrementId) return null;
    sessionStorage.removeItem(KEY);
    return payment;
  } catch {
    return null;
  }
}
