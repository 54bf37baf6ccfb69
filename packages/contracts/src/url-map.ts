import { z } from 'zod';

/**
 * POST /api/url/map (catalogue.md §7): resolves a shop URL path to the product, category or CMS
 * page whose url_path (or CMS identifier) it is. Trailing slashes and query strings are stripped.
 */
export const urlMapRequest = z
  .object({
    url: z.string().min(1).max(2000),
    includeFields: z.array(z.string().max(200)).max(200).optional(),
    excludeFields: z.array(z.string().max(200)).max(200).optional(),
    options: z.record(z.string(), z.unknown()).optional(),
    filters: z.record(z.string(), z.unknown()).optional(),
    groupId: z.number().int().min(0).optional(),
    groupToken: z.string().max(2000).optional(),
  })
  .strict()
  .meta({ id: 'UrlMapRequest' });

export const urlMapResult = z
  .object({
    _type: z.enum(['product', 'category', 'cms_page']),
    _source: z.record(z.string(), z.unknown()),
  })
  .nullable()
  .meta({ id: 'UrlMapResult', description: 'null when no mapping is found' });

export type UrlMapResult = z.infer<typeof urlMapResult>;
