import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/Breadcrumbs.tsx';
import { bulkAddTexts } from '@/components/quick-order/bulk-add-texts.ts';
import { WishlistItems } from '@/components/wishlist/WishlistItems.tsx';
import { wishlistViewTexts } from '@/components/wishlist/wishlist-texts.ts';
import { t } from '@/i18n/index.ts';
import { TILE_FIELDS } from '@/lib/api/catalog.ts';

/*
 * The wishlist /wishlist (shopping.md §2 named screen): the same page for everyone; the products
 * come from the list kept in the browser (and, signed in, on the server), fetched by the client.
 */
export const metadata: Metadata = {
  title: t('wishlist.metaTitle'),
  robots: { index: false, follow: true },
};

export default function WishlistPage() {
  return (
    <div className="container page">
      <Breadcrumbs trail={[{ name: t('wishlist.title'), href: '/wishlist' }]} />
      <h1>{t('wishlist.title')}</h1>
      <p className="page-header__meta">{t('wishlist.intro')}</p>
      <WishlistItems fields={TILE_FIELDS} texts={wishlistViewTexts()} bulkTexts={bulkAddTexts()} large />
    </div>
  );
}
