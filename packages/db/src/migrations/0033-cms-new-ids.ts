import { sql, type Kysely } from 'kysely';

/**
 * Ids of the CMS pages and blocks the back office creates (issue #45 point 4). CMS ids come from
 * the imported documents (Magento's), and a page is written like an import, by id: two sellers
 * creating a page at once must not be given the same id, or the second would overwrite the first.
 * A sequence per table hands out ids no one else is given; `nextCmsId` skips those already taken.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['cms_page', 'cms_block'] as const) {
    await sql`CREATE SEQUENCE ${sql.raw(`${table}_new_id`)} AS integer START 1`.execute(db);
  }
}
