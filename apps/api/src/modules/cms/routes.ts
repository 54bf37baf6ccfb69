import { cmsBlock, cmsIdentifierParams, cmsIdParams, cmsPage, cmsStoreQuery } from '@shop/contracts';
import type { CmsTableName, Db } from '@shop/db';
import { z } from 'zod';
import { describeZodError, HttpError } from '../../http/errors.ts';
import { defineRoute, EdgeCached } from '../../http/route.ts';
import { StorefrontTag } from '../../cache/invalidation.ts';
import { findCms } from './service.ts';
import { fillPlaceholders } from '../shop/placeholders.ts';

/** The values of the content's `{{…}}` placeholders (modules/shop/placeholders.ts). */
export type PlaceholderValues = () => Promise<ReadonlyMap<string, string>>;

const noQuery = z.object({}).strict();

function parsePath<T>(schema: z.ZodType<T>, params: Record<string, string>): T {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw new HttpError(400, describeZodError('path', parsed.error));
  return parsed.data;
}

/** A found page or block is public: the edge cache keeps it until a CMS import purges `cms`. */
async function found(db: Db, values: PlaceholderValues, table: CmsTableName, key: { id: number } | { identifier: string }, storeId?: number) {
  const doc = await findCms(db, table, key, storeId);
  if (!doc) throw new HttpError(404, `CMS query returned empty result: ${table} ${'id' in key ? key.id : key.identifier}`);
  const filled = { ...doc };
  for (const field of ['content', 'meta_description'] as const) {
    const text = filled[field];
    if (typeof text === 'string' && text.includes('{{')) filled[field] = fillPlaceholders(text, await values());
  }
  return new EdgeCached(filled, [StorefrontTag.cms]);
}

/** VSF's cms-data extension (catalogue.md §7 CMS): active pages and blocks, content sanitised. */
export function cmsRoutes(db: Db, values: PlaceholderValues) {
  const base = '/api/ext/cms-data';
  const types = [
    { type: 'Page', table: 'cms_page', response: cmsPage },
    { type: 'Block', table: 'cms_block', response: cmsBlock },
  ] as const;
  return types.flatMap(({ type, table, response }) => [
    defineRoute({
      method: 'GET',
      path: `${base}/cms${type}/:id`,
      tag: 'cms',
      summary: `Active CMS ${type.toLowerCase()} by id`,
      query: noQuery,
      response,
      handler: ({ params }) => found(db, values, table, parsePath(cmsIdParams, params)),
    }),
    defineRoute({
      method: 'GET',
      path: `${base}/cms${type}Identifier/:identifier`,
      tag: 'cms',
      summary: `Active CMS ${type.toLowerCase()} by identifier, optionally of one store view`,
      query: cmsStoreQuery,
      response,
      handler: ({ params, query }) => found(db, values, table, parsePath(cmsIdentifierParams, params), query.storeId),
    }),
  ]);
}
