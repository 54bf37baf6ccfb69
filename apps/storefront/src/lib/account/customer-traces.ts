/**
 * BROWSER: what a customer leaves in the browser beyond the session, forgotten at sign-out
 * (issue 42 point 1: the next person at a shared computer must not find it): the recently viewed
 * list, the order numbers and keys of a waiting payment and of sent offline orders, and any
 * private page a service worker cache may hold. The cart, wishlist, compare list and checkout
 * draft are forgotten by lifecycle.ts itself. Storage errors only leave less to forget.
 */
import { forgetViewed } from './recently-viewed.ts';

export async function forgetCustomerTraces(): Promise<void> {
  forgetViewed();
  // Loaded only at sign-out: every page carries lifecycle.ts, not these.
  const [{ forgetPendingPayment }, { forgetAnsweredOrders }, { isPrivatePage }] = await Promise.all([
    import('../checkout/pending-payment.ts'),
    import('../offline/offline-orders.ts'),
    import('../../worker/cache-rules.ts'),
  ]);
  forgetPendingPayment();
  await Promise.allSettled([forgetAnsweredOrders(), forgetPrivatePages(isPrivatePage)]);
}

async function forgetPrivatePages(isPrivatePage: (url: string) => boolean): Promise<void> {
  if (typeof caches === 'undefined') return;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) if (isPrivatePage(request.url)) await cache.delete(request);
  }
}
