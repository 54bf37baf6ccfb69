import { MemorySearchProvider, PostgresSearchProvider, selectAttributeCodes, type SearchRequest } from '@shop/db';
import { SEARCH_LIMITS } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';

/**
 * The in-memory search index follows catalogue writes (ADR 0008, issue #16): an import, a price
 * change, a disabled product and a renamed category show in the very next search, and another
 * API instance on the same database (here: a second index that only reads the change sequence,
 * as another process does) comes to the same answer.
 */
const TOKEN = 'search-index-test-token-'.padEnd(64, 'x');
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ adminToken: TOKEN });
});
afterAll(async () => {
  await api?.dispose();
});

async function importDocs(entity: string, docs: Record<string, unknown>[]) {
  const res = await api.call('/api/admin/catalog/import', { body: { entity, docs }, headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

interface Found {
  total: number;
  items: { sku: string; price?: number; category_ids?: number[] }[];
}
async function search(body: Record<string, unknown>): Promise<Found> {
  const res = await api.call('/api/search', { body: { includeFields: ['sku', 'price', 'category_ids'], ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as Found;
}

const product = (id: number, sku: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  sku,
  name,
  type_id: 'simple',
  status: 1,
  visibility: 4,
  price: 40,
  tax_class_id: '2',
  category_ids: [16, 20],
  stock: { qty: 5, is_in_stock: true },
  ...extra,
});

describe('the search index after catalogue writes', () => {
  const slicer = product(910_001, 'IDX-SLICER', 'Affettatrice zafferano professionale');

  it('finds an imported product, by its words and by a typo of them', async () => {
    expect((await search({ q: 'zafferano' })).total).toBe(0);
    await importDocs('product', [slicer]);
    for (const q of ['zafferano', 'zaferano', 'affettatrice zaff']) expect((await search({ q })).items.map((i) => i.sku), q).toContain(slicer.sku);
  });

  it('filters and facets on a changed price', async () => {
    const cheap = { q: 'zafferano', filters: { price: { lt: 20 } }, aggregations: { terms: [] } };
    expect((await search(cheap)).total).toBe(0);
    await importDocs('product', [{ ...slicer, price: 15 }]);
    const found = await search(cheap);
    expect(found.items.map((i) => i.sku)).toEqual([slicer.sku]);
    const res = await api.call('/api/search', { body: { q: 'zafferano', aggregations: { terms: [] } } });
    expect(res.body.result.aggregations.agg_range_price.buckets[0]).toMatchObject({ key: '0.0-50.0', doc_count: 1 });
  });

  it("counts a category listing's total at once after an import, a price change and a disable, with and without a price filter", async () => {
    const total = async (filters: Record<string, unknown> = {}) => {
      const body = { entityType: 'product', filters: { category_ids: { in: [20] }, visibility: { in: [2, 3, 4] }, status: { in: [0, 1] }, ...filters }, size: 1 };
      const res = await api.call('/api/catalog', { body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.result as Found).total;
    };
    const totals = async () => [await total(), await total({ price: { lt: 50 } })];
    const lamp = product(910_050, 'IDX-TOTAL', 'Lampada riscaldante da banco', { category_ids: [20], price: 60 });
    const [all, cheap] = await totals();
    await importDocs('product', [lamp]);
    expect(await totals()).toEqual([all! + 1, cheap]);
    await importDocs('product', [{ ...lamp, price: 45 }]);
    expect(await totals()).toEqual([all! + 1, cheap! + 1]);
    await importDocs('product', [{ ...lamp, status: 2 }]);
    expect(await totals()).toEqual([all, cheap]);
  });

  it('stops finding a disabled product, and finds it again once enabled', async () => {
    await importDocs('product', [{ ...slicer, status: 2 }]);
    expect((await search({ q: 'zafferano' })).total).toBe(0);
    await importDocs('product', [{ ...slicer, status: 1 }]);
    expect((await search({ q: 'zafferano' })).total).toBe(1);
  });

  it("finds a renamed category's products by the new name", async () => {
    const row = await api.database.db.selectFrom('category').select('doc').where('id', '=', 22).executeTakeFirstOrThrow();
    expect((await search({ q: 'ricurve' })).total).toBe(0);
    await importDocs('category', [{ ...(row.doc as Record<string, unknown>), name: 'Lame ricurve' }]);
    const renamed = await search({ q: 'ricurve', size: 100 });
    expect(renamed.total).toBeGreaterThan(0);
    for (const item of renamed.items) expect(item.category_ids).toContain(22);
  });

  it('ranks the product a one-letter slip names before one two letters away (equal scores otherwise)', async () => {
    // The farther one has the lower id, which alone ranked it first before.
    await importDocs('product', [product(910_010, 'IDX-FAR', 'Vaschetta Quarzimax'), product(910_011, 'IDX-NEAR', 'Vaschetta Quarzino')]);
    expect((await search({ q: 'quarzimo' })).items.map((i) => i.sku)).toEqual(['IDX-NEAR', 'IDX-FAR']);
  });

  it('brings another instance on the same database to the same answer', async () => {
    const { db } = api.database;
    // Sees writes only through the change sequence, as another API process does.
    const other = new MemorySearchProvider(db, new PostgresSearchProvider(db), { followLocalWrites: false, pollMs: 100 });
    await other.start();
    try {
      const request: SearchRequest = {
        text: 'grattugia',
        filters: {},
        attributeCodes: await selectAttributeCodes(db),
        sort: 'relevance',
        start: 0,
        size: 24,
        minScore: SEARCH_LIMITS.minScore,
      };
      expect((await other.search(request)).total).toBe(0);
      await importDocs('product', [product(910_020, 'IDX-GRATER', 'Grattugia rotativa')]);
      expect((await search({ q: 'grattugia' })).items.map((i) => i.sku)).toEqual(['IDX-GRATER']);
      await expect.poll(async () => (await other.search(request)).hits.length, { interval: 50 }).toBe(1);
    } finally {
      other.stop();
    }
  });
});
