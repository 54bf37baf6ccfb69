import { toCents, type Cents, type ProductDoc } from '@shop/domain';

/** The numbers a price block shows, in cents. */
export interface PriceView {
  /** What the shopper pays, excluding VAT (the shop's headline price). */
  net: Cents;
  /** The same including VAT (shown beside it for consumers). */
  gross: Cents;
  /** The regular price, struck through, while a special price is active; else null. */
  originalNet: Cents | null;
  originalGross: Cents | null;
  /** Lowest price of the 30 days before a discount (Italian consumer law); only set while discounted and known. */
  lowestNet?: Cents;
  lowestGross?: Cents;
}

export type PricedDoc = Pick<
  ProductDoc,
  'price' | 'price_incl_tax' | 'original_price' | 'original_price_incl_tax' | 'special_price'
> & { lowest_price_30d?: unknown; lowest_price_30d_incl_tax?: unknown };

function cents(value: unknown): Cents | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(n) ? toCents(n) : null;
}

/**
 * Reads the server-computed price fields: `price` is net after an active special price,
 * `price_incl_tax` its gross; `special_price` is 0 unless a special price is active, in which
 * case `original_price(_incl_tax)` is the regular price to strike through. A document without
 * tax fields shows its price as both net and gross.
 */
export function priceView(doc: PricedDoc): PriceView {
  const net = cents(doc.price) ?? 0;
  const gross = cents(doc.price_incl_tax) ?? net;
  const special = cents(doc.special_price) ?? 0;
  const originalNet = cents(doc.original_price);
  if (special > 0 && originalNet !== null && originalNet > net) {
    const view: PriceView = { net, gross, originalNet, originalGross: cents(doc.original_price_incl_tax) ?? originalNet };
    const lowestNet = cents(doc.lowest_price_30d);
    if (lowestNet !== null && lowestNet > 0) {
      view.lowestNet = lowestNet;
      view.lowestGross = cents(doc.lowest_price_30d_incl_tax) ?? lowestNet;
    }
    return view;
  }
  return { net, gross, originalNet: null, originalGross: null };
}
