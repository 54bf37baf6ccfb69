import type { Metadata } from 'next';
import { PaymentCancelledView } from '@/components/checkout/PaymentCancelledView.tsx';
import { cancelledTexts } from '@/components/checkout/checkout-texts.ts';
import { t } from '@/i18n/index.ts';

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

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export default async function PaymentCancelledPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  return (
    <div className="container page">
      <PaymentCancelledView incrementId={first(query['order'])} accessKey={first(query['key'])} declined={first(query['reason']) === 'failed'} texts={cancelledTexts()} />
    </div>
  );
}
