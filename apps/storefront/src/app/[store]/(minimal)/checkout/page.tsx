import type { Metadata } from 'next';
import { cartTexts } from '@/components/cart/cart-texts.ts';
import { CheckoutView } from '@/components/checkout/CheckoutView.tsx';
import { checkoutTexts } from '@/components/checkout/checkout-texts.ts';
import { offlineOrderTexts } from '@/components/offline/offline-texts.ts';
import { t } from '@/i18n/index.ts';

/*
 * The checkout /checkout (shopping.md §2) in the minimal layout: the logo and the form, no menu
 * and no cart buttons to leave by mistake. Its content is the browser's cart: not indexed.
 */
// Rendered per request: its strict CSP nonce (lib/csp.ts) must be fresh on every response.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: t('checkout.metaTitle'),
  robots: { index: false, follow: false },
};

export default function CheckoutPage() {
  return (
    <div className="container page">
      <h1>{t('checkout.title')}</h1>
      <CheckoutView texts={checkoutTexts()} cartTexts={cartTexts()} offlineTexts={offlineOrderTexts()} />
    </div>
  );
}
