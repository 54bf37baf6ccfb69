import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ProductGrid } from '@/components/ProductTile.tsx';
import { t } from '@/i18n/index.ts';
import { getCategoryBySlug, getCategoryProducts } from '@/lib/api/catalog.ts';
import { CATEGORY_PAGE_SIZE } from '@/lib/shop-config.ts';
import { htmlToText, truncate } from '@/lib/text.ts';

export const revalidate = 86400;

export function generateStaticParams(): { slug: string }[] {
  return [];
}

type Props = { params: Promise<{ store: string; slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const category = await getCategoryBySlug(slug);
  if (!category) return {}; // the not-found page brings its own title
  return {
    title: category.meta_title || category.name,
    description: category.meta_description || t('category.metaDescription', { name: category.name }),
  };
}

/**
 * Category page (placeholder for the full page of a later issue): the category's products by
 * position, 48 per page.
 */
export default async function CategoryPage({ params }: Props) {
  const { slug } = await params;
  const category = await getCategoryBySlug(slug);
  if (!category) notFound();
  const { items, total } = await getCategoryProducts(category.id, { size: CATEGORY_PAGE_SIZE, sort: 'position:asc' });
  const intro = truncate(htmlToText(category.short_description), 400);

  return (
    <div className="container page">
      <header className="page-header">
        <h1>{category.name}</h1>
        <p className="page-header__meta">{t('category.productCount', { count: total })}</p>
        {intro && <p className="lead">{intro}</p>}
      </header>
      {items.length > 0 ? (
        <ProductGrid products={items} eagerCount={4} />
      ) : (
        <p className="empty-note">{t('category.empty')}</p>
      )}
    </div>
  );
}
