'use client';

/**
 * The quantity-discount table of the shopper's customer group. The server renders the guests'
 * tiers (product pages are cached for everyone); after hydration a signed-in customer sees the
 * tiers of their own group instead.
 */
import { formatPrice, GUEST_GROUP_ID, type TierPrice } from '@shop/domain';
import { useSyncExternalStore } from 'react';
import { interpolate } from '@/i18n/interpolate.ts';
import { currentCustomer, subscribe } from '@/lib/account/session.ts';
import { groupTierPrices } from './tier-prices.ts';
import styles from './product.module.css';

/** The heading, and the row template with {qty}, {price} and {percent}. */
export interface TierPriceTexts {
  title: string;
  row: string;
}

export function GroupTierPrices({ tiers, regularPrice, texts }: { tiers: readonly TierPrice[] | undefined; regularPrice: number; texts: TierPriceTexts }) {
  const customer = useSyncExternalStore(subscribe, currentCustomer, () => null);
  const rows = groupTierPrices(tiers, regularPrice, customer?.group_id ?? GUEST_GROUP_ID);
  if (rows.length === 0) return null;
  return (
    <section className={styles.tiers} aria-labelledby="tier-prices" data-testid="tier-prices">
      <h2 id="tier-prices" className={styles.smallHeading}>
        {texts.title}
      </h2>
      <ul>
        {rows.map((row) => (
          <li key={row.qty}>{interpolate(texts.row, { qty: row.qty, price: formatPrice(row.cents), percent: row.percent })}</li>
        ))}
      </ul>
    </section>
  );
}
