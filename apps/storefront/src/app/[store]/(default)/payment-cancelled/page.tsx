import type { Metadata } from 'next';
import { PaymentCancelledView } from '@/components/checkout/PaymentCancelledView.tsx';
import { cancelledTexts } from '@/components/checkout/checkout-texts.ts';
import { t } from '@/i18n/index.ts';
import { firstParam, type SearchParams } from '@/lib/search-params.ts';

/*
 * Where a payment the shopper cancelled at the provider returns (shopping.md §2, §8 "payment not
 * completed"): /payment-cancelled?order=…&key=… (&reason=failed when the provider refused it).
 */
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: t('cancelled.title'),
  robots: { index: false, follow: false },
  referrer: 'no-referrer',
};

export default async function PaymentCancelledPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  return (
    <div className="container page">
      <PaymentCancelledView incrementId={firstParam(query, 'order')} accessKey={firstParam(query, 'key')} declined={firstParam(query, 'reason') === 'failed'} texts={cancelledTexts()} />
    </div>
  );
}
