'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { getCartState, runCartAction } from '@/lib/cart/cart-store.ts';
import { readAnsweredOrders, readWaitingOrders, subscribeWaitingOrders } from '@/lib/offline/pending-flag.ts';
import { checkStorageQuota, QUOTA_CHECK_MS } from '@/lib/offline/storage-quota.ts';
import { useOnline } from '../cart/useCart.ts';
import { useStoreHref } from '../StorePrefix.tsx';

export interface OfflineTexts {
  offline: string;
  waitingOrder: string;
  sendNow: string;
  answeredOrder: string;
  seeAnswer: string;
}

/**
 * Registers the service worker (catalogue.md §1: /service-worker.js; production builds only, the
 * development server rebuilds chunks under the same names), shows a quiet banner while the
 * browser is offline, and on reconnect (shopping.md §4 "Offline") reloads the cart (the cart's
 * merge rules bring lines added offline to the server cart) and sends the orders placed offline
 * when `autoSend` (off by default); otherwise says an order waits, with the way to send it. An
 * order sent whose answer the buyer has not seen (one sent by itself, maybe refused) is said too.
 * Every 30 s it checks the offline copies against their storage budget (lib/offline/storage-quota.ts).
 */
export function OfflineStatus({ texts, autoSend }: { texts: OfflineTexts; autoSend: boolean }) {
  const online = useOnline();
  const href = useStoreHref();
  // The checkout and the thank-you page show the waiting orders themselves.
  const ownPage = /\/(checkout|thank-you)$/.test(usePathname());
  const waiting = useSyncExternalStore(subscribeWaitingOrders, readWaitingOrders, () => 0);
  const answered = useSyncExternalStore(subscribeWaitingOrders, readAnsweredOrders, () => 0);
  const wasOnline = useRef(true);
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    // After the page has loaded: the precache download must not compete with the page's own.
    const register = () =>
      void navigator.serviceWorker.register('/service-worker.js', { scope: '/' }).catch((error: unknown) => {
        console.warn('Service worker not registered', error);
      });
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    const check = () => void checkStorageQuota().catch(() => undefined); // a failed check changes nothing
    const timer = setInterval(check, QUOTA_CHECK_MS);
    return () => {
      window.removeEventListener('load', register);
      clearInterval(timer);
    };
  }, []);
  useEffect(() => {
    const reconnected = online && !wasOnline.current;
    wasOnline.current = online;
    if (!reconnected) return;
    const { items, token } = getCartState();
    if (items.length > 0 || token !== null) void runCartAction((actions) => actions.load(), { quiet: true });
    if (autoSend && readWaitingOrders() > 0) void import('@/lib/offline/offline-orders.ts').then((orders) => orders.sendOfflineOrders());
  }, [online, autoSend]);
  if (!online) {
    return (
      <p className="offline-banner" role="status">
        {texts.offline}
      </p>
    );
  }
  if ((waiting === 0 && answered === 0) || ownPage) return null;
  return (
    <p className="offline-banner" role="status">
      {waiting > 0 ? texts.waitingOrder : texts.answeredOrder} <a href={href('/thank-you?pending=1')}>{waiting > 0 ? texts.sendNow : texts.seeAnswer}</a>
    </p>
  );
}
