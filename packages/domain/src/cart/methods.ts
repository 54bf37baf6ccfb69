import type { Cents } from '../money.ts';

const VIRTUAL_TYPES = new Set(['virtual', 'downloadable']);

/** A cart of only virtual or downloadable items (nothing to ship); an empty cart is not virtual. */
export function isVirtualCart(productTypes: readonly string[]): boolean {
  return productTypes.length > 0 && productTypes.every((type) => VIRTUAL_TYPES.has(type));
}

export interface PaymentRule {
  hideForVirtual: boolean;
  /** The grand total must stay below this (cents); null: no cap. */
  maxGrandTotal: Cents | null;
}

/**
 * Whether a payment method may be offered and chosen. Cash on delivery is hidden for virtual
 * carts and refused from 5,000 EUR: Italian law forbids cash payments of 5,000 EUR or more.
 */
export function isPaymentAllowed(rule: PaymentRule, cart: { virtual: boolean; grandTotal: Cents }): boolean {
  if (rule.hideForVirtual && cart.virtual) return false;
  return rule.maxGrandTotal === null || cart.grandTotal < rule.maxGrandTotal;
}

export type ShippingSurchargeRule =
  /** Postcodes starting with one of the prefixes (islands: Sicily 90–98, Sardinia 07–09). */
  | { kind: 'postcode'; title: string; prefixes: readonly string[]; amount: Cents }
  /** Any line in one of the categories (bulky goods on a pallet); charged once per cart. */
  | { kind: 'category'; title: string; categoryIds: readonly number[]; amount: Cents };

export interface ShippingRateRule {
  countries: readonly string[];
  price: Cents;
  /** From this subtotal (excl. tax, after discount) the base price is waived; surcharges remain. */
  freeFrom: Cents | null;
  surcharges: readonly ShippingSurchargeRule[];
}

export interface ShippingCart {
  subtotalAfterDiscount: Cents;
  categoryIds: readonly number[];
  country: string;
  postcode?: string | undefined;
}

/** Net shipping price for the cart, or null when the method does not serve the country. */
export function shippingRate(rule: ShippingRateRule, cart: ShippingCart): Cents | null {
  if (!rule.countries.includes(cart.country)) return null;
  const base = rule.freeFrom !== null && cart.subtotalAfterDiscount >= rule.freeFrom ? 0 : rule.price;
  const postcode = (cart.postcode ?? '').trim();
  return rule.surcharges.reduce((total, surcharge) => {
    const applies =
      surcharge.kind === 'postcode'
        ? postcode !== '' && surcharge.prefixes.some((prefix) => postcode.startsWith(prefix))
        : cart.categoryIds.some((id) => surcharge.categoryIds.includes(id));
    return applies ? total + surcharge.amount : total;
  }, base);
}
