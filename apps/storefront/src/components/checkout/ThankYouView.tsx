'use client';

import type { OrderView } from '@shop/contracts';
import { formatPrice, toCents } from '@shop/domain';
import { useEffect, useRef, useState } from 'react';
import { trackPurchase } from '@/lib/analytics/shop-events.ts';
import { apiCall } from '@/lib/cart/cart-api.ts';
import { forgetPaidCheckout, takePendingPayment } from '@/lib/checkout/pending-payment.ts';
import { useTrackOnce } from '../analytics/tracking.tsx';
import { useStoreHref } from '../StorePrefix.tsx';
import { checkoutMessage } from './checkout-message.ts';
import { OrderAccount } from './OrderAccount.tsx';
import { OrderShipments } from './OrderShipments.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import type { CheckoutTexts } from './checkout-texts.ts';
import styles from './checkout.module.css';

const euro = (amount: number) => formatPrice(toCents(amount));

/** Card, instalments and PayPal (FatturaPA MP08): paid at a provider, confirmed by its message. */
const isOnline = (order: OrderView) => order.payment.fatturapaCode === 'MP08';

/** How often and how long the page asks again while a provider's confirmation is on its way. */
const VERIFY_EVERY_MS = 2000;
const VERIFY_ATTEMPTS = 15;

/** What to do next: pay by transfer with these details, or pay the courier; a payment received, or an online one being checked. */
function NextSteps({ order, texts, verifying }: { order: OrderView; texts: CheckoutTexts; verifying: boolean }) {
  const transfer = order.payment.instructions;
  const method = order.payment.title;
  return (
    <section aria-labelledby="thankyou-next">
      <h2 id="thankyou-next">{texts['nextSteps']}</h2>
      {isOnline(order) || order.payment.status === 'paid' ? (
        // A bank transfer or cash the seller recorded as received reads as an online payment does.
        <p role="status" data-testid={isOnline(order) ? 'online-payment' : 'payment-received'}>
          {order.payment.status === 'paid'
            ? texts['paymentReceived']!.replace('{amount}', euro(order.grandTotal)).replace('{method}', method)
            : verifying
              ? texts['verifying']!.replace('{method}', method)
              : texts['verifyingSlow']}
        </p>
      ) : transfer ? (
        <>
          <p>{texts['bankTransfer']}</p>
          <dl className={styles.instructions} data-testid="bank-transfer">
            <dt>{texts['beneficiary']}</dt>
            <dd>{transfer.beneficiary}</dd>
            <dt>{texts['iban']}</dt>
            <dd>{transfer.iban}</dd>
            <dt>{texts['bank']}</dt>
            <dd>{transfer.bank}</dd>
            <dt>{texts['reference']}</dt>
            <dd>{transfer.reference}</dd>
            <dt>{texts['amount']}</dt>
            <dd>{euro(transfer.amount)}</dd>
          </dl>
        </>
      ) : (
        order.payment.fatturapaCode === 'MP01' && <p>{texts['cashOnDelivery']!.replace('{amount}', euro(order.grandTotal))}</p>
      )}
    </section>
  );
}

/**
 * The thank-you page (shopping.md §2): the order read with its access key from the link, never
 * by number alone; the number, next steps per payment method, the lines and totals.
 */
export function ThankYouView({
  incrementId,
  accessKey,
  paypalToken,
  texts,
}: {
  incrementId: string;
  accessKey: string;
  /** PayPal's return (token of the approved PayPal order): captured by the shop before the order is shown. */
  paypalToken?: string | undefined;
  texts: CheckoutTexts;
}) {
  const href = useStoreHref();
  const complete = incrementId !== '' && accessKey !== '';
  const [loaded, setState] = useState<{ order: OrderView; verifying: boolean } | { failed: string } | 'loading' | 'missing' | 'unreachable'>('loading');
  const [attempt, setAttempt] = useState(0);
  const state = complete ? loaded : 'missing';
  const placed = typeof state === 'object' && 'order' in state ? state.order : null;
  // The page arrives after a client navigation: focus moves to its heading, as a page load would (WCAG 2.4.3).
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = placed?.incrementId ?? null;
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown]);
  // Once per order, whatever the page's reloads and re-reads (track.ts remembers the number).
  useTrackOnce(placed && placed.status !== 'canceled' && placed.status !== 'expired' ? placed.incrementId : null, () => placed && trackPurchase(placed));
  useEffect(() => {
    if (!complete) return;
    let live = true;
    const read = () => apiCall<OrderView>('GET', `/api/order/${encodeURIComponent(incrementId)}`, { key: accessKey });
    void (async () => {
      if (paypalToken) {
        const done = await apiCall<{ success: boolean; error?: { message: string } }>('POST', '/api/ext/paypal/complete', {}, { order_id: incrementId, key: accessKey, token: paypalToken });
        if (!live) return;
        if (done.code === 200 && typeof done.result !== 'string' && !done.result.success) {
          setState({ failed: checkoutMessage(done.result.error?.message ?? '', texts) });
          return;
        }
      }
      // An online payment's confirmation may still be on its way: ask again for a while.
      for (let tries = 0; live; tries++) {
        const answer = await read();
        if (!live) return;
        if (answer.code !== 200 || typeof answer.result === 'string') {
          // No answer or a server failure says nothing about the order: the shopper may try again.
          setState(answer.code === 0 || answer.code >= 500 ? 'unreachable' : 'missing');
          return;
        }
        const order = answer.result;
        const waiting = isOnline(order) && order.payment.status === 'pending' && order.status === 'pending_payment';
        setState({ order, verifying: waiting && tries < VERIFY_ATTEMPTS });
        // The order is the buyer's now: the cart kept during the payment goes.
        if (takePendingPayment(incrementId)) await forgetPaidCheckout();
        if (!waiting || tries >= VERIFY_ATTEMPTS) return;
        await new Promise((resolve) => setTimeout(resolve, VERIFY_EVERY_MS));
      }
    })();
    return () => {
      live = false;
    };
  }, [complete, incrementId, accessKey, paypalToken, attempt, texts]);

  if (state === 'loading') return <p role="status">{texts['loading']}</p>;
  if (state === 'unreachable') {
    return (
      <>
        <h1>{texts['title']}</h1>
        <p role="alert">{texts['unreachable']}</p>
        <button
          type="button"
          className="button"
          onClick={() => {
            setState('loading');
            setAttempt((n) => n + 1);
          }}
        >
          {texts['retry']}
        </button>
      </>
    );
  }
  if (state === 'missing') {
    return (
      <>
        <h1>{texts['title']}</h1>
        <p role="alert">{texts['notFound']}</p>
        <a href={href('/')}>{texts['continue']}</a>
      </>
    );
  }
  if ('failed' in state) {
    // The provider did not take the money: the cart is still here; another method is one click away.
    return (
      <>
        <h1>{texts['title']}</h1>
        <p role="alert">{state.failed}</p>
        <a className="button" href={href(`/payment-cancelled?order=${encodeURIComponent(incrementId)}&key=${encodeURIComponent(accessKey)}`)}>
          {texts['otherMethod']}
        </a>
      </>
    );
  }
  const { order, verifying } = state;
  return (
    <article className={styles.thankYou}>
      <h1 ref={heading} tabIndex={-1}>
        {texts['title']}
      </h1>
      <p className={styles.orderNumber}>{texts['number']!.replace('{number}', order.incrementId)}</p>
      <p>{texts['mailSent']!.replace('{email}', order.email)}</p>
      <OrderAccount order={order} accessKey={accessKey} texts={texts} />
      {order.status === 'processing' || order.status === 'pending_payment' ? <NextSteps order={order} texts={texts} verifying={verifying} /> : null}
      <OrderShipments order={order} texts={texts} heading="h2" />
      <OrderSummary order={order} headingId="thankyou-items" texts={{ items: texts['review']!, shipping: texts['shipping']!, billing: texts['billing']!, amountsNote: texts['amountsNote']!, services: texts['services']! }} />
      <a className="button" href={href('/')}>
        {texts['continue']}
      </a>
    </article>
  );
}
