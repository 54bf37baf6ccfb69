import { sql } from 'kysely';
import type { Db } from '../connect.ts';
import { textArray } from '../sql-values.ts';

/** The product table's GIN indexes: a write queues their entries (migration 0038). */
const PRODUCT_GIN_INDEXES = ['product_category_ids_idx', 'product_child_skus_idx', 'product_attrs_idx', 'product_search_vec_idx', 'product_admin_name_trgm_idx'];

/**
 * Merges the entries a write queued in the product table's GIN indexes into the indexes, in bulk
 * (several times cheaper than inserting them row by row); called by every writer of product
 * rows when done (catalog/write.ts, write-in-place.ts, a reindex), so that a lookup never scans
 * more than one write's queue. An index dropped for a bulk load (bench/search.ts's seed) is skipped.
 */
export async function mergeProductIndexQueues(db: Db): Promise<void> {
  await sql`SELECT gin_clean_pending_list(r) FROM (SELECT to_regclass(i) AS r FROM unnest(${textArray(PRODUCT_GIN_INDEXES)}) AS i) x WHERE r IS NOT NULL`.execute(db);
}
