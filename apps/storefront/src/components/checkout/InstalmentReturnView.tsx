'use client';

import type { OrderStatus, PaymentStatus } from '@shop/contracts';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { apiCall } from '@/lib/cart/cart-api.ts';
import { forgetPaidCheckout, takePendingPayment } from '@/lib/checkout/pending-payment.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import type { CheckoutTexts } from './checkout-texts.ts';
import { interpolate } from '@/i18n/interpolate.ts';

/** shopping.md §9: the return page goes home after 16 seconds. */
export const REDIRECT_AFTER_SECONDS = 16;

interface OrderData {
  incrementId: string;
  accessKey: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
}

/**
 * The instalment return page (shopping.md §2, §5): `pid` must start with "payment"; the shop reads
 * the payment from Alma (never trusting this visit), shows the result, then counts down to the
 * home page with a visible countdown the shopper can stop.
 */
export function InstalmentReturnView({ pid, texts }: { pid: string; texts: CheckoutTexts }) {
  const href = useStoreHref();
  const router = useRouter();
  const valid = pid.startsWith('payment');
  const [data, setData] = useState<OrderData | 'loading' | 'failed'>(valid ? 'loading' : 'failed');
  const [seconds, setSeconds] = useState(REDIRECT_AFTER_SECONDS);
  const [stayed, setStayed] = useState(false);

  useEffect(() => {
    if (!valid) return;
    let live = true;
    void apiCall<OrderData>('GET', '/api/ext/almapay/order', { pid }).then(async (answer) => {
      if (!live) return;
      if (answer.code !== 200 || typeof answer.result === 'string') {
        console.error('Instalment order data failed:', answer.result);
        setData('failed');
        return;
      }
      const order = answer.result;
      setData(order);
      if (order.paymentStatus === 'paid' && takePendingPayment(order.incrementId)) await forgetPaidCheckout();
    });
    return () => {
      live = false;
    };
  }, [pid, valid]);

  const shown = data !== 'loading';
  useEffect(() => {
    if (!shown || stayed) return;
    if (seconds <= 0) {
      router.push(href('/'));
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [shown, stayed, seconds, router, href]);

  if (data === 'loading') return <p role="status">{texts['loading']}</p>;
  const paid = data !== 'failed' && data.paymentStatus === 'paid';
  const message =
    data === 'failed' ? (valid ? texts['notPaid'] : texts['invalid']) : (paid ? texts['paid'] : data.status === 'pending_payment' ? texts['pending'] : texts['notPaid'])!.replace('{number}', data.incrementId);
  return (
    <article>
      <h1>{texts['title']}</h1>
      <p role={paid ? 'status' : 'alert'} data-testid="instalment-result">
        {message}
      </p>
      {data !== 'failed' && data.status !== 'canceled' && data.status !== 'expired' && (
        <p>
          <a className="button" href={href(`/thank-you?order=${encodeURIComponent(data.incrementId)}&key=${encodeURIComponent(data.accessKey)}`)}>
            {texts['viewOrder']}
          </a>
        </p>
      )}
      {/* Announced once, not every second: the visible number counts, the live region only says when the shopper stays. */}
      <p data-testid="instalment-countdown">{stayed ? null : interpolate(texts['countdown']!, { seconds })}</p>
      <p role="status">{stayed ? texts['stayed'] : ''}</p>
      <p className="button-row">
        {!stayed && (
          <button type="button" className="button button--secondary" onClick={() => setStayed(true)}>
            {texts['stay']}
          </button>
        )}
        <a className="button button--secondary" href={href('/')}>
          {texts['home']}
        </a>
      </p>
    </article>
  );
}
