import { z } from 'zod';
import { plainJson, text } from './strings.ts';

// VSF clients send null for "all fields".
const fieldList = z.array(text().max(200)).max(200).nullable().optional();

/**
 * POST /api/url/map (catalogue.md §7, shopping.md §7): resolves a shop URL path to the product,
 * category or CMS page whose url_path (or CMS identifier) it is. Query string, hash and leading
 * and trailing slashes are stripped. The body is the spec's: VSF's client-side `options` and
 * `filters` (`sku` of the child a configurable's URL was opened for) are accepted and change
 * nothing, since the answer is the whole parent with every child and the client picks the
 * variant; `groupToken` is the customer's access token (as `?token=`), whose group prices the
 * product; `groupId` may be null (no tax class chosen).
 */
export const urlMapRequest = z
  .object({
    url: text().min(1).max(2000),
    includeFields: fieldList,
    excludeFields: fieldList,
    options: z.record(text().max(64), plainJson).optional(),
    filters: z.object({ sku: text().max(64).optional() }).catchall(plainJson).optional(),
    /** The customer's tax class for the product's prices, as `userGroupId` in catalogue queries. */
    groupId: z.number().int().min(0).max(1_000_000).nullable().optional(),
    groupToken: text().max(2048).nullable().optional(),
  })
  .strict()
  .meta({ id: 'UrlMapRequest' });

export type UrlMapRequest = z.infer<typeof urlMapRequest>;

/**
 * The answer: the product, category or CMS page, or `redirect` for an old product URL path whose
 * URL key the seller changed (ADR 0032): `_source.url_path` is the product's current path, which a
 * client answers with 301 (the storefront's dispatcher does); `includeFields` do not apply to it.
 */
export const urlMapResult = z
  .object({
    _type: z.enum(['product', 'category', 'cms_page', 'redirect']),
    _source: z.record(z.string(), z.unknown()),
  })
  .nullable()
  .meta({ id: 'UrlMapResult', description: 'null when no mapping is found' });

export type UrlMapResult = z.infer<typeof urlMapResult>;
