/**
 * The messages the product page's client islands show, by short name (the browser code reads
 * `texts.addToCart`, not the longer catalogue key). The server looks them up (texts.ts) and hands
 * them down as props, so the browser never loads the message catalogue. Keys are checked against
 * messages/it.json.
 */
import type { MessageKey } from '@/i18n/index.ts';

export const PURCHASE_TEXTS = {
  exclTax: 'price.exclTax',
  inclTax: 'price.inclTax',
  was: 'price.was',
  now: 'price.now',
  lowest30d: 'product.lowest30d',
  sku: 'product.sku',
  choose: 'product.options.choose',
  required: 'product.options.required',
  optional: 'product.options.optional',
  fixedPrice: 'product.options.fixedPrice',
  percentPrice: 'product.options.percentPrice',
  maxCharacters: 'product.options.maxCharacters',
  unavailable: 'product.variant.unavailable',
  groupedCaption: 'product.grouped.caption',
  groupedProduct: 'product.grouped.product',
  groupedPrice: 'product.grouped.price',
  groupedAvailability: 'product.grouped.availability',
  groupedQuantity: 'product.grouped.quantity',
  groupedQtyFor: 'product.grouped.qtyFor',
  groupedTotal: 'product.grouped.total',
  priceFrom: 'productGrouped.from',
  none: 'product.bundle.none',
  bundleQtyFor: 'product.bundle.qtyFor',
  bundleQtyFixed: 'product.bundle.qtyFixed',
  quantity: 'product.quantity',
  decrease: 'product.quantity.decrease',
  increase: 'product.quantity.increase',
  addToCart: 'product.addToCart',
  stockLabel: 'stock.label',
  inStock: 'stock.inStock',
  outOfStock: 'stock.outOfStock',
  cannotAdd: 'stock.cannotAdd',
  unknownPrice: 'cart.validation.unknownPrice',
  noVariants: 'cart.validation.noVariants',
  noConfiguration: 'cart.validation.noConfiguration',
  quantityPositive: 'cart.validation.quantityPositive',
  quantityMax: 'cart.validation.quantityMax',
  requiredOption: 'cart.validation.requiredOption',
  groupedEmpty: 'cart.validation.groupedEmpty',
  itemOutOfStock: 'cart.validation.itemOutOfStock',
  productError: 'cart.validation.productError',
} as const satisfies Readonly<Record<string, MessageKey>>;

export type PurchaseTextKey = keyof typeof PURCHASE_TEXTS;
export type PurchaseTexts = Readonly<Record<PurchaseTextKey, string>>;

export const GALLERY_TEXTS = {
  label: 'product.gallery.label',
  zoom: 'product.gallery.zoom',
  show: 'product.gallery.show',
  dialog: 'product.gallery.dialog',
  close: 'product.gallery.close',
  previous: 'product.gallery.previous',
  next: 'product.gallery.next',
  position: 'product.gallery.position',
} as const satisfies Readonly<Record<string, MessageKey>>;

export type GalleryTextKey = keyof typeof GALLERY_TEXTS;
export type GalleryTexts = Readonly<Record<GalleryTextKey, string>>;
