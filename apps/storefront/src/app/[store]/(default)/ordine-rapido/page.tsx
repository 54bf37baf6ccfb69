import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/Breadcrumbs.tsx';
import { QuickOrder } from '@/components/quick-order/QuickOrder.tsx';
import { quickOrderTexts } from '@/components/quick-order/bulk-add-texts.ts';
import { t } from '@/i18n/index.ts';
import { QUICK_ORDER_PATH } from '@/lib/routing.ts';

/*
 * The quick order /ordine-rapido (issue 42 point 17): the same page for everyone; the rows are
 * checked and added in the browser, priced for the buyer signed in.
 */
export const metadata: Metadata = {
  title: t('quickOrder.metaTitle'),
  description: t('quickOrder.intro'),
};

export default function QuickOrderPage() {
  return (
    <div className="container page">
      <Breadcrumbs trail={[{ name: t('quickOrder.title'), href: QUICK_ORDER_PATH }]} />
      <h1>{t('quickOrder.title')}</h1>
      <p className="page-header__meta">{t('quickOrder.intro')}</p>
      <QuickOrder texts={quickOrderTexts()} />
    </div>
  );
}
