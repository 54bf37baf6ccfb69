import type { ProductDoc } from '@shop/domain';
import type { Db } from '../connect.ts';

/** Product documents by id, in the order asked (a search's page). */
export async function findProductDocs(db: Db, ids: readonly number[]): Promise<ProductDoc[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('product_doc').select(['id', 'doc']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r.doc as unknown as ProductDoc]));
  return ids.map((id) => byId.get(id)).filter((doc) => doc !== undefined);
}
