import { z } from 'zod';

/** Entity types the catalogue query layer reads (catalogue.md §7). */
export const catalogEntityTypes = ['product', 'category', 'attribute', 'taxrule'] as const;
export type CatalogEntityType = (typeof catalogEntityTypes)[number];

/** Catalogue constants the query layer enforces (catalogue.md §9). */
export const CATALOG_QUERY_LIMITS = {
  /** "maximum filter query size 10000" */
  maxSize: 10_000,
  defaultSize: 50,
  maxFilterValues: 500,
} as const;

const scalar = z.union([z.string().max(500), z.number().finite(), z.boolean()]);

/**
 * One field's condition: eq, in, or a range. Several operators on one field are ANDed
 * (e.g. a price range uses gte and lte).
 */
export const fieldCondition = z
  .object({
    eq: scalar.optional(),
    in: z.array(scalar).min(1).max(CATALOG_QUERY_LIMITS.maxFilterValues).optional(),
    gt: z.union([z.number().finite(), z.string().max(40)]).optional(),
    gte: z.union([z.number().finite(), z.string().max(40)]).optional(),
    lt: z.union([z.number().finite(), z.string().max(40)]).optional(),
    lte: z.union([z.number().finite(), z.string().max(40)]).optional(),
  })
  .strict()
  .refine((c) => Object.values(c).some((v) => v !== undefined), {
    message: 'needs at least one of eq, in, gt, gte, lt, lte',
  });
export type FieldCondition = z.infer<typeof fieldCondition>;

/**
 * Field names: attribute codes and columns. A dot is allowed only in the nested fields the
 * spec names (configurable_children.sku); attribute codes with a dot are never requested (§5).
 */
const filterField = z
  .string()
  .regex(/^([a-z][a-z0-9_]{0,59}|configurable_children\.sku)$/, 'must be a field name (lowercase letters, digits, _)');

const fieldPath = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,59}(\.[A-Za-z_][A-Za-z0-9_]{0,59}){0,3}$/, 'must be a field path such as name or configurable_children.sku');

const sortSpec = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,59}(:(asc|desc))?$/, 'must be field or field:asc or field:desc');

export const catalogQuery = z
  .object({
    entityType: z.enum(catalogEntityTypes),
    filters: z.record(filterField, fieldCondition).default({}),
    sort: z.union([sortSpec, z.array(sortSpec).max(4)]).optional(),
    size: z.number().int().min(0).max(CATALOG_QUERY_LIMITS.maxSize).default(CATALOG_QUERY_LIMITS.defaultSize),
    start: z.number().int().min(0).max(1_000_000).default(0),
    includeFields: z.array(fieldPath).max(200).optional(),
    excludeFields: z.array(fieldPath).max(200).optional(),
  })
  .strict()
  .meta({ id: 'CatalogQuery' });

export type CatalogQuery = z.infer<typeof catalogQuery>;
export type CatalogQueryInput = z.input<typeof catalogQuery>;

export const catalogQueryResult = z
  .object({
    items: z.array(z.record(z.string(), z.unknown())),
    total: z.number().int(),
    start: z.number().int(),
    perPage: z.number().int(),
  })
  .meta({ id: 'CatalogQueryResult' });

export type CatalogQueryResult<T = Record<string, unknown>> = {
  items: T[];
  total: number;
  start: number;
  perPage: number;
};
