/** Tier prices (quantity discounts) of one customer group. Pure. */
import { isTierOfGroup, toCents, type TierPrice } from '@shop/domain';

/**
 * Quantity discounts of a product for a customer group (guests: GUEST_GROUP_ID), by quantity,
 * each with its saving on the regular price: the group's own tiers and all groups' (32000).
 */
export function groupTierPrices(
  tiers: readonly TierPrice[] | undefined,
  regularPrice: number,
  groupId: number,
): { qty: number; cents: number; percent: number }[] {
  const regular = toCents(regularPrice);
  if (!tiers || !(regular > 0)) return [];
  const byQty = new Map<number, number>();
  for (const tier of tiers) {
    if (!isTierOfGroup(tier, groupId) || !(tier.qty > 0) || !(tier.value > 0)) continue;
    const cents = toCents(tier.value);
    if (cents >= regular) continue;
    byQty.set(tier.qty, Math.min(byQty.get(tier.qty) ?? Number.POSITIVE_INFINITY, cents));
  }
  return [...byQty.entries()]
    .sort(([a], [b]) => a - b)
    .map(([qty, cents]) => ({ qty, cents, percent: Math.round(((regular - cents) / regular) * 100) }));
}
