/**
 * SERVER: the static parts of the cart page (shopping.md §2): secure-payment icons in four
 * columns, four service highlights, and the related-products slider "Potrebbe servirti anche".
 */
import { TileList, tileData, type TileProduct } from '@/components/ProductTile.tsx';
import { ProductTileView } from '@/components/ProductTileView.tsx';
import { ListPriceRefresh } from '@/components/ListPriceRefresh.tsx';
import { t, type MessageKey } from '@/i18n/index.ts';
import { deliveryDays } from '@/lib/api/shop.ts';
import styles from './cart.module.css';

const PAYMENTS: readonly { key: MessageKey; mark: string }[] = [
  { key: 'cart.payment.card', mark: 'VISA · MC' },
  { key: 'cart.payment.paypal', mark: 'PayPal' },
  { key: 'cart.payment.instalments', mark: '3×' },
  { key: 'cart.payment.transfer', mark: 'IBAN' },
];

const HIGHLIGHTS: readonly { title: MessageKey; text: MessageKey; icon: string }[] = [
  { title: 'cart.highlight.certifications', text: 'cart.highlight.certificationsText', icon: 'M6 2h9l5 5v15H6zM14 2v6h6M9 14l2 2 4-4' },
  { title: 'cart.highlight.payments', text: 'cart.highlight.paymentsText', icon: 'M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4' },
  { title: 'cart.highlight.consulting', text: 'cart.highlight.consultingText', icon: 'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7l.5 2.8a2 2 0 0 1-.6 1.8L7.8 9.5a16 16 0 0 0 6 6l1.2-1.2a2 2 0 0 1 1.8-.6l2.8.5a2 2 0 0 1 1.7 2z' },
  { title: 'cart.highlight.delivery', text: 'cart.highlight.deliveryText', icon: 'M1 4h13v12H1zM14 8h4l4 4v4h-8zM5.5 19a1.5 1.5 0 1 0 0-.01M18.5 19a1.5 1.5 0 1 0 0-.01' },
];

export async function CartExtras() {
  // The one delivery promise (DELIVERY_DAYS), as the footer and the Spedizioni page say it.
  const days = await deliveryDays();
  return (
    <>
      <section aria-labelledby="cart-payments" className={styles.payments}>
        <h2 id="cart-payments" className={styles.extrasTitle}>
          {t('cart.payments')}
        </h2>
        <ul className={styles.paymentIcons}>
          {PAYMENTS.map(({ key, mark }) => (
            <li key={key}>
              <span className={styles.paymentMark} aria-hidden="true">
                {mark}
              </span>
              <span className={styles.paymentName}>{t(key)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="cart-highlights" className={styles.highlights}>
        <h2 id="cart-highlights" className="visually-hidden">
          {t('cart.highlights')}
        </h2>
        <ul className={styles.highlightList}>
          {HIGHLIGHTS.map(({ title, text, icon }) => (
            <li key={title}>
              <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
                <path d={icon} />
              </svg>
              <div>
                <p className={styles.highlightTitle}>{t(title, { days })}</p>
                <p className={styles.hint}>{t(text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** The related products, a horizontally scrolling row (keyboard: focus it, then arrow keys). */
export function RelatedSlider({ products }: { products: readonly TileProduct[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="cart-related">
      <h2 id="cart-related" className="section-title">
        {t('cart.related')}
      </h2>
      <TileList>
        <ul className={styles.slider} tabIndex={0} aria-labelledby="cart-related">
          {products.map((product) => (
            <li key={product.sku}>
              <ProductTileView tile={tileData(product)} />
            </li>
          ))}
        </ul>
      </TileList>
      <ListPriceRefresh />
    </section>
  );
}
