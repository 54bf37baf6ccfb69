/**
 * The server cart calls of shopping.md §7. A module of its own, without zod, so the browser's
 * cart can import it (`@shop/contracts/cart-paths`) without the schemas.
 */
export const CART_PATHS = {
  create: '/api/cart/create',
  pull: '/api/cart/pull',
  update: '/api/cart/update',
  delete: '/api/cart/delete',
  totals: '/api/cart/totals',
  paymentMethods: '/api/cart/payment-methods',
  shippingMethods: '/api/cart/shipping-methods',
  shippingInformation: '/api/cart/shipping-information',
  collectTotals: '/api/cart/collect-totals',
  applyCoupon: '/api/cart/apply-coupon',
  deleteCoupon: '/api/cart/delete-coupon',
  /** The applied coupon's code (vue-storefront-api's `GET /api/cart/coupon`). */
  coupon: '/api/cart/coupon',
  /** Quick order (issue 42 point 17): rows of sku and quantity resolved, nothing added. */
  quickOrder: '/api/cart/quick-order',
  productFees: '/api/ext/multifees/productFees',
  shippingFees: '/api/ext/multifees/shippingFees',
  /** Followed by `/{cartId}` (shopping.md §7 "per {cartId}"). */
  setProductFees: '/api/ext/multifees/setProductFees',
  setShippingFees: '/api/ext/multifees/setShippingFees',
} as const;
