import type { Metadata } from 'next';
import { ThankYouView } from '@/components/checkout/ThankYouView.tsx';
import { thankYouTexts } from '@/components/checkout/checkout-texts.ts';
import { offlineOrderTexts } from '@/components/offline/offline-texts.ts';
import { PendingOrders } from '@/components/offline/PendingOrders.tsx';
import { t } from '@/i18n/index.ts';
import { firstParam, type SearchParams } from '@/lib/search-params.ts';

/*
 * The order confirmation /thank-you?order=…&key=… (shopping.md §2), also where card and PayPal
 * payments return (&provider=…): read with the order's key, never indexed. With ?pending=1: the
 * orders placed offline, sent from here (shopping.md §4 "Offline").
 */
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: t('thankyou.metaTitle'),
  robots: { index: false, follow: false },
  referrer: 'no-referrer',
};

export default async function ThankYouPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  if (firstParam(query, 'pending') !== '') {
    return (
      <div className="container page">
        <PendingOrders texts={offlineOrderTexts()} messages={thankYouTexts()} />
      </div>
    );
  }
  return (
    <div className="container page">
      <ThankYouView
        incrementId={firstParam(query, 'order')}
        accessKey={firstParam(query, 'key')}
        paypalToken={firstParam(query, 'provider') === 'paypal_express' ? firstParam(query, 'token') || undefined : undefined}
        texts={thankYouTexts()}
      />
    </div>
  );
}
