/** Bundle product prices (catalogue.md §4), with the rules of @shop/domain. Pure. */
import { bundlePrice, type BundleOptionSelection } from '@shop/domain';
import type { PriceView } from '../../lib/price.ts';
import { pairView, priced } from './pricing.ts';
import { stockStatus } from './stock.ts';
import type { BundleOptionView, SellableItem } from './types.ts';

/** A bundle option's selection: chosen link ids and the option quantity. */
export interface BundleChoice {
  ids: string[];
  qty: number;
}
export type BundleChoices = Readonly<Record<number, BundleChoice>>;

/**
 * Every option starts with its default link (or its first) at that link's quantity (§4). With the
 * linked products' `items` known, a sold-out link is never preselected (issue 42 point 10): the
 * first buyable one is, or none.
 */
export function defaultBundleChoices(options: readonly BundleOptionView[], items?: Readonly<Record<string, SellableItem>>): Record<number, BundleChoice> {
  const choices: Record<number, BundleChoice> = {};
  // As the page judges a link (BundlePurchase's outOfStock): unknown stock is not sold out.
  const buyable = (sku: string) => !items || stockStatus(undefined, items[sku]?.stock) !== 'out_of_stock';
  for (const option of options) {
    const links = option.product_links.filter((candidate) => buyable(candidate.sku));
    const link = links.find((candidate) => candidate.is_default) ?? links[0];
    choices[option.option_id] = { ids: link ? [link.id] : [], qty: link ? Math.max(0, Math.trunc(link.qty)) : 1 };
  }
  return choices;
}

/** Bundle price (§4) of the current choices: the chosen linked products times the option quantities. */
export function bundleTotal(
  options: readonly BundleOptionView[],
  items: Readonly<Record<string, SellableItem>>,
  choices: BundleChoices,
): PriceView {
  const selections: BundleOptionSelection[] = options.map((option) => ({
    option_id: option.option_id,
    option_qty: choices[option.option_id]?.qty ?? 0,
    option_selections: choices[option.option_id]?.ids ?? [],
  }));
  return pairView(bundlePrice({ bundle_options: [...options] }, Object.values(items).map(priced), selections));
}
