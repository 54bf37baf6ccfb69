import { queryCatalog, selectAttributeCodes } from '@shop/db';
import type { CatalogQuery } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { CatalogService, type CatalogIndex } from './service.ts';

/**
 * How the catalogue service uses the in-memory index's pages (the index's own answers are
 * compared with the database's in search-engines.api.test.ts): the index orders and counts, the
 * database supplies those documents; a page naming a product the database no longer has is the
 * database's own answer.
 */
let api: TestApi;
let ids: number[];
const query = { entityType: 'product', filters: { visibility: { in: [2, 3, 4] }, status: { in: [0, 1] } }, sort: 'id:asc', start: 0, size: 3, trackTotalHits: true } as CatalogQuery;

beforeAll(async () => {
  api = await startTestApi({ searchEngine: 'postgres' });
  const attributeCodes = await selectAttributeCodes(api.database.db);
  ids = (await queryCatalog(api.database.db, query, attributeCodes)).docs.map((d) => Number(d.id));
});
afterAll(() => api?.dispose());

/** A service whose index answers every page with `page`. */
const serviceListing = (page: { total: number; ids: number[] }) => {
  const index: CatalogIndex = { aggregate: async () => null, count: async () => null, list: async () => page };
  return new CatalogService(api.database.db, { defaultCountry: 'IT', catalogIndex: index });
};

describe("a catalogue page from the index's order", () => {
  it("shows the index's products in its order, with its total, priced and projected as any page", async () => {
    const result = await serviceListing({ total: 1234, ids: [ids[2]!, ids[0]!] }).query({ ...query, includeFields: ['id', 'sku', 'price_incl_tax'] });
    expect(result.items.map((item) => item.id)).toEqual([ids[2], ids[0]]);
    expect(result.total).toBe(1234);
    expect(Object.keys(result.items[0]!).sort()).toEqual(['id', 'price_incl_tax', 'sku']);
  });

  it('answers from the database when the page names a product it no longer has', async () => {
    const result = await serviceListing({ total: 2, ids: [ids[0]!, 987_654_321] }).query(query);
    expect(result.items.map((item) => item.id)).toEqual(ids);
    expect(result.total).toBeGreaterThan(3);
  });
});

describe('the rehearsal once the index is built', () => {
  it("reads the largest categories' first page with every facet through the index, as a category page asks", async () => {
    const listed: { category: unknown; size: number }[] = [];
    const facets: string[][] = [];
    const index: CatalogIndex = {
      aggregate: async (_filters, _codes, request) => {
        facets.push([...request.codes].sort());
        return null;
      },
      count: async () => null,
      list: async (filters, _codes, _sort, _start, size) => {
        listed.push({ category: filters.category_ids, size });
        return null;
      },
    };
    await new CatalogService(api.database.db, { defaultCountry: 'IT', catalogIndex: index }).rehearse(3);

    const largest = await api.database.db.selectFrom('category').select('id').where('is_active', '=', true).orderBy('product_count', 'desc').orderBy('id').limit(3).execute();
    expect(listed).toEqual(largest.map(({ id }) => ({ category: { in: [id] }, size: 48 })));
    const filterable = await api.database.db.selectFrom('attribute').select('attribute_code').where('is_filterable', '=', true).where('frontend_input', 'not in', ['price', 'text']).execute();
    expect(filterable.length).toBeGreaterThan(0);
    expect(facets.length).toBeGreaterThanOrEqual(3);
    expect(facets[0]).toEqual(filterable.map((a) => a.attribute_code).sort());
  });
});
