import { countDisjunctive, type AggregationCounts, type AggregationRequest } from '../catalog/aggregations.ts';
import type { SearchHits, SearchProvider, SearchRequest } from './provider.ts';

const noCounts = (part: AggregationRequest): AggregationCounts => ({ terms: new Map(part.codes.map((code) => [code, []])), rangeCounts: part.ranges.map(() => 0) });

/**
 * A search's facet counts, disjunctive (countDisjunctive) whatever the engine: the facets without
 * a filter of their own are counted by `page` (the caller's search of the page, asked for those
 * facets: no second search), each filtered facet by one more search without its filter (one hit,
 * no documents). Undefined when the engine counted nothing (no match for the text).
 */
export async function searchFacets(
  provider: SearchProvider,
  request: SearchRequest,
  facets: AggregationRequest,
  page: (part: AggregationRequest) => Promise<SearchHits> = (part) => provider.search({ ...request, facets: part }),
): Promise<AggregationCounts | undefined> {
  let counted = true;
  const counts = await countDisjunctive(request.filters, facets, async (filters, part) => {
    const hits = filters === request.filters ? await page(part) : await provider.search({ ...request, filters, facets: part, start: 0, size: 1, withDocs: false });
    if (filters === request.filters && !hits.facets) counted = false;
    return hits.facets ?? noCounts(part);
  });
  return counted ? counts : undefined;
}
