/** The POST /api/search body of a list view (term + the category filters and sorts). Pure, browser-safe. */
import type { CatalogAggregationsInput, SearchQueryInput } from '@shop/contracts';
import { API_SORT, viewApiFilters, type CategoryQueryState } from '../filters/query-state.ts';
import { normalizeTerm } from './search-term.ts';

/** "search default 50": the size of a results page. */
export const SEARCH_PAGE_SIZE = 50;

export function searchRequest(
  q: string,
  view: CategoryQueryState,
  options: { size: number; aggregations?: CatalogAggregationsInput; asTyped?: boolean },
): SearchQueryInput {
  return {
    q: normalizeTerm(q),
    filters: viewApiFilters(view),
    sort: API_SORT[view.sort],
    size: options.size,
    start: (view.page - 1) * options.size,
    ...(options.aggregations ? { aggregations: options.aggregations } : {}),
    ...(options.asTyped ? { asTyped: true } : {}),
  };
}
