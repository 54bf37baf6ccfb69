/**
 * SERVER ONLY (see client.ts). Catalogue reads of the category page: the filterable attributes,
 * the facets (aggregations) of a category's view, and one page of its product list for a view.
 *
 * Caching: the attribute list and a category's unfiltered facets are the same for every sort and page
 * of the category, so they are cached (data cache, tags `attribute` / `product` + `C{id}`). A product
 * page in default or sorted order is cached too (bounded: 4 sorts × pages). A list narrowed by
 * attribute or price filters is read uncached: filter combinations are unbounded and would
 * otherwise crowd the hot pages out of the memory-only cache.
 */
import { cache } from 'react';
import type { AttributeMetadata } from '@shop/contracts';
import type { ProductDoc } from '@shop/domain';
import { attributeTags } from '@/lib/cache-tags.ts';
import { descendantCategoryIds } from '@/lib/category.ts';
import type { Aggregations, FilterableAttribute } from '@/lib/filters/available-filters.ts';
import { facetRequest } from '@/lib/filters/facet-request.ts';
import { LISTABLE, listingQuery, scopeTags } from '@/lib/filters/listing-query.ts';
import { hasFilters, viewApiFilters, type CategoryQueryState } from '@/lib/filters/query-state.ts';
import { TILE_FIELDS, getCategories } from './catalog.ts';
import { catalogQuery } from './client.ts';

/** catalogue.md §9 "Attribute list size 200". */
const ATTRIBUTE_LIST_SIZE = 200;

/** Attributes offered as filters (is_filterable), by position; labels come with the facets. */
export const getFilterableAttributes = cache(async (): Promise<FilterableAttribute[]> => {
  const { items } = await catalogQuery<FilterableAttribute>(
    {
      entityType: 'attribute',
      filters: { is_filterable: { eq: true } },
      sort: 'position:asc',
      size: ATTRIBUTE_LIST_SIZE,
      includeFields: ['attribute_code', 'default_frontend_label', 'frontend_input', 'position'],
    },
    attributeTags(),
  );
  return items;
});

/** The category and its active descendants (VSF lists a category with its subtree). */
export const getCategoryScope = cache(async (categoryId: number): Promise<number[]> => {
  return descendantCategoryIds(categoryId, await getCategories());
});

export interface CategoryFacets {
  aggregations: Aggregations | undefined;
  attributeMetadata: AttributeMetadata[] | undefined;
}

/**
 * Facets of a category's view: `agg_terms_{code}` for each filterable attribute and
 * `agg_range_price` over the §9 price ranges, 10 buckets each, each counted by the API under the
 * view's other filters (disjunctive: with "Wüsthof" chosen the ranges count Wüsthof products,
 * the brands still every brand). Cached for the unfiltered view, uncached for filtered ones as the list.
 */
export const getCategoryFacets = cache(async (categoryId: number, view: CategoryQueryState): Promise<CategoryFacets> => {
  const [scope, attributes] = await Promise.all([getCategoryScope(categoryId), getFilterableAttributes()]);
  const result = await catalogQuery(
    {
      entityType: 'product',
      filters: { category_ids: { in: scope }, ...LISTABLE, ...viewApiFilters(view) },
      // Only the facets are read: one id is the smallest page (§5 makes size 0 a default page),
      // and no total (the list's own query counts what the page shows).
      size: 1,
      trackTotalHits: false,
      includeFields: ['id'],
      aggregations: facetRequest(attributes),
    },
    scopeTags(scope),
    { uncached: hasFilters(view) },
  );
  return { aggregations: result.aggregations, attributeMetadata: result.attributeMetadata };
});

/**
 * One page (48) of a category's listable products for a view (filters, sort, page). Deduplicated
 * per render for the same view object, so the page can start it before it has the category.
 */
export const getCategoryListing = cache(async (categoryId: number, view: CategoryQueryState) => {
  const scope = await getCategoryScope(categoryId);
  return catalogQuery<ProductDoc>(listingQuery(scope, view, TILE_FIELDS), scopeTags(scope), {
    uncached: hasFilters(view),
  });
});
