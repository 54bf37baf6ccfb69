import type { Metadata } from 'next';
import { InstalmentReturnView } from '@/components/checkout/InstalmentReturnView.tsx';
import { instalmentTexts } from '@/components/checkout/checkout-texts.ts';
import { t } from '@/i18n/index.ts';
import { firstParam, type SearchParams } from '@/lib/search-params.ts';

/* Where Alma sends the buyer back: /instalment-return?pid=payment_… (shopping.md §2, §5). */
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: t('instalment.metaTitle'),
  robots: { index: false, follow: false },
  referrer: 'no-referrer',
};

export default async function InstalmentReturnPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  return (
    <div className="container page">
      <InstalmentReturnView pid={firstParam(query, 'pid')} texts={instalmentTexts()} />
    </div>
  );
}
