import { findActiveCms, type CmsTableName, type Db } from '@shop/db';
import { sanitizeHtml } from './html-sanitizer.ts';

/** A CMS document whose `content` HTML is safe to place in a page. */
export function withSafeContent(doc: Record<string, unknown>): Record<string, unknown> {
  return typeof doc.content === 'string' ? { ...doc, content: sanitizeHtml(doc.content) } : doc;
}

/** Store 0 means all store views, as in Magento; a document without store_id is in all of them. */
function inStore(storeIds: unknown, storeId: number): boolean {
  if (storeIds === undefined || storeIds === null) return true;
  const ids = [storeIds].flat().map(Number);
  return ids.includes(0) || ids.includes(storeId);
}

/** An active CMS page or block (of the store view, when given) with sanitised content, or null. */
export async function findCms(
  db: Db,
  table: CmsTableName,
  key: { id: number } | { identifier: string },
  storeId?: number,
): Promise<Record<string, unknown> | null> {
  const doc = await findActiveCms(db, table, key);
  if (!doc || (storeId !== undefined && !inStore(doc.store_id, storeId))) return null;
  return withSafeContent(doc);
}
