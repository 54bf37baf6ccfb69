import type { ProductDoc } from './catalog/types.ts';
import { toCents, type PricePair } from './money.ts';

/** The price fields a linked product needs to be summed into a parent price. */
export type PricedProduct = Pick<ProductDoc, 'sku' | 'price' | 'price_incl_tax' | 'status'>;

/** A taxed document's unit price in cents; an untaxed one (no price_incl_tax) counts its price as gross. */
export function docPrice(doc: PricedProduct): PricePair {
  return { net: toCents(doc.price), gross: toCents(doc.price_incl_tax || doc.price) };
}

/** Adds `qty` units of `unit` to `total`. */
export function addPrice(total: PricePair, unit: PricePair, qty: number): PricePair {
  return { net: total.net + unit.net * qty, gross: total.gross + unit.gross * qty };
}

/** The starting point of a price sum. */
export const ZERO_PRICE: Readonly<PricePair> = Object.freeze({ net: 0, gross: 0 });
