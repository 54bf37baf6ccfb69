'use client';

import { useEffect, useState } from 'react';
import { startCart } from '@/lib/cart/cart-store.ts';
import { abandonPendingOrder } from '@/lib/checkout/pending-payment.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import type { CheckoutTexts } from './checkout-texts.ts';

/**
 * Where a payment the shopper cancelled (or the provider refused) returns (shopping.md §2, §8
 * "payment not completed"): the waiting order is cancelled with its provider payment, its stock
 * and coupon go back, and the cart comes back as it was, ready for a second attempt.
 */
export function PaymentCancelledView({ incrementId, accessKey, declined, texts }: { incrementId: string; accessKey: string; declined: boolean; texts: CheckoutTexts }) {
  const href = useStoreHref();
  const [state, setState] = useState<'restoring' | 'done' | 'paid'>(incrementId && accessKey ? 'restoring' : 'done');
  useEffect(startCart, []);
  useEffect(() => {
    if (!incrementId || !accessKey) return;
    let live = true;
    void abandonPendingOrder(incrementId, accessKey).then((outcome) => {
      if (live) setState(outcome === 'paid' ? 'paid' : 'done');
    });
    return () => {
      live = false;
    };
  }, [incrementId, accessKey]);

  if (state === 'paid') {
    return (
      <>
        <h1>{texts['title']}</h1>
        <p role="status">{texts['paidMeanwhile']}</p>
        <a className="button" href={href(`/thank-you?order=${encodeURIComponent(incrementId)}&key=${encodeURIComponent(accessKey)}`)}>
          {texts['viewOrder']}
        </a>
      </>
    );
  }
  return (
    <>
      <h1>{texts['title']}</h1>
      <p role="status">{state === 'restoring' ? texts['restoring'] : declined ? texts['declined'] : texts['notCompleted']}</p>
      {state === 'done' && (
        <>
          <p>{texts['body']}</p>
          <p className="button-row">
            <a className="button" href={href('/checkout')}>
              {texts['retry']}
            </a>
            <a className="button button--secondary" href={href('/shoppingcart')}>
              {texts['toCart']}
            </a>
          </p>
        </>
      )}
    </>
  );
}
