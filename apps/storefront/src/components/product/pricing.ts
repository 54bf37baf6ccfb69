/**
 * Prices of the product page, computed with the pure rules of @shop/domain (the same code the
 * server uses), so the browser can follow the shopper's choices without asking the server.
 * Pure: unit-tested in pricing.test.ts.
 */
import { customOptionsDelta, type PricePair } from '@shop/domain';
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
export interface RenderListPrices {
  final_price: number;
  regular_price: number;
  special_price: number;
}
export interface RenderListItem {
  sku: string;
  price_info: RenderListPrices & { extension_attributes?: { tax_adjustments?: RenderListPrices } };
}

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/**
 * Current prices from the render-list call written over cached documents (VSF syncProductPrice):
 * final price is what the shopper pays, regular the original; the special price counts only
 * while the final price is below the regular one. Documents the answer does not name stay as they are.
 */
export function applyRenderList<T extends PriceDoc>(
  docs: Readonly<Record<string, T>>,
  items: readonly RenderListItem[],
): Record<string, T> {
  const next: Record<string, T> = { ...docs };
  for (const item of items) {
    const doc = docs[item.sku];
    const gross = item.price_info;
    const net = gross?.extension_attributes?.tax_adjustments;
    if (!doc || !gross || !net || ![gross.final_price, gross.regular_price, net.final_price, net.regular_price].every(finite)) continue;
    const discounted = gross.final_price < gross.regular_price;
    next[item.sku] = {
      ...doc,
      price: net.final_price,
      price_incl_tax: gross.final_price,
      original_price: net.regular_price,
      original_price_incl_tax: gross.regular_price,
      special_price: discounted ? (finite(net.special_price) && net.special_price > 0 ? net.special_price : net.final_price) : 0,
    };
  }
  return next;
}

/** The price fields the domain's price sums read. */
export function priced(item: PriceDoc) {
  return { sku: item.sku, price: item.price, price_incl_tax: item.price_incl_tax, status: item.status };
}
