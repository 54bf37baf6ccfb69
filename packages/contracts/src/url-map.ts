import { z } from 'zod';
import { text } from './strings.ts';

// VSF clients send null for "all fields".
const fieldList = z.array(text().max(200)).max(200).nullable().optional();

/**
 * POST /api/url/map (catalogue.md §7): resolves a shop URL path to the product, category or CMS
 * page whose url_path (or CMS identifier) it is. Query string, hash and leading and trailing
 * slashes are stripped. VSF's client-side `options`, `filters` and `groupToken` are not accepted:
 * the server has no use for the first two and no customer tokens to verify yet.
 */
export const urlMapRequest = z
  .object({
    url: text().min(1).max(2000),
    includeFields: fieldList,
    excludeFields: fieldList,
    /** The customer's tax class for the product's prices, as `userGroupId` in catalogue queries. */
    groupId: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict()
  .meta({ id: 'UrlMapRequest' });

export type UrlMapRequest = z.infer<typeof urlMapRequest>;

export const urlMapResult = z
  .object({
    _type: z.enum(['product', 'category', 'cms_page']),
    _source: z.record(z.string(), z.unknown()),
  })
  .nullable()
  .meta({ id: 'UrlMapResult', description: 'null when no mapping is found' });

export type UrlMapResult = z.infer<typeof urlMapResult>;
