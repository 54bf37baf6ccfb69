import type { ProductDoc } from '@shop/domain';
import type { Db } from '../connect.ts';

/** Documents of the visible, enabled products among `skus`, in the order asked; unknown skus are left out. */
export async function findListedProducts(db: Db, skus: readonly string[]): Promise<ProductDoc[]> {
  if (skus.length === 0) return [];
  const rows = await db
    .selectFrom('product as p')
    .innerJoin('product_doc as d', 'd.id', 'p.id')
    .select(['p.sku', 'd.doc'])
    .where('p.sku', 'in', skus)
    .where('p.status', '<', 2)
    .where('p.visibility', 'in', [2, 3, 4])
    .execute();
  const bySku = new Map(rows.map((r) => [r.sku, r.doc as unknown as ProductDoc]));
  return skus.map((sku) => bySku.get(sku)).filter((doc) => doc !== undefined);
}
