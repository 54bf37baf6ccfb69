import { sql } from 'kysely';
import type { Db } from '../connect.ts';

export type UrlTargetType = 'product' | 'category' | 'cms_page' | 'redirect';

export interface UrlTarget {
  type: UrlTargetType;
  /** The document; for a redirect `{ url_path, id, sku }` of the product the old path leads to. */
  doc: Record<string, unknown>;
}

/**
 * What a shop URL path names, in VSF's order: a visible enabled product's url_path, then an
 * active category's url_path, then an active CMS page's identifier; last, an old url_path of a
 * visible enabled product whose URL key changed (migration 0030), answered as a redirect to the
 * product's current url_path, so a redirect never hides a live URL and chains collapse. One
 * statement, each branch on its own index; the lowest id wins when two rows share a path.
 */
export async function findUrlTarget(db: Db, path: string): Promise<UrlTarget | null> {
  const { rows } = await sql<UrlTarget>`
    SELECT type, doc FROM (
      SELECT 1 AS rank, 'product' AS type, p.id, d.doc
      FROM product p JOIN product_doc d ON d.id = p.id
      WHERE p.url_path = ${path} AND p.status < 2 AND p.visibility IN (2, 3, 4)
      UNION ALL
      SELECT 2, 'category', id, doc FROM category WHERE url_path = ${path} AND is_active
      UNION ALL
      SELECT 3, 'cms_page', id, doc FROM cms_page WHERE identifier = ${path} AND active
      UNION ALL
      SELECT 4, 'redirect', p.id, jsonb_build_object('url_path', p.url_path, 'id', p.id, 'sku', p.sku)
      FROM product_url_redirect r JOIN product p ON p.id = r.product_id
      WHERE r.url_path = ${path} AND p.url_path <> ${path} AND p.status < 2 AND p.visibility IN (2, 3, 4)
    ) found
    ORDER BY rank, id
    LIMIT 1`.execute(db);
  return rows[0] ?? null;
}
