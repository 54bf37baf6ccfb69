import type { Metadata } from 'next';
import { t } from '@/i18n/index.ts';
import { storeHref } from '@/lib/store.ts';

/*
 * Where a payment the shopper cancelled at the provider returns (shopping.md §2, §8 "payment not
 * completed"). The cart lives in the browser and was never emptied: it is all still there.
 */
export const metadata: Metadata = {
  title: t('cancelled.title'),
  robots: { index: false, follow: false },
};

export default function PaymentCancelledPage() {
  return (
    <div className="container page">
      <h1>{t('cancelled.title')}</h1>
      <p role="status">{t('checkout.message.paymentNotCompleted')}</p>
      <p>{t('cancelled.body')}</p>
      <p className="button-row">
        <a className="button" href={storeHref('/checkout')}>
          {t('cancelled.retry')}
        </a>
        <a className="button button--secondary" href={storeHref('/shoppingcart')}>
          {t('cancelled.toCart')}
        </a>
      </p>
    </div>
  );
}
