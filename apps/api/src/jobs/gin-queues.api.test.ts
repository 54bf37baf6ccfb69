import { importBatch, upsertProducts, type ProductRewrite } from '@shop/db';
import type { ProductDoc } from '@shop/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/api-harness.ts';
import { productFactory } from '../testing/products.ts';

// The product table's GIN indexes queue a write's entries (migration 0038); every writer of
// product rows merges them when done, so a lookup never scans a long queue.
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
  it('an update outside the catalogue writers stays queued; upsertProducts, an import batch and an in-place price write leave every queue merged', async () => {
    const db = api.database.db;
    await upsertProducts(db, Array.from({ length: 200 }, (_, i) => product(`GINQ-A-${i}`, 10 + i, { name: `Coltello Gintest ${i}`, category_ids: [979, 4000 + i] })));
    expect(await queuedPages()).toEqual(nothingQueued);
    await sql`UPDATE product SET name = name || ' bis', category_ids = category_ids || 4999 WHERE sku LIKE 'GINQ-A-%'`.execute(db);
    const queued = await queuedPages();
    expect(queued['product_admin_name_trgm_idx']).toBeGreaterThan(0);
    expect(queued['product_category_ids_idx']).toBeGreaterThan(0);

    const batch = await importBatch(db, 'product', Array.from({ length: 200 }, (_, i) => product(`GINQ-B-${i}`, 20 + i, { name: `Mannaia Ginprova ${i}`, category_ids: [979, 5000 + i] })));
    expect(batch.inserted).toBe(200);
    expect(await queuedPages()).toEqual(nothingQueued);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM product WHERE name_fold LIKE '%ginprova%' AND category_ids @> ARRAY[5007]`.execute(db);
    expect(rows[0]!.n).toBe(1);

    // A price change of stored products, written in place (as the back office's edits are).
    const { rows: stored } = await sql<{ doc: ProductDoc }>`SELECT d.doc FROM product p JOIN product_doc d ON d.id = p.id WHERE p.sku LIKE 'GINQ-B-%'`.execute(db);
    const rewrites: ProductRewrite[] = stored.map(({ doc }) => ({ before: doc, after: { ...doc, price: Number(doc.price) + 1, updated_at: '2026-11-30 10:00:00' } }));
    const repriced = await importBatch(db, 'product', async () => ({ docs: [], rewrites }));
    expect(repriced.updated).toBe(200);
    expect(await queuedPages()).toEqual(nothingQueued);
  });
});
