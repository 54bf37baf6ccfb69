/** SERVER: the texts the wishlist's client components show, looked up once on the server. */
import { lookUpTexts } from '@/i18n/index.ts';

const TOGGLE = {
  /** Button label; the product name follows for screen readers. */
  toggle: 'wishlist.toggle',
  added: 'wishlist.added',
  removed: 'wishlist.removed',
  full: 'wishlist.full',
} as const;

const VIEW = {
  title: 'wishlist.title',
  loading: 'wishlist.loading',
  empty: 'wishlist.empty',
  emptyLink: 'wishlist.emptyLink',
  error: 'wishlist.error',
  removeItem: 'wishlist.removeItem',
  remove: 'wishlist.remove',
  clear: 'wishlist.clear',
  addAll: 'wishlist.addAll',
  adding: 'wishlist.adding',
  close: 'wishlist.close',
  toPage: 'wishlist.toPage',
  badge: 'wishlist.badge',
  exclTax: 'price.exclTax',
  inclTax: 'price.inclTax',
} as const;

export type WishlistToggleTexts = Record<keyof typeof TOGGLE, string>;
export type WishlistViewTexts = Record<keyof typeof VIEW, string>;

export const wishlistToggleTexts = (): WishlistToggleTexts => lookUpTexts(TOGGLE);
export const wishlistViewTexts = (): WishlistViewTexts => lookUpTexts(VIEW);
