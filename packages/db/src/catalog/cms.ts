import { sql } from 'kysely';
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

/**
 * An id for a page or block the back office creates: the table's sequence (migration 0033), so
 * that no two sellers are given the same one, past the ids imported documents already hold.
 */
export async function nextCmsId(db: Db, table: CmsTableName): Promise<number> {
  for (;;) {
    // The sequence is read lazily, row by row, until a free id: only the ids looked at are used up.
    const { rows } = await sql<{ id: number }>`
      SELECT s.n AS id
      FROM (SELECT nextval(${`${table}_new_id`}::regclass)::integer AS n FROM generate_series(1, 1000)) s
      WHERE NOT EXISTS (SELECT 1 FROM ${sql.table(table)} t WHERE t.id = s.n)
      LIMIT 1`.execute(db);
    if (rows[0]) return rows[0].id;
  }
}
