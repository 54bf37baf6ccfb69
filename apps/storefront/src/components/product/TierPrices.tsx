import { formatPrice, type TierPrice } from '@shop/domain';
import { t } from '@/i18n/index.ts';
import { guestTierPrices } from './tier-prices.ts';
import styles from './product.module.css';

export function TierPrices({ tiers, regularPrice }: { tiers: readonly TierPrice[] | undefined; regularPrice: number }) {
  const rows = guestTierPrices(tiers, regularPrice);
  if (rows.length === 0) return null;
  return (
    <section className={styles.tiers} aria-labelledby="tier-prices" data-testid="tier-prices">
      <h2 id="tier-prices" className={styles.smallHeading}>
        {t('product.tierPrices.title')}
      </h2>
      <ul>
        {rows.map((row) => (
          <li key={row.qty}>{t('product.tierPrices.row', { qty: row.qty, price: formatPrice(row.cents), percent: row.percent })}</li>
        ))}
      </ul>
    </section>
  );
}
