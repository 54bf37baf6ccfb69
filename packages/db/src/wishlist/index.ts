import type { Db } from '../connect.ts';

export type * from './schema.ts';

/** The customer's wishlist SKUs, oldest first (the order they were added in). */
export async function findWishlist(db: Db, customerId: number): Promise<string[]> {
  const rows = await db.selectFrom('wishlist_item').select('sku').where('customer_id', '=', customerId).orderBy('added_at').orderBy('sku').execute();
  return rows.map((row) => row.sku);
}

/** Adds SKUs; those already there keep their place. */
export async function insertWishlistItems(db: Db, customerId: number, skus: readonly string[]): Promise<void> {
  if (skus.length === 0) return;
  const start = Date.now();
  await db
    .insertInto('wishlist_item')
    // One millisecond apart so the list keeps the order it was sent in.
    .values(skus.map((sku, i) => ({ customer_id: customerId, sku, added_at: new Date(start + i) })))
    .onConflict((oc) => oc.columns(['customer_id', 'sku']).doNothing())
    .execute();
}

export async function deleteWishlistItems(db: Db, customerId: number, skus: readonly string[] | 'all'): Promise<void> {
  let query = db.deleteFrom('wishlist_item').where('customer_id', '=', customerId);
  if (skus !== 'all') {
    if (skus.length === 0) return;
    query = query.where('sku', 'in', skus);
  }
  await query.execute();
}
