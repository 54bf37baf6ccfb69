/** Window events between the product page's islands. */

/** Fired once the prices of a page have been refreshed from the render list (catalogue.md §4); detail: `{ skus, items }`. */
export const PRICES_AFTER_SYNC = 'prices-after-sync';

/** The configurable picker tells the gallery which picture the chosen variant has; detail: the image path. */
export const VARIANT_IMAGE_EVENT = 'product:variant-image';
