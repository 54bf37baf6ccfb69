/** The POST /api/search body of a list view (term + the category filters and sorts). Pure, browser-safe. */
import type { CatalogAggregationsInput, SearchQueryInput } from '@shop/contracts';
import { API_SORT, viewApiFilters, type CategoryQueryState } from '../filters/query-state.ts';

/** catalogue.md §5 "search term minimum 3 characters" (as the contract's SEARCH_LIMITS, kept here so no schema code ships to the browser). */
export const SEARCH_MIN_LENGTH = 3;
/** "search default 50": the size of a results page. */
export const SEARCH_PAGE_SIZE = 50;

/** The term as the API reads it: NFC, spaces collapsed, trimmed. */
export function normalizeTerm(q: string): string {
  return q.normalize('NFC').replace(/\s+/g, ' ').trim();
}

export function isSearchable(q: string): boolean {
  return normalizeTerm(q).length >= SEARCH_MIN_LENGTH;
}

export function searchRequest(
  q: string,
  view: CategoryQueryState,
  options: { size: number; aggregations?: CatalogAggregationsInput },
): SearchQueryInput {
  return {
    q: normalizeTerm(q),
    filters: viewApiFilters(view),
    sort: API_SORT[view.sort],
    size: options.size,
    start: (view.page - 1) * options.size,
    ...(options.aggregations ? { aggregations: options.aggregations } : {}),
  };
}
