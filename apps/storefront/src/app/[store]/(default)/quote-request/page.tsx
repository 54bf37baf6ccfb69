import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/Breadcrumbs.tsx';
import { QuoteForm } from '@/components/quote/QuoteForm.tsx';
import { quoteFormTexts } from '@/components/quote/quote-texts.ts';
import { t } from '@/i18n/index.ts';

/*
 * The quote request /quote-request (shopping.md §2 named screen), opened from a product page
 * (`?sku=`) or the cart (`?from=cart`): the same page for everyone; the form reads what it is
 * about in the browser.
 */
export const metadata: Metadata = {
  title: t('quote.metaTitle'),
  robots: { index: false, follow: false },
};

export default function QuoteRequestPage() {
  return (
    <div className="container page">
      <Breadcrumbs trail={[{ name: t('quote.title'), href: '/quote-request' }]} />
      <h1>{t('quote.title')}</h1>
      <p className="page-header__meta">{t('quote.intro')}</p>
      <QuoteForm texts={quoteFormTexts()} />
    </div>
  );
}
