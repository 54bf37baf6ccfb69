import type { Metadata } from 'next';
import { CartExtras, RelatedSlider } from '@/components/cart/CartExtras.tsx';
import { CartView } from '@/components/cart/CartView.tsx';
import { cartTexts } from '@/components/cart/cart-texts.ts';
import { QuoteLink } from '@/components/quote/QuoteLink.tsx';
import { t } from '@/i18n/index.ts';
import { getCategoryProducts } from '@/lib/api/catalog.ts';
import { CART_RELATED } from '@/lib/shop-config.ts';

/*
 * The cart page /shoppingcart (alias /shoppingcart.html, see lib/routing.ts). Its content is the
 * browser's cart, so the page is not cached and not indexed; the related products come from the
 * catalogue's cached reads.
 */
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: t('cart.metaTitle'),
  robots: { index: false, follow: false },
};

export default async function CartPage() {
  const related = await getCategoryProducts(CART_RELATED.categoryId, { size: CART_RELATED.size, sort: CART_RELATED.sort }).catch((error: unknown) => {
    // Slider data failure: logged, and the slider is left out (shopping.md §8).
    console.error('Cart related products failed', error);
    return { items: [] };
  });
  return (
    <div className="container page">
      <h1>{t('cart.title')}</h1>
      <CartView texts={cartTexts()} extras={
          <>
            <QuoteLink />
            <CartExtras />
          </>
        } related={<RelatedSlider products={related.items} />} />
    </div>
  );
}
