import { TOO_MANY_REQUESTS } from '../too-many-requests.ts';

/** Texts of shopping.md §5 and §8 the cart rules and calls answer with; `{name}` marks a parameter. */
export const CART_MESSAGES = {
  addedToCart: 'Product has been added to the cart!',
  qtyUpdated: 'Product quantity has been updated!',
  volatileStock:
    'The system is not sure about the stock quantity (volatile). Product has been added to the cart for pre-reservation.',
  outOfStock: 'The product is out of stock and cannot be added to the cart!',
  priceUnknown: 'Product price is unknown, product cannot be added to the cart!',
  noVariants: 'No available product variants',
  noConfiguration: 'No such configuration for the product. Please do choose another combination of attributes.',
  noParentSku: "Product doesn't have parentSku, please check if this is configurable product",
  inStock: 'In stock!',
  outOfTheStock: 'Out of the stock!',
  qtyPositive: 'Quantity must be positive integer',
  qtyBelow: 'Quantity must be below {quantity}',
  editOnlyAvailable: 'Only {maxQuantity} products of this type are available!',
  couponInvalid: 'Incorrect coupon code. Please try again.',
  /** Not in the spec: a refused real code says why when that is no secret (issue 42). */
  couponBelowMinimum: 'This coupon code is valid from {amount} EUR of purchases (VAT excluded).',
  couponExpired: 'This coupon code has expired.',
  couponApplied: 'Coupon code added successfully',
  couponRemoved: 'Coupon code removed',
  couponThrottled: 'Too many incorrect coupon codes. Please try again in {minutes} minutes.',
  /** Not in the spec: new carts per client address are rate-limited (issue 13 item 20). */
  cartCreateThrottled: 'Too many new carts from this address. Please try again in {minutes} minutes.',
  tooManyRequests: TOO_MANY_REQUESTS,
  confirmRemoveItem: 'Are you sure you would like to remove this item from the shopping cart?',
  confirmClear: 'Are you sure you would like to remove all the items from the shopping cart?',
  cartFull: 'A cart holds at most {max} lines',
  noDefaultCountry: 'Please do set the tax.defaultCountry in order to calculate totals',
} as const;

/** Fills `{name}` parameters: formatMessage(CART_MESSAGES.qtyBelow, { quantity: 5 }). */
export function formatMessage(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
