/** Tier prices (quantity discounts) a guest sees. Pure. */
import { toCents, type TierPrice } from '@shop/domain';

/** Customer groups whose tier prices a guest sees: 0 (not logged in) and 32000 (all groups). */
const GUEST_GROUPS = new Set([0, 32000]);

/** Quantity discounts of a product for guests, by quantity, each with its saving on the regular price. */
export function guestTierPrices(tiers: readonly TierPrice[] | undefined, regularPrice: number): { qty: number; cents: number; percent: number }[] {
  const regular = toCents(regularPrice);
  if (!tiers || !(regular > 0)) return [];
  const byQty = new Map<number, number>();
  for (const tier of tiers) {
    if (!GUEST_GROUPS.has(Number(tier.customer_group_id)) || !(tier.qty > 0) || !(tier.value > 0)) continue;
    const cents = toCents(tier.value);
    if (cents >= regular) continue;
    byQty.set(tier.qty, Math.min(byQty.get(tier.qty) ?? Number.POSITIVE_INFINITY, cents));
  }
  return [...byQty.entries()]
    .sort(([a], [b]) => a - b)
    .map(([qty, cents]) => ({ qty, cents, percent: Math.round(((regular - cents) / regular) * 100) }));
}
