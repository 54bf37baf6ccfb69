import type { Metadata } from 'next';
import { ThankYouView } from '@/components/checkout/ThankYouView.tsx';
import { thankYouTexts } from '@/components/checkout/checkout-texts.ts';
import { t } from '@/i18n/index.ts';

/*
 * The order confirmation /thank-you?order=…&key=… (shopping.md §2), also where card and PayPal
 * payments return (&provider=…): read with the order's key, never indexed.
 */
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: t('thankyou.metaTitle'),
  robots: { index: false, follow: false },
  referrer: 'no-referrer',
};

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export default async function ThankYouPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  return (
    <div className="container page">
      <ThankYouView
        incrementId={first(query['order'])}
        accessKey={first(query['key'])}
        paypalToken={first(query['provider']) === 'paypal_express' ? first(query['token']) || undefined : undefined}
        texts={thankYouTexts()}
      />
    </div>
  );
}
