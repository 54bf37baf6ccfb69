/** Grouped product prices (catalogue.md §4), with the rules of @shop/domain. Pure. */
import { addPrice, docPrice, groupedPrice, ZERO_PRICE, type ProductLink } from '@shop/domain';
import type { PriceView } from '../../lib/price.ts';
import { pairView, priced } from './pricing.ts';
import type { GroupedMember } from './types.ts';

/** Grouped product price (§4): its enabled associated simple products at quantity 1. */
export function groupedHeadline(links: readonly ProductLink[], members: readonly GroupedMember[]): PriceView {
  return pairView(groupedPrice({ product_links: [...links] }, members.map(priced)));
}

/**
 * The headline of a grouped product (issue 42 point 10): "da €X", its cheapest member that can be
 * bought at quantity 1; null when none can (the page then shows the §4 grouped price).
 */
export function groupedFromPrice(members: readonly { member: GroupedMember; buyable: boolean }[]): PriceView | null {
  const prices = members.filter((m) => m.buyable).map((m) => docPrice(priced(m.member)));
  if (prices.length === 0) return null;
  return pairView(prices.reduce((cheapest, price) => (price.gross < cheapest.gross ? price : cheapest)));
}

/** The total of a grouped selection: each member's price times the quantity chosen for it. */
export function groupedSelectionTotal(members: readonly GroupedMember[], quantities: Readonly<Record<string, number>>): PriceView {
  return pairView(
    members.reduce((total, member) => addPrice(total, docPrice(priced(member)), quantities[member.sku] ?? 0), ZERO_PRICE),
  );
}
