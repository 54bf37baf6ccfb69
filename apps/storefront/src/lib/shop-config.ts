/** Business constants of catalogue.md §9 that the storefront uses. */

/** Output cache TTL of every page and every catalogue read, in seconds. */
export const CACHE_TTL_SECONDS = 86400;

/** Category tree: fetched in one query of up to 4000, by position (root id: CATEGORY_ROOT_ID of @shop/domain). */
export const CATEGORY_FETCH_SIZE = 4000;

/** Products per category page. */
export const CATEGORY_PAGE_SIZE = 48;

/**
 * Home page lists (category, list size): catalogue.md §9 "category ids 16 (new, industry), 68
 * (best sellers), 419 (horeca)". `newest` falls back to the whole catalogue when its category is
 * empty (lib/api/catalog.ts getNewestProducts).
 */
export const HOME_LISTS = [
  { key: 'industry', categoryId: 16, size: 10 },
  { key: 'horeca', categoryId: 419, size: 10 },
  { key: 'newest', categoryId: 16, size: 8 },
  { key: 'bestsellers', categoryId: 68, size: 8 },
] as const;

export type HomeListKey = (typeof HOME_LISTS)[number]['key'];

/** Product visibility values of a listable product, and statuses a list shows. */
export const LIST_VISIBILITY = [2, 3, 4];
export const LIST_STATUS = [0, 1];

/** A product with status 2 or more is disabled (catalogue.md §4). */
export const DISABLED_STATUS = 2;

/** Thumbnail sizes in CSS pixels. */
export const THUMBNAIL = { cart: 210, product: 246, gallery: 453 } as const;

/** The cart page's related products (shopping.md §2): the cart product category 979. */
export const CART_RELATED = { categoryId: 979, size: 12, sort: 'created_at:desc' } as const;

/** Standard shipping rate shown in the footer, in cents. */
export const SHIPPING_RATE_CENTS = 549;
