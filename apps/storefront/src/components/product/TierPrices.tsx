import type { TierPrice } from '@shop/domain';
import { t } from '@/i18n/index.ts';
import { GroupTierPrices } from './GroupTierPrices.tsx';

/** SERVER: the quantity-discount table, its texts looked up here so the browser gets no catalogue. */
export function TierPrices({ tiers, regularPrice }: { tiers: readonly TierPrice[] | undefined; regularPrice: number }) {
  return <GroupTierPrices tiers={tiers} regularPrice={regularPrice} texts={{ title: t('product.tierPrices.title'), row: t('product.tierPrices.row') }} />;
}
