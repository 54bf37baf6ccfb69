import { z } from 'zod';
import { catalogEntityTypes } from './catalog-query.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan, TOO_DEEP_MESSAGE } from './strings.ts';

/** Documents per import batch: one transaction each, small enough to keep a request short. */
export const CATALOG_IMPORT_MAX_DOCS = 500;

/** Largest import request body (500 configurable products with children fit easily). */
export const CATALOG_IMPORT_MAX_BODY_BYTES = 64 * 1024 * 1024;

const count = z.number().int().min(0);

/** `POST /api/admin/catalog/import`: one batch of Vue Storefront 1 documents of one entity. */
export const catalogImportRequest = z
  .object({
    entity: z.enum(catalogEntityTypes),
    docs: z
      .array(
        // Nested deeper than any document has, a value would run the import out of stack (a 500).
        z.record(z.string(), z.unknown()).refine((doc) => !nestedDeeperThan(doc, MAX_JSON_DEPTH), TOO_DEEP_MESSAGE),
        { error: 'must be an array of JSON objects' },
      )
      .min(1)
      .max(CATALOG_IMPORT_MAX_DOCS),
  })
  .strict()
  .meta({ id: 'CatalogImportRequest' });
export type CatalogImportRequest = z.infer<typeof catalogImportRequest>;

export const cacheInvalidationOutcome = z
  .object({
    /** Cache tags the change affected. */
    tags: count,
    /** sent to the storefront, skipped (no storefront configured, or nothing changed), or failed. */
    status: z.enum(['sent', 'skipped', 'failed']),
    error: z.string().optional(),
  })
  .meta({ id: 'CacheInvalidationOutcome' });
export type CacheInvalidationOutcome = z.infer<typeof cacheInvalidationOutcome>;

export const catalogImportResult = z
  .object({
    entity: z.enum(catalogEntityTypes),
    /** Documents in the request. */
    received: count,
    /** Documents written as new rows, as changes of existing rows, and left alone because equal. */
    inserted: count,
    updated: count,
    unchanged: count,
    /** Documents refused, by their index in the request. */
    skipped: z.array(z.object({ index: count, reason: z.string() })),
    /** Accepted products by type_id. */
    productTypes: z.record(z.string(), count),
    /** Fields the importer derived because the dump lacked them (e.g. slug, url_path, stock). */
    derived: z.record(z.string(), count),
    cache: cacheInvalidationOutcome,
  })
  .meta({ id: 'CatalogImportResult' });
export type CatalogImportResult = z.infer<typeof catalogImportResult>;

/** Largest tag list of one revalidate call (Next allows 256 characters a tag). */
export const REVALIDATE_MAX_TAGS = 500;

/** The storefront's `POST /internal/revalidate`, called by the API after catalogue changes. */
export const revalidateRequest = z
  .object({ tags: z.array(z.string().min(1).max(256)).min(1).max(REVALIDATE_MAX_TAGS) })
  .strict();
export type RevalidateRequest = z.infer<typeof revalidateRequest>;
