/** The facets a product list asks for (catalogue.md §9): terms per filterable attribute and the price ranges. */
import { DEFAULT_PRICE_RANGES, type CatalogAggregationsInput } from '@shop/contracts';
import { termAttributeCodes, type FilterableAttribute } from './available-filters.ts';

/** "Filter aggregation size 10" (catalogue.md §9). */
export const FILTER_AGGREGATION_SIZE = 10;

/** `agg_terms_{code}` for each filterable attribute and `agg_range_price` over the §9 ranges. */
export function facetRequest(attributes: readonly FilterableAttribute[]): CatalogAggregationsInput {
  return {
    terms: termAttributeCodes(attributes),
    size: FILTER_AGGREGATION_SIZE,
    priceRanges: DEFAULT_PRICE_RANGES.map((range) => ({ ...range })),
  };
}
