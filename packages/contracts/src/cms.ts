import { z } from 'zod';

/**
 * GET /api/ext/cms-data/… (catalogue.md §7 CMS, VSF's cms-data extension): one active CMS page or
 * block by id or by identifier. `content` is HTML sanitised by the server.
 */
export const cmsIdParams = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const cmsIdentifierParams = z.object({
  identifier: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a CMS identifier (letters, digits, . _ -)'),
});

export const cmsStoreQuery = z
  .object({
    /** Only a document of this store view or of all stores (store 0) is found. */
    storeId: z.coerce.number().int().min(0).max(1000).optional(),
  })
  .strict();

const cmsFields = {
  id: z.number().int(),
  identifier: z.string(),
  title: z.string(),
  content: z.string(),
  active: z.boolean(),
};

export const cmsPage = z
  .looseObject({ ...cmsFields, content_heading: z.string().optional(), page_layout: z.string().optional() })
  .meta({ id: 'CmsPage' });

export const cmsBlock = z.looseObject(cmsFields).meta({ id: 'CmsBlock' });

export type CmsPage = z.infer<typeof cmsPage>;
export type CmsBlock = z.infer<typeof cmsBlock>;
