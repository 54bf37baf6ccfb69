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

type PricedDoc = ProductDoc | ConfigurableChild;

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
 * The price rules of vsf-utilities `updateProductPrices`, in cents. Tax-inclusive sources are
 * divided only on the first run: once `original_price` exists the bases are the saved net
 * `original_*` values (VSF required all three originals, so reruns of products without a special
 * price divided the net price again).
 */
function computePrices(doc: PricedDoc, rate: number, ctx: ProductTaxContext): PriceState {
  const firstRun = doc.original_price == null;
  const taxed = (value: number, inclTax: boolean): TaxedCents =>
    inclTax && firstRun ? priceFromGross(toCents(value), rate) : priceWithTax(toCents(value), rate);
  // 0, missing and negative special/final prices mean "none".
  const optional = (value: number | null, inclTax: boolean): TaxedCents | null => {
    const result = value ? taxed(value, inclTax) : null;
    return result && result.net > 0 ? result : null;
  };

  const regular = taxed(euros(doc.original_price) || euros(doc.price) || 0, ctx.sourcePriceInclTax ?? false);
  const specialBase = optional(
    euros(doc.original_special_price) || euros(doc.special_price),
    ctx.sourcePriceInclTax ?? false,
  );
  const finalBase = optional(euros(doc.original_final_price) || euros(doc.final_price), ctx.finalPriceInclTax ?? false);

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

function priceFields(target: string, value: TaxedCents): Record<string, number> {
  return {
    [target]: fromCents(value.net),
    [`${target}_tax`]: fromCents(value.tax),
    [`${target}_incl_tax`]: fromCents(value.gross),
  };
}

function writePrices<T extends PricedDoc>(doc: T, state: PriceState): T {
  return {
    ...doc,
    ...priceFields('original_price', state.regular),
    ...(state.specialBase ? { original_special_price: fromCents(state.specialBase.net) } : {}),
    ...(state.finalBase
      ? { original_final_price: fromCents(state.finalBase.net), ...priceFields('final_price', state.finalBase) }
      : {}),
    ...priceFields('price', state.price),
    // With no tax rate VSF zeroed special_price_incl_tax but kept special_price; we keep them consistent.
    ...priceFields('special_price', state.special ?? ZERO),
  };
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
