import { t } from '@/i18n/index.ts';
import { storeHref } from '@/lib/store.ts';
import styles from './quote.module.css';

/** "Large quantities? Ask for a quote": the way to /quote-request from a product page (its SKU) or the cart. */
export function QuoteLink({ sku }: { sku?: string }) {
  const query = sku === undefined ? 'from=cart' : `sku=${encodeURIComponent(sku)}`;
  return (
    <p className={styles.ask}>
      {t('quote.ask')}{' '}
      <a href={storeHref(`/quote-request?${query}`)} data-testid="quote-link">
        {t('quote.askLink')}
      </a>
    </p>
  );
}
