import { z } from 'zod';
import { pageSize, pageStart } from './paging.ts';
import { text } from './strings.ts';

/** Entity types the catalogue query layer reads (catalogue.md §7). */
export const catalogEntityTypes = ['product', 'category', 'attribute', 'taxrule', 'review', 'cms_page', 'cms_block', 'cms_hierarchy'] as const;
export type CatalogEntityType = (typeof catalogEntityTypes)[number];

/**
 * Page sizes the query layer allows (issue 13 item 19). catalogue.md §9's "maximum filter query
 * size 10000" let one request build 10,000 priced product documents (14 MB of JSON, several times
 * that in memory): thirty such requests took the API from 0.75 to 3 GB. Larger sizes are refused.
 */
export const CATALOG_QUERY_LIMITS = {
  /**
   * Products per page: the storefront's largest read (the members or variants of one product,
   * and the blocks the XML sitemap reads; a category page is 48).
   */
  maxProductSize: 500,
  /** Any other entity: "Category fetch size 4000" (§9) is the largest list the shop reads. */
  maxSize: 4_000,
  maxFilterValues: 500,
} as const;

/** The largest page of an entity type. */
export const maxPageSize = (entityType: CatalogEntityType): number =>
  entityType === 'product' ? CATALOG_QUERY_LIMITS.maxProductSize : CATALOG_QUERY_LIMITS.maxSize;

// Unions carry their own message: zod's for a value none of their shapes fit is a bare "Invalid input".
const scalar = z.union([text().max(500), z.number().finite(), z.boolean()], { error: 'must be a text of at most 500 characters, a number or true/false' });

/** A range bound: a number, or a date such as 2026-01-31. */
const bound = z.union([z.number().finite(), text().max(40)], { error: 'must be a number, or a text of at most 40 characters such as a date' });

/**
 * One field's condition: eq, in, nin, exists, or a range. Several operators on one field are ANDed
 * (e.g. a price range uses gte and lte).
 */
export const fieldCondition = z
  .object({
    eq: scalar.optional(),
    in: z.array(scalar).min(1).max(CATALOG_QUERY_LIMITS.maxFilterValues).optional(),
    nin: z
      .array(scalar)
      .min(1)
      .max(CATALOG_QUERY_LIMITS.maxFilterValues)
      .optional()
      .describe("None of these values (at most 500): a record without the field passes, as Elasticsearch's must_not terms."),
    exists: z
      .boolean()
      .optional()
      .describe('true: the field has a value (an attribute at least one option, a list at least one item); false: it has none.'),
    gt: bound.optional(),
    gte: bound.optional(),
    lt: bound.optional(),
    lte: bound.optional(),
    /** Text fields: contains this text, any case (catalogue §7 "by identifier or key (like or eq)"). */
    like: text().min(1).max(200).optional(),
  })
  .strict()
  .refine((c) => Object.values(c).some((v) => v !== undefined), {
    message: 'needs at least one of eq, in, nin, exists, gt, gte, lt, lte, like',
  });
export type FieldCondition = z.infer<typeof fieldCondition>;

/**
 * Field names: attribute codes and columns. A dot is allowed only in the nested fields the
 * spec names (configurable_children.sku); attribute codes with a dot are never requested (§5).
 */
export const filterField = z
  .string()
  .regex(/^([a-z][a-z0-9_]{0,59}|configurable_children\.sku)$/, 'must be a field name (lowercase letters, digits, _)');

export const fieldPath = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,59}(\.[A-Za-z_][A-Za-z0-9_]{0,59}){0,3}$/, 'must be a field path such as name or configurable_children.sku');

export const sortSpec = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,59}(:(asc|desc))?$/, 'must be field or field:asc or field:desc');

/** Price buckets of catalogue.md §9 (euros; `to` exclusive, the last open-ended). */
export const DEFAULT_PRICE_RANGES = [
  { from: 0, to: 50 },
  { from: 50, to: 100 },
  { from: 100, to: 150 },
  { from: 150 },
] as const;

/** Prices are stored as PostgreSQL integer cents: a price bound beyond them failed in the database (a 500). */
export const MAX_PRICE_EUROS = 21_474_836.47;

/**
 * Facets over the whole matching set (products only): `agg_terms_{code}` per attribute with the
 * `size` most frequent option ids, and `agg_range_price` over the net final price.
 */
export const catalogAggregations = z
  .object({
    terms: z.array(z.string().regex(/^[a-z][a-z0-9_]{0,59}$/, 'must be an attribute code')).max(30).default([]),
    /** "Filter aggregation size 10" (catalogue.md §9). */
    size: z.number().int().min(1).max(100).default(10),
    priceRanges: z
      .array(
        z
          .object({ from: z.number().min(0).max(MAX_PRICE_EUROS).optional(), to: z.number().positive().max(MAX_PRICE_EUROS).optional() })
          .strict()
          .refine((r) => r.from !== undefined || r.to !== undefined, { message: 'needs from or to' })
          .refine((r) => r.from === undefined || r.to === undefined || r.from < r.to, { message: 'from must be below to' }),
      )
      .max(20)
      .optional(),
  })
  .strict();
export type CatalogAggregationsInput = z.input<typeof catalogAggregations>;
export type CatalogAggregations = z.infer<typeof catalogAggregations>;

export const aggregationBucket = z.object({
  key: z.string(),
  doc_count: z.number().int(),
  from: z.number().optional(),
  to: z.number().optional(),
});
export type AggregationBucket = z.infer<typeof aggregationBucket>;

export const catalogQuery = z
  .object({
    entityType: z.enum(catalogEntityTypes),
    filters: z.record(filterField, fieldCondition).default({}),
    sort: z.union([sortSpec, z.array(sortSpec).max(4)], { error: 'must be a sort such as "price:asc", or a list of up to 4' }).optional(),
    size: pageSize(),
    start: pageStart,
    /**
     * As Elasticsearch's track_total_hits: false skips counting the whole match (lists that
     * show no total, such as the home page); `total` is then start + the items returned.
     */
    trackTotalHits: z.boolean().default(true),
    includeFields: z.array(fieldPath).max(200).optional(),
    excludeFields: z.array(fieldPath).max(200).optional(),
    aggregations: catalogAggregations.optional(),
    /**
     * The customer's tax class (VSF's userGroupId, catalogue.md §4): product prices are then taxed
     * only by rules whose customer_tax_class_ids include it; no such rule means no tax.
     */
    userGroupId: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict()
  .refine((q) => q.aggregations === undefined || q.entityType === 'product', {
    path: ['aggregations'],
    message: 'only products can be aggregated',
  })
  .superRefine((q, ctx) => {
    const max = maxPageSize(q.entityType);
    if (q.size > max) {
      const entities = q.entityType === 'product' ? 'products' : `${q.entityType} records`;
      ctx.addIssue({ code: 'custom', path: ['size'], message: `must be at most ${max} for ${entities}: read longer lists page by page with start` });
    }
  })
  .meta({ id: 'CatalogQuery' });

export type CatalogQuery = z.infer<typeof catalogQuery>;
export type CatalogQueryInput = z.input<typeof catalogQuery>;

/** `POST /api/product` (catalogue §7): the product index, a catalogue query of products. */
export const productQuery = z.preprocess(
  (body) => (body && typeof body === 'object' && !Array.isArray(body) && !('entityType' in body) ? { ...body, entityType: 'product' } : body),
  catalogQuery
    .refine((q) => q.entityType === 'product', { path: ['entityType'], message: 'must be product on /api/product' })
    // catalogue §5: a product lookup needs a search key, and the refusal names it (VSF's "Please provide the search key sku").
    .refine((q) => Object.keys(q.filters).length > 0, {
      path: ['filters'],
      message: 'Please provide the search key sku (filters.sku, or another filter) for the product lookup',
    }),
);

/** Label data of the attributes named in aggregations (catalogue.md §3 "attributeMetadata"). */
export const attributeMetadata = z.object({
  attribute_id: z.number().int(),
  attribute_code: z.string(),
  default_frontend_label: z.string(),
  frontend_input: z.string(),
  options: z.array(z.object({ value: z.string(), label: z.string(), sort_order: z.number().optional() })),
});
export type AttributeMetadata = z.infer<typeof attributeMetadata>;

const PRICE_CALCULATED = ['price', 'final_price', 'special_price', 'original_price', 'original_final_price', 'original_special_price'] as const;

/**
 * The "price calculated" fields every product document the API serves carries, on the product and
 * on each configurable child (catalogue §3): each net price with its `_tax` and `_incl_tax`, in
 * euros with 2 decimals, computed on the server (packages/domain product-tax.ts). `final_price` is
 * what one unit costs now (special, catalogue rule and group tier applied); `original_price` the
 * regular price; `original_special_price` the special price whatever its window (0: none);
 * `original_final_price` the source's catalogue-rule price, else the regular price.
 */
export const productCalculatedPrices = z
  .object(Object.fromEntries(PRICE_CALCULATED.flatMap((field) => [field, `${field}_tax`, `${field}_incl_tax`].map((key) => [key, z.number().nonnegative()]))) as Record<
    `${(typeof PRICE_CALCULATED)[number]}${'' | '_tax' | '_incl_tax'}`,
    z.ZodNumber
  >)
  .meta({ id: 'ProductCalculatedPrices' });
export type ProductCalculatedPrices = z.infer<typeof productCalculatedPrices>;

export const catalogQueryResult = z
  .object({
    items: z.array(z.record(z.string(), z.unknown())),
    total: z.number().int(),
    start: z.number().int(),
    perPage: z.number().int(),
    /** catalogue §3: part of every search result, empty when no facets were asked for. */
    aggregations: z.record(z.string(), z.object({ buckets: z.array(aggregationBucket) })),
    attributeMetadata: z.array(attributeMetadata),
  })
  .meta({ id: 'CatalogQueryResult' });

/** The facets of a result that asked for none (catalogue §3: the fields are always there). */
export const NO_AGGREGATIONS = { aggregations: {}, attributeMetadata: [] } as const satisfies Pick<CatalogQueryResult, 'aggregations' | 'attributeMetadata'>;

export type CatalogQueryResult<T = Record<string, unknown>> = {
  items: T[];
  total: number;
  start: number;
  perPage: number;
  aggregations: Record<string, { buckets: AggregationBucket[] }>;
  attributeMetadata: AttributeMetadata[];
};
