import type { ProductDoc } from '@shop/domain';
import type { FieldCondition } from '@shop/contracts';
import type { AggregationCounts, AggregationRequest } from '../catalog/aggregations.ts';
import type { PriceHistoryEntry } from '../catalog/price-history.ts';

/**
 * What a search engine is asked, independent of the engine (PostgreSQL today; an
 * Elasticsearch/OpenSearch provider would map it to multi_match, aggregations and min_score).
 */
export interface SearchRequest {
  text: string;
  /** The catalogue's product filters (query.ts), combined with the text. */
  filters: Record<string, FieldCondition>;
  /** Product fields that are attribute codes, filtered on option ids. */
  attributeCodes: ReadonlySet<string>;
  sort: 'relevance' | { field: string; dir: 'asc' | 'desc' };
  start: number;
  size: number;
  /** Facets counted over the whole match. */
  facets?: AggregationRequest;
  /** Hits scoring below this (0–1 for text matches) are not matches. */
  minScore: number;
  /** Return the page's product documents with the hits (saves the caller a read). */
  withDocs?: boolean;
  /** Search the words as typed: no typo tolerance (the shopper declined a correction). */
  asTyped?: boolean;
}

export interface SearchHits {
  /** The page, in order; with their documents when asked (withDocs) and stored. */
  hits: { id: number; score: number; doc?: ProductDoc }[];
  total: number;
  /**
   * With the documents (withDocs): the price history of every page sku that may show a discount,
   * so that pricing need not read it (an engine without it leaves this out).
   */
  priceHistory?: ReadonlyMap<string, PriceHistoryEntry[]>;
  facets?: AggregationCounts;
  /** Vocabulary words the text matched (lowercase, accent-free), for highlighting. */
  matchedWords: string[];
  /** When nothing matched: the closest vocabulary words to the words that found nothing. */
  suggestions: string[];
  /** When something matched through corrected typos: the words as searched ("tritacarne"). */
  corrected?: string;
}

export interface SearchProvider {
  search(request: SearchRequest): Promise<SearchHits>;
  /** Brings the index up to date for products that were written. */
  indexProducts(ids: readonly number[]): Promise<void>;
  /** Rebuilds the whole index from the catalogue. */
  reindex(): Promise<void>;
  /** Forgets what the provider keeps in memory about the catalogue, after it changed. */
  invalidate?(): void;
  /**
   * False when the engine counts facets on every search cheaply and would only be slowed (and
   * made stale by other processes' writes) by a cache in front of it.
   */
  readonly cacheFacets?: boolean;
}
