/**
 * Prices of the product page, computed with the pure rules of @shop/domain (the same code the
 * server uses), so the browser can follow the shopper's choices without asking the server.
 * Pure: unit-tested in pricing.test.ts.
 */
import { customOptionsDelta, syncPlatformPrice, type PlatformPriceInfo, type PriceFreshness, type PricePair } from '@shop/domain';
import { priceView, type PriceView } from '../../lib/price.ts';
import type { CustomOptionValueView, CustomOptionView, PriceDoc } from './types.ts';

/** A plain price (no discount) as a price view. */
export function pairView(pair: PricePair): PriceView {
  return { net: pair.net, gross: pair.gross, originalNet: null, originalGross: null };
}

/** A document's price as shown: the current price, and the struck-through original while discounted. */
export function itemPriceView(doc: PriceDoc): PriceView {
  return priceView(doc);
}

/**
 * Adds chosen custom option values to a price (catalogue.md §4: fixed adds the price, percent
 * adds that percent of the product price; only option_type_id > 0 counts). The struck-through
 * original and the 30-day lowest price get the same options on their own base.
 */
export function withCustomOptions(view: PriceView, values: readonly CustomOptionValueView[]): PriceView {
  if (values.length === 0) return view;
  const add = (net: number, gross: number): PricePair => {
    const delta = customOptionsDelta(values, { net, gross });
    return { net: net + delta.net, gross: gross + delta.gross };
  };
  const current = add(view.net, view.gross);
  const result: PriceView = { ...current, originalNet: null, originalGross: null };
  if (view.originalNet !== null) {
    const original = add(view.originalNet, view.originalGross ?? view.originalNet);
    result.originalNet = original.net;
    result.originalGross = original.gross;
  }
  if (view.lowestNet !== undefined) {
    const lowest = add(view.lowestNet, view.lowestGross ?? view.lowestNet);
    result.lowestNet = lowest.net;
    result.lowestGross = lowest.gross;
  }
  return result;
}

/** The shopper's choice of one custom option: chosen value ids, or the text typed. */
export type CustomOptionChoice = readonly number[] | string;
export type CustomOptionChoices = Readonly<Record<number, CustomOptionChoice>>;

/** The chosen values of selectable options, in option order. */
export function chosenOptionValues(
  options: readonly CustomOptionView[],
  choices: CustomOptionChoices,
): CustomOptionValueView[] {
  return options.flatMap((option) => {
    const choice = choices[option.option_id];
    if (!Array.isArray(choice) || !option.values) return [];
    return option.values.filter((value) => choice.includes(value.option_type_id));
  });
}

/** One entry of the render-list answer (catalogue.md §7): prices incl. tax, net ones in tax_adjustments. */
export interface RenderListItem {
  sku: string;
  price_info: PlatformPriceInfo;
}

/**
 * Current prices from the render-list call written over cached documents by the domain's
 * freshness rule (syncPlatformPrice: special price zeroed at or above the original, documents
 * marked price_is_current). Documents the answer does not name, or names incompletely, stay as they are.
 */
export function applyRenderList<T extends PriceDoc>(
  docs: Readonly<Record<string, T>>,
  items: readonly RenderListItem[],
  now: Date = new Date(),
): Record<string, T & PriceFreshness> {
  const next: Record<string, T & PriceFreshness> = { ...docs };
  for (const item of items) {
    const doc = docs[item.sku];
    const synced = doc && syncPlatformPrice(item.price_info, now);
    if (doc && synced) next[item.sku] = { ...doc, ...synced };
  }
  return next;
}

/** The price fields the domain's price sums read. */
export function priced(item: PriceDoc) {
  return { sku: item.sku, price: item.price, price_incl_tax: item.price_incl_tax, status: item.status };
}
