import { t } from '@/i18n/index.ts';
import { paymentsTestMode } from '@/lib/test-shop.ts';
import styles from './TestShopBanner.module.css';

/**
 * The mark of a test shop (PAYMENTS_TEST_MODE=true): a strip above every page saying no payment
 * is real, so nobody takes a sandbox approval for a purchase. Nothing when the shop is real.
 */
export function TestShopBanner() {
  if (!paymentsTestMode()) return null;
  return (
    <div className={styles.banner} role="note" aria-label={t('testShop.label')} data-testid="test-shop-banner">
      {t('testShop.banner')}
    </div>
  );
}
