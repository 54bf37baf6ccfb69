/** SERVER ONLY (see client.ts). Product search for the results page: per request, never cached (terms are unbounded). */
import type { SearchQueryInput, SearchResult } from '@shop/contracts';
import { apiPost } from './client.ts';

export function searchProducts(query: SearchQueryInput): Promise<SearchResult> {
  return apiPost<SearchResult>('/api/search', query, null);
}
