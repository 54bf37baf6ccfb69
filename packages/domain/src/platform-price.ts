import { fromCents, toCents } from './money.ts';

/**
 * Price freshness (catalogue.md §3–4, shopping.md §4; VSF's syncProductPrice): prices from the
 * platform (the render-list call) are newer than a cached document's, so they are written over
 * it. The final price is what the shopper pays and the regular price the original; the special
 * price is zeroed when the final price is at or above the original. The document is then marked
 * `price_is_current` with the time of the refresh. Pure.
 */

/** Prices of one product as the platform answers them (euros). */
export interface PlatformPrices {
  final_price: number;
  regular_price: number;
  special_price: number;
}

/** A render-list entry: prices incl. tax, the net ones in tax_adjustments. */
export interface PlatformPriceInfo extends PlatformPrices {
  extension_attributes?: { tax_adjustments?: PlatformPrices };
}

export interface PriceFreshness {
  price_is_current?: boolean;
  /** ISO time of the last refresh from the platform. */
  price_refreshed_at?: string;
}

/** Each net price with its `_tax` (incl. − net, in cents) and `_incl_tax`, as the document's price-calculated fields (catalogue §3). */
export interface SyncedPrices extends Required<PriceFreshness> {
  price: number;
  price_tax: number;
  price_incl_tax: number;
  final_price: number;
  final_price_tax: number;
  final_price_incl_tax: number;
  original_price: number;
  original_price_tax: number;
  original_price_incl_tax: number;
  special_price: number;
  special_price_tax: number;
  special_price_incl_tax: number;
}

/** Net, tax and incl. tax of one price; the tax is the difference, computed in cents. */
function triple(target: string, net: number, gross: number): Record<string, number> {
  return { [target]: net, [`${target}_tax`]: fromCents(toCents(gross) - toCents(net)), [`${target}_incl_tax`]: gross };
}

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** The prices a document takes from the platform's, or null when the answer is incomplete (the document keeps its own). */
export function syncPlatformPrice(info: PlatformPriceInfo | undefined, now: Date): SyncedPrices | null {
  const net = info?.extension_attributes?.tax_adjustments;
  if (!info || !net || ![info.final_price, info.regular_price, net.final_price, net.regular_price].every(finite)) return null;
  const discounted = info.final_price < info.regular_price;
  const grossSpecial = finite(info.special_price) && info.special_price > 0 ? info.special_price : null;
  // Without a net special price the discount is the final price (a catalogue rule).
  const special = !discounted ? [0, 0] : finite(net.special_price) && net.special_price > 0 ? [net.special_price, grossSpecial ?? net.special_price] : [net.final_price, info.final_price];
  return {
    ...triple('price', net.final_price, info.final_price),
    // The final price is what the shopper pays: the price, as on the server (product-tax.ts).
    ...triple('final_price', net.final_price, info.final_price),
    ...triple('original_price', net.regular_price, info.regular_price),
    ...triple('special_price', special[0]!, special[1]!),
    price_is_current: true,
    price_refreshed_at: now.toISOString(),
  } as SyncedPrices;
}
