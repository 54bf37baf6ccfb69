import type { Metadata } from 'next';
import { QuoteOfferView } from '@/components/quote/QuoteOfferView.tsx';
import { quoteOfferTexts } from '@/components/quote/quote-offer-texts.ts';
import { t } from '@/i18n/index.ts';

/*
 * A quote offer's link /preventivo/<token> (issue #45 point 6), mailed to the buyer by the back
 * office: the browser puts the offer into the shopper's cart and goes on to it. The token is a
 * secret: the page is rendered per request (never cached, the token in it), not indexed, and
 * sends no referrer to the pages it leads to.
 */
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: t('quoteOffer.metaTitle'),
  robots: { index: false, follow: false },
  referrer: 'no-referrer',
};

export default async function QuoteOfferPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <div className="container page">
      <QuoteOfferView token={token} texts={quoteOfferTexts()} />
    </div>
  );
}
