/**
 * The texts of the cart's client components by short name (`texts.remove`). The server looks
 * them up (cartTexts) and hands them down, so the browser never loads the message catalogue.
 * Names of @shop/domain's CART_MESSAGES come first: server and rule texts are shown through them
 * (lib/cart/messages.ts).
 */
import { lookUpTexts, type MessageKey } from '@/i18n/index.ts';
import type { CartMessageName } from '@/lib/cart/messages.ts';

const MESSAGE_KEYS = {
  addedToCart: 'cart.message.addedToCart',
  qtyUpdated: 'cart.message.qtyUpdated',
  volatileStock: 'stock.volatile',
  outOfStock: 'stock.cannotAdd',
  priceUnknown: 'cart.validation.unknownPrice',
  noVariants: 'cart.validation.noVariants',
  noConfiguration: 'cart.validation.noConfiguration',
  noParentSku: 'cart.validation.noParentSku',
  inStock: 'stock.inStock',
  outOfTheStock: 'stock.outOfStock',
  qtyPositive: 'cart.validation.quantityPositive',
  qtyBelow: 'cart.validation.quantityMax',
  editOnlyAvailable: 'cart.message.editOnlyAvailable',
  couponInvalid: 'cart.message.couponInvalid',
  couponBelowMinimum: 'cart.message.couponBelowMinimum',
  couponExpired: 'cart.message.couponExpired',
  couponApplied: 'cart.message.couponApplied',
  couponRemoved: 'cart.message.couponRemoved',
  couponThrottled: 'cart.message.couponThrottled',
  cartCreateThrottled: 'cart.message.cartCreateThrottled',
  tooManyRequests: 'cart.message.tooManyRequests',
  confirmRemoveItem: 'cart.message.confirmRemoveItem',
  confirmClear: 'cart.message.confirmClear',
  cartFull: 'cart.message.cartFull',
  noDefaultCountry: 'cart.message.noDefaultCountry',
} as const satisfies Readonly<Record<CartMessageName, MessageKey>>;

export const CART_TEXTS = {
  ...MESSAGE_KEYS,
  somethingWrong: 'cart.message.somethingWrong',
  feeAdded: 'cart.feeAdded',
  feeRemoved: 'cart.feeRemoved',
  title: 'cart.title',
  empty: 'cart.empty',
  loading: 'cart.loading',
  badge: 'cart.badge',
  cart: 'header.cart',
  close: 'cart.close',
  toCart: 'cart.toCart',
  goToCheckout: 'cart.goToCheckout',
  continue: 'cart.continue',
  proceedToCheckout: 'cart.proceedToCheckout',
  ok: 'cart.ok',
  cancel: 'cart.cancel',
  notifications: 'cart.notifications',
  dismiss: 'cart.dismiss',
  sku: 'cart.sku',
  quantity: 'cart.quantity',
  quantityFor: 'cart.quantityFor',
  decrease: 'cart.decrease',
  increase: 'cart.increase',
  updating: 'cart.updating',
  remove: 'cart.remove',
  removeItem: 'cart.removeItem',
  clear: 'cart.clear',
  unitPrice: 'cart.unitPrice',
  rowTotal: 'cart.rowTotal',
  exclTax: 'price.exclTax',
  was: 'price.was',
  now: 'price.now',
  edit: 'cart.edit',
  editItem: 'cart.editItem',
  editBanner: 'cart.editBanner',
  editConfirm: 'cart.editConfirm',
  editChecking: 'cart.editChecking',
  summary: 'cart.summary',
  totalsPending: 'cart.totalsPending',
  totalsOffline: 'cartSync.totalsOffline',
  subtotal: 'cart.segment.subtotal',
  shipping_fee: 'cart.segment.shipping_fee',
  product_fee: 'cart.segment.product_fee',
  surcharge: 'cart.segment.surcharge',
  discount: 'cart.segment.discount',
  discountCode: 'cart.segment.discountCode',
  tax: 'cart.segment.tax',
  grand_total: 'cart.segment.grand_total',
  couponLabel: 'cart.coupon.label',
  couponApply: 'cart.coupon.apply',
  couponRemove: 'cart.coupon.remove',
  couponOffline: 'cart.coupon.offline',
  feePrice: 'cart.feePrice',
  stockChanged: 'cartSync.checkoutTitle',
  stockChangedHint: 'cartSync.checkoutHint',
  stockLineProblem: 'cartSync.lineProblem',
  fixCart: 'cartSync.fixCart',
} as const satisfies Readonly<Record<string, MessageKey>>;

export type CartTextKey = keyof typeof CART_TEXTS;
export type CartTexts = Readonly<Record<CartTextKey, string>>;

/** SERVER: the cart texts in the shop language. */
export function cartTexts(): CartTexts {
  return lookUpTexts(CART_TEXTS);
}
