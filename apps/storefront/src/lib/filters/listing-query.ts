/** The catalogue query of one page of a category view, and the cache tags of a category list. Pure. */
import type { CatalogQueryInput } from '@shop/contracts';
import { CacheTag, categoryTag, normalizeTags } from '../cache-tags.ts';
import { CATEGORY_PAGE_SIZE, LIST_STATUS, LIST_VISIBILITY } from '../shop-config.ts';
import { API_SORT, viewApiFilters, type CategoryQueryState } from './query-state.ts';

/** Listable products (catalogue.md §7: visibility 2,3,4 and status 0,1). */
export const LISTABLE = {
  visibility: { in: LIST_VISIBILITY },
  status: { in: LIST_STATUS },
} as const;

/** One page (48) of the listable products of `scope` (category ids) for a view. */
export function listingQuery(scope: readonly number[], view: CategoryQueryState, includeFields: readonly string[]): CatalogQueryInput {
  return {
    entityType: 'product',
    filters: { category_ids: { in: [...scope] }, ...LISTABLE, ...viewApiFilters(view) },
    sort: API_SORT[view.sort],
    size: CATEGORY_PAGE_SIZE,
    start: (view.page - 1) * CATEGORY_PAGE_SIZE,
    includeFields: [...includeFields],
  };
}

/**
 * Tags of a category's list: `product` and `C{id}` of the category and of every subcategory in
 * its scope, since a product change names the categories the product is in (capped at Next's
 * 128 tags; the category itself comes first).
 */
export function scopeTags(scope: readonly number[]): string[] {
  return normalizeTags([CacheTag.product, ...scope.map(categoryTag)]);
}
