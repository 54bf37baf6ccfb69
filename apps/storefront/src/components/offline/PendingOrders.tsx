'use client';

import { useEffect, useState } from 'react';
import { acknowledgeOrder, offlineOrders, orderOutcome, sendOfflineOrders, subscribeOfflineOrders } from '@/lib/offline/offline-orders.ts';
import type { SyncTask } from '@/lib/offline/task-queue.ts';
import { checkoutMessage } from '../checkout/checkout-message.ts';
import type { CheckoutTexts } from '../checkout/checkout-texts.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { useOnline } from '../cart/useCart.ts';

export type OfflineOrderTexts = Readonly<Record<'title' | 'text' | 'offlineHint' | 'send' | 'sending' | 'placed' | 'view' | 'refused' | 'backToCheckout' | 'none', string>>;

/**
 * The orders placed offline (shopping.md §4 "Offline": "Ordine in attesa!"), on the checkout
 * right after one is stored and on the thank-you page, where the buyer sends them. What the shop
 * answered stays until the buyer has seen it: the order's confirmation link, or why it was
 * refused (a price or the stock changed since: the buyer reviews the checkout again). On the
 * checkout itself `onReview` shows its form again: a link to the page already open would not.
 */
export function PendingOrders({ texts, messages, heading: Heading = 'h1', onReview }: { texts: OfflineOrderTexts; messages: CheckoutTexts; heading?: 'h1' | 'h2'; onReview?: () => void }) {
  const href = useStoreHref();
  const online = useOnline();
  const [orders, setOrders] = useState<SyncTask[] | null>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    const load = () => void offlineOrders().then(setOrders);
    load();
    return subscribeOfflineOrders(load);
  }, []);
  if (orders === null) return null;
  if (orders.length === 0) return <p role="status">{texts.none}</p>;
  const waiting = orders.some((task) => !task.transmited);
  const send = async () => {
    setSending(true);
    try {
      await sendOfflineOrders();
    } finally {
      setSending(false);
    }
  };
  return (
    <section aria-labelledby="pending-orders" data-testid="pending-orders">
      <Heading id="pending-orders">{texts.title}</Heading>
      <ul className="pending-orders">
        {orders.map((task) => {
          const outcome = orderOutcome(task);
          if (outcome === null) return <li key={task.task_id}>{texts.text}</li>;
          if (outcome.kind === 'placed') {
            const link = href(`/thank-you?order=${encodeURIComponent(outcome.incrementId)}&key=${encodeURIComponent(outcome.accessKey)}`);
            return (
              <li key={task.task_id} role="status">
                {texts.placed.replace('{number}', outcome.incrementId)}{' '}
                <a href={link} onClick={() => void acknowledgeOrder(task.task_id)}>
                  {texts.view}
                </a>
              </li>
            );
          }
          const reason = outcome.kind === 'refused' ? checkoutMessage(outcome.text, messages) : checkoutMessage('', messages);
          return (
            <li key={task.task_id} role="alert">
              {texts.refused.replace('{reason}', reason)}{' '}
              <a
                href={href('/checkout')}
                onClick={(event) => {
                  void acknowledgeOrder(task.task_id);
                  if (!onReview) return;
                  event.preventDefault();
                  onReview();
                }}
              >
                {texts.backToCheckout}
              </a>
            </li>
          );
        })}
      </ul>
      {waiting && (
        <p>
          <button type="button" className="button" disabled={!online || sending} aria-busy={sending || undefined} onClick={() => void send()}>
            {sending ? texts.sending : texts.send}
          </button>
          {!online && <span className="pending-orders__hint"> {texts.offlineHint}</span>}
        </p>
      )}
    </section>
  );
}
