import { importBatch, upsertProducts } from '@shop/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/api-harness.ts';
import { productFactory } from '../testing/products.ts';

// The product table's GIN indexes queue a write's entries (migration 0038); a catalogue write
// merges them at the end of its transaction, so a lookup never scans a long queue.
let api: TestApi;
const product = productFactory(992_000);
const GIN_INDEXES = ['product_category_ids_idx', 'product_child_skus_idx', 'product_attrs_idx', 'product_search_vec_idx', 'product_admin_name_trgm_idx'];

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.dispose();
});

/** Merges each index's queue and answers how many pages it held per index (gin_clean_pending_list). */
const queuedPages = async () => {
  const { rows } = await sql<{ index: string; pages: number }>`
    SELECT i AS index, gin_clean_pending_list(i::regclass)::int AS pages FROM unnest(${GIN_INDEXES}::text[]) AS i`.execute(api.database.db);
  return Object.fromEntries(rows.map((row) => [row.index, row.pages]));
};
const nothingQueued = Object.fromEntries(GIN_INDEXES.map((index) => [index, 0]));

describe('product GIN index queues', () => {
  it('a write outside the import queues entries; an import batch leaves every queue merged, and its products are found by name', async () => {
    const db = api.database.db;
    await queuedPages();
    await upsertProducts(db, Array.from({ length: 200 }, (_, i) => product(`GINQ-A-${i}`, 10 + i, { name: `Coltello Gintest ${i}`, category_ids: [979, 4000 + i] })));
    const queued = await queuedPages();
    expect(queued['product_admin_name_trgm_idx']).toBeGreaterThan(0);
    expect(queued['product_category_ids_idx']).toBeGreaterThan(0);

    const batch = await importBatch(db, 'product', Array.from({ length: 200 }, (_, i) => product(`GINQ-B-${i}`, 20 + i, { name: `Mannaia Ginprova ${i}`, category_ids: [979, 5000 + i] })));
    expect(batch.inserted).toBe(200);
    expect(await queuedPages()).toEqual(nothingQueued);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM product WHERE name_fold LIKE '%ginprova%' AND category_ids @> ARRAY[5007]`.execute(db);
    expect(rows[0]!.n).toBe(1);
  });
});
