import type { ConfigurableChild, ProductDoc, TaxRuleDoc } from './catalog/types.ts';
import { fromCents, toCents } from './money.ts';
import { isSpecialPriceActive } from './special-price.ts';
import { findTaxRate, priceFromGross, priceWithTax, type TaxContext, type TaxedCents } from './tax.ts';
import { groupUnitPrice, type TierPriceContext } from './tier-price.ts';
import { isBuyableChild } from './variant.ts';

/** Context of one server-side tax run. */
export interface ProductTaxContext extends TaxContext {
  now: Date;
  /** `price` and `special_price` in the documents include tax (default false: this shop's sources are net). */
  sourcePriceInclTax?: boolean;
  /** `final_price` in the documents includes tax (default false; VSF defaulted to true, the shop's config says net). */
  finalPriceInclTax?: boolean;
  /** The customer group and quantity whose tier prices may lower the price; without it tiers are ignored. */
  tier?: TierPriceContext;
}

export type PricedDoc = ProductDoc | ConfigurableChild;

interface PriceState {
  regular: TaxedCents;
  price: TaxedCents;
  special: TaxedCents | null;
  specialBase: TaxedCents | null;
  finalBase: TaxedCents | null;
}

const ZERO: TaxedCents = { net: 0, tax: 0, gross: 0 };

/** A document price as a number; catalogue dumps sometimes hold numeric strings. */
function euros(value: unknown): number | null {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * The source prices of a document (euros, on the source's basis), before any tax run. A document
 * the tax run already wrote (it has `original_price`) is read back from its saved `original_*`
 * values only: its `price`, `special_price` and `final_price` are outputs of that run (the price
 * after the special, the special after a catalogue rule, the price the shopper paid then), and
 * reading them as sources would apply tax twice or keep a special price after its window closed.
 * So a document read again, re-imported or recomputed for another country prices as the first time.
 */
export interface SourcePrices {
  price: number;
  /** The special price as the source gives it, active or not; null: none. */
  special: number | null;
  /** The catalogue-rule final price the source gives; null: none. */
  final: number | null;
  /** True when these come from a document a tax run wrote (its originals are net). */
  computed: boolean;
}

const positive = (value: number | null): number | null => (value !== null && value > 0 ? value : null);

export function sourcePrices(doc: PricedDoc): SourcePrices {
  if (doc.original_price != null) {
    return {
      // A configurable parent's own price may be 0 while `price` holds its cheapest child's: not a fallback.
      price: euros(doc.original_price) ?? 0,
      special: positive(euros(doc.original_special_price)),
      final: positive(euros(doc.original_final_price)),
      computed: true,
    };
  }
  return { price: euros(doc.price) || 0, special: positive(euros(doc.special_price)), final: positive(euros(doc.final_price)), computed: false };
}

/**
 * The price rules of vsf-utilities `updateProductPrices`, in cents, from the document's source
 * prices (`sourcePrices`): tax-inclusive sources are divided only on the first run, as the saved
 * originals are net.
 */
function computePrices(doc: PricedDoc, rate: number, ctx: ProductTaxContext): PriceState {
  const source = sourcePrices(doc);
  const taxed = (value: number, inclTax: boolean): TaxedCents =>
    inclTax && !source.computed ? priceFromGross(toCents(value), rate) : priceWithTax(toCents(value), rate);
  // 0, missing and negative special/final prices mean "none".
  const optional = (value: number | null, inclTax: boolean): TaxedCents | null => {
    const result = value ? taxed(value, inclTax) : null;
    return result && result.net > 0 ? result : null;
  };

  const regular = taxed(source.price, ctx.sourcePriceInclTax ?? false);
  const specialBase = optional(source.special, ctx.sourcePriceInclTax ?? false);
  const finalBase = optional(source.final, ctx.finalPriceInclTax ?? false);

  let price = regular;
  let special = specialBase;
  // A final price below the price comes from catalogue rules; below the special price it becomes the special.
  if (finalBase && finalBase.net < price.net) {
    if (specialBase && finalBase.net < specialBase.net) {
      price = specialBase;
      special = finalBase;
    } else {
      price = finalBase;
    }
  }
  if (special && specialBase && special.net < regular.net) {
    if (isSpecialPriceActive(doc.special_from_date, doc.special_to_date, ctx.now)) {
      price = specialBase; // VSF keeps the special base here even after the swap above (vector T18).
    } else {
      special = null;
    }
  } else {
    special = null; // not below the regular price: not a promotion
  }
  if (ctx.tier) price = withTierPrice(doc, price, rate, ctx.tier, ctx.sourcePriceInclTax ?? false);
  return { regular, price, special, specialBase, finalBase };
}

/**
 * The price after the group's quantity breaks. Tier values are never rewritten into the document,
 * so they are always on the source's basis (gross when the source includes tax), even on reruns.
 */
function withTierPrice(doc: PricedDoc, price: TaxedCents, rate: number, tier: TierPriceContext, inclTax: boolean): TaxedCents {
  const base = inclTax ? price.gross : price.net;
  const unit = groupUnitPrice(base, doc['tier_prices'] as ProductDoc['tier_prices'], tier);
  if (unit === base) return price;
  return inclTax ? priceFromGross(unit, rate) : priceWithTax(unit, rate);
}

/** Each price field's three names: net, `_tax` and `_incl_tax` (spelt once, not per document). */
const PRICE_FIELDS = Object.fromEntries(
  ['original_price', 'original_special_price', 'original_final_price', 'price', 'final_price', 'special_price'].map((target) => [target, [target, `${target}_tax`, `${target}_incl_tax`] as const]),
);

function setPriceFields(doc: Record<string, unknown>, target: string, value: TaxedCents): void {
  const [net, tax, gross] = PRICE_FIELDS[target]!;
  doc[net] = fromCents(value.net);
  doc[tax] = fromCents(value.tax);
  doc[gross] = fromCents(value.gross);
}

/**
 * The "price calculated" fields (catalogue §3), each net with its `_tax` and `_incl_tax`:
 * `price` and `special_price` as VSF set them; `final_price` the price the shop charges for one
 * unit now (special, catalogue rule and the group's tier applied: the same as `price`);
 * `original_price` the regular price; `original_special_price` the source's special price whether
 * its window is open or not (0 without one); `original_final_price` the source's catalogue-rule
 * final price, or the regular price when there is none (no rule lowers it). The originals are what
 * a later run starts from (`sourcePrices`).
 */
function writePrices<T extends PricedDoc>(doc: T, state: PriceState): T {
  const priced: Record<string, unknown> = { ...doc };
  setPriceFields(priced, 'original_price', state.regular);
  setPriceFields(priced, 'original_special_price', state.specialBase ?? ZERO);
  setPriceFields(priced, 'original_final_price', state.finalBase ?? state.regular);
  setPriceFields(priced, 'price', state.price);
  setPriceFields(priced, 'final_price', state.price);
  // With no tax rate VSF zeroed special_price_incl_tax but kept special_price; we keep them consistent.
  setPriceFields(priced, 'special_price', state.special ?? ZERO);
  return priced as T;
}

/** Child attributes stored in `custom_attributes` become plain fields, so variant matching sees them. */
function flattenCustomAttributes(child: ConfigurableChild): ConfigurableChild {
  const attributes = Object.fromEntries((child.custom_attributes ?? []).map((a) => [a.attribute_code, a.value]));
  return { ...child, ...attributes };
}

/**
 * Server-side product tax (vsf-utilities taxCalc with rounding, computed in cents): returns a new
 * document with price, special, final and original prices and their `_tax`/`_incl_tax` values in
 * euros. Configurable children are recomputed and the cheapest one's price and special lift to the parent.
 */
export function calculateProductTax(product: ProductDoc, taxRules: readonly TaxRuleDoc[], ctx: ProductTaxContext): ProductDoc {
  const rate = findTaxRate(product.tax_class_id, taxRules, ctx);
  const state = computePrices(product, rate, ctx);
  if (!product.configurable_children) return writePrices(product, state);

  const states = product.configurable_children.map((raw) => {
    const child = flattenCustomAttributes(raw);
    return { raw, child, childState: computePrices(child, rate, ctx) };
  });
  // The parent shows its cheapest buyable child (enabled, in stock); with none buyable, as before,
  // the lowest price of any child at or below the parent (or any child over a 0 parent).
  // Only a configurable's children are its variants (a simple product may carry a Luma child list: ignored here, as before).
  const buyable = product.type_id === 'configurable' ? states.filter(({ raw, childState }) => isBuyableChild(raw) && childState.price.net > 0) : [];
  if (buyable[0]) {
    state.price = buyable[0].childState.price;
    state.special = buyable[0].childState.special;
  }
  for (const { childState } of buyable.length > 0 ? buyable : states) {
    if (childState.price.gross <= state.price.gross || state.price.net === 0) {
      state.price = childState.price;
      state.special = childState.special;
    }
  }
  const children = states.map(({ child, childState }) => writePrices(child, childState));
  return { ...writePrices(product, state), configurable_children: children };
}
