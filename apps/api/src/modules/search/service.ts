import { NO_AGGREGATIONS, SEARCH_LIMITS, type SearchQuery, type SearchResult } from '@shop/contracts';
import { findProductDocs, PostgresSearchProvider, searchFacets, type AggregationCounts, type AggregationRequest, type Db, type SearchHits, type SearchProvider, type SearchRequest } from '@shop/db';
import { fieldProjection } from '@shop/domain';
import { planAggregations, presentAggregations } from '../catalog/aggregations.ts';
import type { CatalogService } from '../catalog/service.ts';
import { TtlCache } from '../../cache/ttl-cache.ts';
import { shopMetrics } from '../../observability/metrics.ts';
import { Turns } from './turns.ts';

function sortOf(sort: SearchQuery['sort']): SearchRequest['sort'] {
  if (sort === 'relevance') return 'relevance';
  const [field = '', dir = 'asc'] = sort.split(':');
  return field === 'relevance' ? 'relevance' : { field, dir: dir as 'asc' | 'desc' };
}

/**
 * Searches at once (turns.ts): 200 at once through the API at 50k products, with a request read
 * every 10 ms meanwhile: 1 → the burst took 1.0–1.5 s (a core idles while a search waits for the
 * database), others waited ≤ 33 ms; 4 → 0.6–0.85 s, ≤ 44 ms; unlimited → 0.6–0.7 s, up to 450 ms.
 */
const SEARCHES_AT_ONCE = 4;

/**
 * Product search (issue #4): the provider finds and counts, this service shapes the answer
 * like a catalogue query's: the same documents, taxed prices, facets and attribute metadata.
 */
export class SearchService {
  /**
   * Facet counts cost most of a broad search (every hit's attributes): kept per text, filters and
   * facet request while the catalogue is unchanged, so paging and re-sorting skip them.
   */
  private readonly facets = new TtlCache<AggregationCounts | undefined>(500, 5 * 60_000).observed((hit) => shopMetrics.cacheLookup('search-facets', hit));
  private readonly turns = new Turns(SEARCHES_AT_ONCE);

  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    private readonly provider: SearchProvider = new PostgresSearchProvider(db),
  ) {}

  /** Forgets facet counts and the provider's vocabulary expansions after the catalogue changed. */
  invalidate(): void {
    this.forgetResults();
    this.provider.invalidate?.();
  }

  /** Forgets only the facet counts (benchmarks measure searches without them). */
  forgetResults(): void {
    this.facets.clear();
  }

  /** A search; products priced for `customerGroupId` (default guests) at one unit. */
  search(query: SearchQuery, customerGroupId?: number): Promise<SearchResult> {
    return this.turns.run(() => this.searchNow(query, customerGroupId));
  }

  private async searchNow(query: SearchQuery, customerGroupId?: number): Promise<SearchResult> {
    const attributes = await this.catalog.attributeIndex();
    const facets = query.aggregations && planAggregations(query.aggregations, attributes.byCode);
    const request: SearchRequest = {
      text: query.q,
      filters: query.filters,
      attributeCodes: attributes.codes,
      sort: sortOf(query.sort),
      start: query.start,
      size: query.size,
      minScore: SEARCH_LIMITS.minScore,
      withDocs: true,
      ...(query.asTyped ? { asTyped: true } : {}),
    };
    const run = (part?: AggregationRequest) => this.provider.search({ ...request, ...(part ? { facets: part } : {}) });
    let fresh: SearchHits | undefined;
    // Disjunctive counts (issue 42 point 8): the page's search counts the facets without a filter
    // of their own, one more search per filtered facet the others.
    const load = () => searchFacets(this.provider, request, facets!, async (part) => (fresh = await run(part)));
    // An engine that counts facets on every search cheaply is asked every time (never a stale count).
    const counts = facets && (this.provider.cacheFacets === false ? await load() : await this.facets.getOrLoad(JSON.stringify([query.q, query.asTyped, query.filters, facets]), load));
    const found = fresh ?? (await run());
    // The provider brings the page's documents and price history along (one statement per search).
    const withDocs = found.hits.every((h) => h.doc);
    const docs = withDocs ? found.hits.map((h) => h.doc!) : await findProductDocs(this.db, found.hits.map((h) => h.id));
    const priced = await this.catalog.pricing.price(docs, { userGroupId: query.userGroupId, customerGroupId }, withDocs ? found.priceHistory : undefined);
    return {
      items: priced.map(fieldProjection(query.includeFields, query.excludeFields)),
      total: found.total,
      start: query.start,
      perPage: query.size,
      ...(facets && counts ? presentAggregations(facets, counts, attributes.byCode) : NO_AGGREGATIONS),
      matchedWords: found.matchedWords,
      suggestions: found.suggestions,
      ...(found.corrected ? { corrected: found.corrected } : {}),
    };
  }
}
