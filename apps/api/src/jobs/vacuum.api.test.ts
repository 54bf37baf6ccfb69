import { upsertProducts, vacuumWhereDue } from '@shop/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/api-harness.ts';
import { productFactory } from '../testing/products.ts';

// The embedded database has no autovacuum; start-api.ts runs vacuumWhereDue on it every few
// minutes. The same function on the server (whose test instance runs without autovacuum).
let api: TestApi;
const product = productFactory(996_000);

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.dispose();
});

const visibility = async () => {
  const { rows } = await sql<{ relpages: number; relallvisible: number }>`SELECT relpages, relallvisible FROM pg_class WHERE relname = 'product'`.execute(api.database.db);
  return rows[0]!;
};

describe('vacuumWhereDue', () => {
  it('vacuums a table once its inserted rows pass autovacuum\'s threshold, setting its visibility map, and not again until more change', async () => {
    const db = api.database.db;
    const inserted = async () => Number((await sql<{ n: string }>`SELECT n_ins_since_vacuum::text AS n FROM pg_stat_user_tables WHERE relname = 'product'`.execute(db)).rows[0]?.n ?? 0);
    const before = await inserted();
    for (let batch = 0; batch < 3; batch++) {
      await upsertProducts(db, Array.from({ length: 1000 }, (_, i) => product(`VAC-${batch}-${i}`, 10 + i)));
    }
    // The statistics reach pg_stat_user_tables after their writer's transactions (at most once a
    // second): a vacuum before they all arrived would leave the rest due.
    await expect.poll(inserted).toBeGreaterThanOrEqual(before + 3000);
    expect(await vacuumWhereDue(db)).toContain('product');
    const after = await visibility();
    expect(after.relpages).toBeGreaterThan(0);
    expect(after.relallvisible).toBeGreaterThanOrEqual(after.relpages * 0.9);
    expect(await vacuumWhereDue(db)).not.toContain('product');
  });
});
