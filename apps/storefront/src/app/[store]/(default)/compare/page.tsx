import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/Breadcrumbs.tsx';
import { CompareView } from '@/components/compare/CompareView.tsx';
import { compareViewTexts } from '@/components/compare/compare-texts.ts';
import { t } from '@/i18n/index.ts';
import { TILE_FIELDS } from '@/lib/api/catalog.ts';
import { getComparableAttributes } from '@/lib/api/compare.ts';

/*
 * Compare list /compare (shopping.md §2). The page itself is the same for everyone and ISR-cached
 * (tags `attribute`, `compare`): it carries the labels of the comparable attributes; the
 * products come from the browser's list, fetched by the client component.
 */
export const revalidate = 86400;

export const metadata: Metadata = {
  title: t('compare.metaTitle'),
  description: t('compare.metaDescription'),
  robots: { index: false, follow: true },
};

export default async function ComparePage() {
  const attributes = await getComparableAttributes();
  const fields = [
    ...TILE_FIELDS,
    'configurable_children.sku',
    ...attributes.flatMap((a) => [a.code, `configurable_children.${a.code}`]),
  ];
  return (
    <div className="container page">
      <Breadcrumbs trail={[{ name: t('compare.heading'), href: '/compare' }]} />
      <h1>{t('compare.heading')}</h1>
      <p className="page-header__meta">{t('compare.intro')}</p>
      <CompareView attributes={attributes} fields={fields} texts={compareViewTexts()} />
    </div>
  );
}
