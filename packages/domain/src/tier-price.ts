import type { TierPrice } from './catalog/types.ts';
import { toCents, type Cents } from './money.ts';

/** Magento's NOT LOGGED IN customer group: every shopper without a signed-in account. */
export const GUEST_GROUP_ID = 0;
/** Magento's ALL GROUPS: a tier price of every customer group, guests included. */
export const ALL_GROUPS_ID = 32000;

/** Whose quantity breaks apply: a customer group buying `qty` units of one line. */
export interface TierPriceContext {
  groupId: number;
  qty: number;
}

/** Whether a tier price is one of `groupId`'s (its own or all groups'); dumps may hold ids as strings. */
export function isTierOfGroup(tier: Pick<TierPrice, 'customer_group_id'>, groupId: number): boolean {
  const owner = Number(tier.customer_group_id);
  return owner === groupId || owner === ALL_GROUPS_ID;
}

/**
 * The unit price for a customer group buying `qty` units (shopping.md §6, catalogue.md §3
 * tier_prices): the lowest of the final price and the group's tier prices whose quantity is
 * reached. Tier values are on the same tax basis as the price, so `finalPrice` must be too;
 * a tier of 0 or less, or without a quantity, is no price.
 */
export function groupUnitPrice(finalPrice: Cents, tiers: readonly TierPrice[] | undefined, { groupId, qty }: TierPriceContext): Cents {
  let lowest = finalPrice;
  for (const tier of tiers ?? []) {
    const value = toCents(Number(tier.value));
    const breakQty = Number(tier.qty);
    if (!isTierOfGroup(tier, groupId) || !(breakQty > 0) || breakQty > qty || !(value > 0)) continue;
    lowest = Math.min(lowest, value);
  }
  return lowest;
}
