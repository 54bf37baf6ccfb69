import { z } from 'zod';
import { MAX_PAGE_START } from './paging.ts';
import { plainJson, text } from './strings.ts';

/**
 * The Elasticsearch `_search` endpoint a Vue Storefront 1 PWA reads the catalogue from (issue 47,
 * ADR 0037): `/api/catalog/{index}/{entityType}/_search`, as vue-storefront-api serves it.
 */
export const VSF_ENTITY_TYPES = ['product', 'category', 'attribute', 'taxrule', 'cms_page', 'cms_block', 'review'] as const;
export type VsfEntityType = (typeof VSF_ENTITY_TYPES)[number];

/** `config.elasticsearch.index` of a VSF shop, and its store-view form for the one mapped store (it). */
export const VSF_INDEX_NAMES = ['vue_storefront_catalog', 'vue_storefront_catalog_it'] as const;

export const VSF_DSL_LIMITS = {
  /** Nested clauses: VSF's deepest query (a category page with chosen filters) nests 7. */
  maxDepth: 12,
  /** Clauses in one query: VSF's largest has about 30. */
  maxClauses: 200,
  /** Values of one `terms`: the catalogue's limit for one filter (CATALOG_QUERY_LIMITS.maxFilterValues). */
  maxTerms: 500,
  /** Aggregations in one request (catalogue facets: at most 30 attribute codes, ×2 for `_options`). */
  maxAggregations: 64,
} as const;

/** A comma list in a URL parameter (`_source_include=name,*sku`). */
const fieldList = text().max(8_000);

/** The URL parameters VSF's search adapter sends (core/lib/search/adapter/api/searchAdapter.ts), and the shop's `token`. */
export const vsfSearchParams = z
  .object({
    /** queryMethod GET: the body as JSON. */
    request: text().max(32_000).optional(),
    size: z.coerce.number().int().min(0).optional(),
    from: z.coerce.number().int().min(0).max(MAX_PAGE_START).optional(),
    /** `field:dir`, comma separated; empty: the body's sort or the default. */
    sort: text().max(500).optional(),
    _source_include: fieldList.optional(),
    _source_exclude: fieldList.optional(),
    // The ES 7 spellings vue-storefront-api forwards.
    _source_includes: fieldList.optional(),
    _source_excludes: fieldList.optional(),
    /** `true`: hits.total as a number, as ES 7 answers with rest_total_hits_as_int. */
    rest_total_hits_as_int: z.enum(['true', 'false']).optional(),
    /** A signed-in customer's access token: prices for their group, as POST /api/catalog. */
    token: text().max(2048).optional(),
  })
  .strict();
export type VsfSearchParams = z.infer<typeof vsfSearchParams>;

/** A clause of the query DSL: checked for depth and control characters here, translated in the API (ADR 0037). */
const dslValue = plainJson;

const sourceFilter = z.union([
  z.boolean(),
  text().max(200),
  z.array(text().max(200)).max(200),
  z.object({ includes: z.array(text().max(200)).max(200).optional(), excludes: z.array(text().max(200)).max(200).optional() }).strict(),
]);

/** The request body of `_search` (or the GET `request` parameter): the parts of Elasticsearch's body VSF sends. */
export const vsfSearchBody = z
  .object({
    query: dslValue.optional(),
    aggs: dslValue.optional(),
    aggregations: dslValue.optional(),
    size: z.number().int().min(0).optional(),
    from: z.number().int().min(0).max(MAX_PAGE_START).optional(),
    sort: dslValue.optional(),
    _source: sourceFilter.optional(),
    min_score: z.number().min(0).optional(),
    track_total_hits: z.union([z.boolean(), z.number().int().min(0)]).optional(),
    /** vue-storefront-api's customer group: prices follow the `token` only (see ADR 0037). */
    groupId: z.union([z.number().int(), text().max(20), z.null()]).optional(),
    /** VSF's user token for group prices: read as the shop's customer token. */
    groupToken: z.union([text().max(2048), z.null()]).optional(),
  })
  .strict();
export type VsfSearchBody = z.infer<typeof vsfSearchBody>;
