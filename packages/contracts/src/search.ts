import { z } from 'zod';
import { pageSize, pageStart } from './paging.ts';
import { freeText } from './strings.ts';
import { catalogAggregations, catalogQueryResult, fieldCondition, fieldPath, filterField, sortSpec } from './catalog-query.ts';

/** Search constants (catalogue.md §5 and §9). */
export const SEARCH_LIMITS = {
  /** "search term minimum 3 characters" */
  minTermLength: 3,
  maxTermLength: 200,
  /** A search page never needs more; larger sizes are refused with 400. */
  maxSize: 200,
  /** "minimum score 0.02" */
  minScore: 0.02,
} as const;

/**
 * A product search: the text, the same filters as category pages, sort (default relevance),
 * paging with the §5 corrections (size ≤ 0 → 50, start < 0 → 0), optional facets.
 */
export const searchQuery = z
  .object({
    q: freeText()
      .transform((q) => q.normalize('NFC').replace(/\s+/g, ' ').trim())
      .pipe(
        z
          .string()
          .min(SEARCH_LIMITS.minTermLength, `search term must have at least ${SEARCH_LIMITS.minTermLength} characters`)
          .max(SEARCH_LIMITS.maxTermLength),
      ),
    filters: z.record(filterField, fieldCondition).default({}),
    /** `relevance` (default), or any catalogue sort such as `price:asc`, `updated_at:desc`. */
    sort: z.union([z.literal('relevance'), sortSpec], { error: 'must be "relevance" or a sort such as "price:asc"' }).default('relevance'),
    size: pageSize(SEARCH_LIMITS.maxSize),
    start: pageStart,
    aggregations: catalogAggregations.optional(),
    /** Field projection of the items, as in catalogue queries (tiles need a few fields). */
    includeFields: z.array(fieldPath).max(200).optional(),
    excludeFields: z.array(fieldPath).max(200).optional(),
    userGroupId: z.number().int().min(0).max(1_000_000).optional(),
    /** Search the words as typed, without correcting typos (the results page's "search instead for"). */
    asTyped: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'SearchQuery' });
export type SearchQuery = z.infer<typeof searchQuery>;
export type SearchQueryInput = z.input<typeof searchQuery>;

/**
 * catalogue.md §3 "Search result" plus what the panel needs: the vocabulary words the text matched
 * (for highlighting, lowercase and accent-free), when nothing matched the closest known terms, and
 * the corrected words when typos were corrected.
 */
export const searchResult = catalogQueryResult
  .extend({
    matchedWords: z.array(z.string()),
    suggestions: z.array(z.string()),
    /** When products were found only by correcting typos: the words as searched («Risultati per "tritacarne"»). */
    corrected: z.string().optional(),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof searchResult>;
