import { sql, type Kysely } from 'kysely';

/**
 * The product table's GIN indexes queue a write's entries in their pending lists again (migration
 * 0002 and the later indexes had turned that off, because only a VACUUM merged the lists and the
 * embedded database never vacuumed, so every lookup scanned them whole). Inserting each row's
 * entries straight into the index was most of a price import's time: an in-place price update is
 * not HOT (the prices and `updated_at` are sorted on), so every row got new entries in all five
 * GIN indexes — 600 ms per 500 rows at 50,000 products on PostgreSQL 15. Queued and merged in
 * bulk at the end of each product write (`mergeProductIndexQueues`, catalog/write.ts), the
 * same batch takes ~165 ms, and no lookup ever scans more than one batch's queue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of ['product_category_ids_idx', 'product_child_skus_idx', 'product_attrs_idx', 'product_search_vec_idx', 'product_admin_name_trgm_idx']) {
    await sql`ALTER INDEX ${sql.ref(index)} SET (fastupdate = on)`.execute(db);
  }
}
