import type { Db } from '../connect.ts';

export type CmsTableName = 'cms_page' | 'cms_block';

/** An active CMS page or block by id or identifier (unique in its table), or null. */
export async function findActiveCms(
  db: Db,
  table: CmsTableName,
  key: { id: number } | { identifier: string },
): Promise<Record<string, unknown> | null> {
  let query = db.selectFrom(table).select('doc').where('active', '=', true);
  query = 'id' in key ? query.where('id', '=', key.id) : query.where('identifier', '=', key.identifier);
  const row = await query.executeTakeFirst();
  return (row?.doc as Record<string, unknown> | undefined) ?? null;
}
