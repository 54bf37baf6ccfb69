import { upsertCategories, upsertProducts } from '@shop/db';
import type { CategoryDoc, ProductDoc } from '@shop/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.dispose();
});

interface Bucket {
  key: string;
  doc_count: number;
}
interface Result {
  items: Record<string, any>[];
  total: number;
  start: number;
  perPage: number;
  aggregations?: Record<string, { buckets: Bucket[] }>;
  attributeMetadata?: { attribute_code: string; options: { value: string; label: string }[] }[];
  matchedWords: string[];
  suggestions: string[];
  corrected?: string;
}

async function search(body: Record<string, unknown>): Promise<Result> {
  const res = await api.call('/api/search', { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as Result;
}

async function catalog(body: Record<string, unknown>) {
  const res = await api.call('/api/catalog', { body: { entityType: 'product', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as { items: Record<string, any>[]; total: number };
}

const VICTORINOX = '20062';

describe('POST /api/search — answer', () => {
  it('returns the §3 envelope with highlight words', async () => {
    const result = await search({ q: 'coltelli', size: 5, aggregations: { terms: ['marca'] } });
    expect(result.total).toBeGreaterThan(5);
    expect(result.items).toHaveLength(5);
    expect(result).toMatchObject({ start: 0, perPage: 5, suggestions: [] });
    expect(result.matchedWords).toContain('coltello');
    expect(Object.keys(result.aggregations!).sort()).toEqual(['agg_range_price', 'agg_terms_marca']);
    expect(result.attributeMetadata!.map((a) => a.attribute_code)).toEqual(['marca']);
  });

  it('shapes and prices items exactly like catalogue product items', async () => {
    const [hit] = (await search({ q: 'COL-00004', size: 1, userGroupId: 3 })).items;
    const listed = await catalog({ filters: { sku: { eq: 'COL-00004' } }, userGroupId: 3 });
    expect(hit).toEqual(listed.items[0]);
    const projected = await search({ q: 'COL-00004', size: 1, includeFields: ['sku', 'name', 'price_incl_tax'] });
    expect(Object.keys(projected.items[0]!).sort()).toEqual(['name', 'price_incl_tax', 'sku']);
  });

  it('prices a whole page like the catalogue, discounts and configurables included', async () => {
    const page = (await search({ q: 'coltello', size: 50 })).items;
    const skus = page.map((item) => String(item.sku));
    const listed = new Map((await catalog({ filters: { sku: { in: skus } }, size: 50 })).items.map((item) => [item.sku, item]));
    expect(page.some((item) => item.lowest_price_30d !== undefined)).toBe(true);
    for (const item of page) expect(item).toEqual(listed.get(item.sku));
  });

  it('suggests the closest words when nothing matches', async () => {
    const result = await search({ q: 'coltellazzo zzz' });
    expect(result.total).toBe(0);
    expect(result.matchedWords).toEqual([]);
    expect(result.suggestions).toContain('coltello');
  });
});

describe('POST /api/search — paging (§5)', () => {
  it('turns size ≤ 0 into 50 and start < 0 into 0', async () => {
    for (const size of [0, -5]) expect((await search({ q: 'guanti', size })).perPage).toBe(50);
    const negative = await search({ q: 'guanti', start: -3, size: 3 });
    const first = await search({ q: 'guanti', size: 3 });
    expect(negative.start).toBe(0);
    expect(negative.items).toEqual(first.items);
  });

  it('pages over a stable order, with the same total on every page', async () => {
    const ten = await search({ q: 'tavolo inox', size: 10, includeFields: ['sku'] });
    const second = await search({ q: 'tavolo inox', size: 5, start: 5, includeFields: ['sku'] });
    expect(second.items).toEqual(ten.items.slice(5));
    expect(second.total).toBe(ten.total);
    const beyond = await search({ q: 'tavolo inox', size: 5, start: 10_000 });
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(ten.total);
  });
});

describe('POST /api/search — filters, facets, sorts', () => {
  it('combines filters with the text', async () => {
    const all = await search({ q: 'coltello', size: 100, includeFields: ['sku', 'marca'] });
    const victorinox = await search({ q: 'coltello', filters: { marca: { eq: VICTORINOX } }, size: 100, includeFields: ['sku', 'marca'] });
    expect(victorinox.total).toBeGreaterThan(0);
    expect(victorinox.total).toBeLessThan(all.total);
    for (const item of victorinox.items) expect(String(item.marca)).toBe(VICTORINOX);
    expect(victorinox.items.map((i) => i.sku)).toEqual(all.items.filter((i) => String(i.marca) === VICTORINOX).map((i) => i.sku));
    const cheap = await search({ q: 'coltello', filters: { price: { lt: 30 }, type_id: { eq: 'simple' } }, size: 100, includeFields: ['price'] });
    expect(cheap.total).toBeGreaterThan(0);
    for (const item of cheap.items) expect(item.price).toBeLessThan(30);
  });

  it('counts facets over the whole match, each bucket what its filter finds', async () => {
    const result = await search({ q: 'guanti', size: 1, aggregations: { terms: ['marca'], size: 100 } });
    const marca = result.aggregations!.agg_terms_marca!.buckets;
    expect(marca.length).toBeGreaterThan(1);
    expect(marca.reduce((n, b) => n + b.doc_count, 0)).toBe(result.total);
    for (const bucket of marca.slice(0, 3)) {
      expect((await search({ q: 'guanti', filters: { marca: { eq: bucket.key } }, size: 1 })).total).toBe(bucket.doc_count);
    }
    const prices = result.aggregations!.agg_range_price!.buckets;
    expect(prices.map((b) => b.key)).toEqual(['0.0-50.0', '50.0-100.0', '100.0-150.0', '150.0-*']);
    expect(prices.reduce((n, b) => n + b.doc_count, 0)).toBe(result.total);
    const labels = new Map(result.attributeMetadata![0]!.options.map((o) => [o.value, o.label]));
    for (const bucket of marca) expect(labels.has(bucket.key)).toBe(true);
  });

  it('counts facets disjunctively: a chosen brand narrows the price ranges, not the brands (issue 42 point 8)', async () => {
    const facets = { terms: ['marca'], size: 100 };
    const all = await search({ q: 'coltello', size: 1, aggregations: facets });
    const chosen = await search({ q: 'coltello', filters: { marca: { in: [VICTORINOX] } }, size: 1, aggregations: facets });
    // The brand facet still counts every brand under the other filters (none here)...
    expect(chosen.aggregations!.agg_terms_marca).toEqual(all.aggregations!.agg_terms_marca);
    // ...while the price ranges count Victorinox products only.
    const ranges = chosen.aggregations!.agg_range_price!.buckets;
    expect(ranges.reduce((n, b) => n + b.doc_count, 0)).toBe(chosen.total);
    expect(chosen.total).toBeLessThan(all.total);
    // A chosen price range narrows the brands and keeps its own ranges as without it.
    const cheap = await search({ q: 'coltello', filters: { marca: { in: [VICTORINOX] }, final_price: { lt: 50 } }, size: 1, aggregations: facets });
    expect(cheap.aggregations!.agg_range_price).toEqual(chosen.aggregations!.agg_range_price);
    const victorinox = cheap.aggregations!.agg_terms_marca!.buckets.find((b) => b.key === VICTORINOX)!;
    expect(victorinox.doc_count).toBe(cheap.total);
    const unbranded = await search({ q: 'coltello', filters: { final_price: { lt: 50 } }, size: 1, aggregations: facets });
    expect(cheap.aggregations!.agg_terms_marca).toEqual(unbranded.aggregations!.agg_terms_marca);
  });

  it('says which words it searched when it corrected a typo, and searches them as typed when asked', async () => {
    const corrected = await search({ q: 'tritacrne', size: 1 });
    expect(corrected.total).toBeGreaterThan(0);
    expect(corrected.corrected).toBe('tritacarne');
    // Known words and words still being typed are no corrections.
    expect((await search({ q: 'tritacarne', size: 1 })).corrected).toBeUndefined();
    expect((await search({ q: 'tritac', size: 1 })).corrected).toBeUndefined();
    const asTyped = await search({ q: 'tritacrne', size: 1, asTyped: true });
    expect(asTyped.total).toBe(0);
    expect(asTyped.corrected).toBeUndefined();
    expect(asTyped.suggestions).toContain('tritacarne');
  });

  it('sorts by price, date and position as well as relevance', async () => {
    const simple = { type_id: { eq: 'simple' } };
    const byPrice = async (dir: string) =>
      (await search({ q: 'coltello', filters: simple, sort: `price:${dir}`, size: 100, includeFields: ['price'] })).items.map((i) => i.price as number);
    const up = await byPrice('asc');
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = await byPrice('desc');
    expect(down).toEqual([...down].sort((a, b) => b - a));
    const latest = (await search({ q: 'guanti', sort: 'updated_at:desc', size: 50, includeFields: ['updated_at'] })).items.map((i) => Date.parse(i.updated_at));
    expect(latest).toEqual([...latest].sort((a, b) => b - a));
    const relevance = await search({ q: 'guanti nitrile', sort: 'relevance', size: 3, includeFields: ['name'] });
    for (const item of relevance.items) expect(item.name).toMatch(/nitrile/i);
  });

  it('refuses unknown sorts, filters and facets with 400', async () => {
    for (const body of [
      { q: 'guanti', sort: 'colour:asc' },
      { q: 'guanti', filters: { nope: { eq: 1 } } },
      { q: 'guanti', aggregations: { terms: ['nope'] } },
    ]) {
      const res = await api.call('/api/search', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('POST /api/search — what is searchable', () => {
  it('finds only visible (2, 3, 4), enabled (0, 1) products', async () => {
    const docs = await api.database.db.selectFrom('product').select(['sku', 'name', 'status', 'visibility']).execute();
    const disabled = docs.find((d) => d.status >= 2 && d.visibility >= 2)!;
    expect(disabled, 'the demo has a disabled product').toBeDefined();
    const result = await search({ q: disabled.name, size: 200, includeFields: ['sku', 'status', 'visibility'] });
    expect(result.items.map((i) => i.sku)).not.toContain(disabled.sku);
    for (const item of result.items) {
      expect([2, 3, 4]).toContain(Number(item.visibility));
      expect([0, 1]).toContain(Number(item.status));
    }
  });

  it('finds a configurable product by its child SKU, not the invisible child', async () => {
    const [child] = await api.database.db.selectFrom('product').select(['sku', 'parent_sku']).where('visibility', '=', 1).where('status', '=', 1).where('parent_sku', 'is not', null).limit(1).execute();
    const result = await search({ q: child!.sku, size: 5, includeFields: ['sku'] });
    expect(result.items[0]!.sku).toBe(child!.parent_sku);
    expect(result.items.map((i) => i.sku)).not.toContain(child!.sku);
  });

  it('keeps the search data current on product and category writes', async () => {
    const db = api.database.db;
    const row = await db.selectFrom('product_doc').select('doc').where('id', '=', 4).executeTakeFirstOrThrow();
    const doc = row.doc as unknown as ProductDoc;
    expect((await search({ q: 'zafferano' })).total).toBe(0);
    await upsertProducts(db, [{ ...doc, name: 'Coltello zafferano da collezione' }]);
    for (const q of ['zafferano', 'zaferano', 'zafferan']) {
      const found = await search({ q, includeFields: ['sku'] });
      expect(found.items.map((i) => i.sku), q).toEqual([doc.sku]);
    }
    const category = (await db.selectFrom('category').select('doc').where('id', '=', 22).executeTakeFirstOrThrow()).doc as unknown as CategoryDoc;
    await upsertCategories(db, [{ ...category, name: 'Lame ricurve' }]);
    const renamed = await search({ q: 'ricurve', size: 100, includeFields: ['category_ids'] });
    expect(renamed.total).toBeGreaterThan(0);
    for (const item of renamed.items) expect(item.category_ids).toContain(22);
  });
});

describe('POST /api/search — bad input', () => {
  it.each([
    ['a missing term', {}, /q/],
    ['a 2-character term', { q: 'ab' }, /at least 3 characters/],
    ['a term of blanks around 2 characters', { q: '   ab   ' }, /at least 3 characters/],
    ['a huge size', { q: 'guanti', size: 100_000 }, /size/],
    ['an unknown field', { q: 'guanti', from: 3 }, /from/],
    ['a term that is not text', { q: 42 }, /q/],
    ['a 5,000-character term', { q: 'coltello '.repeat(600).slice(0, 5000) }, /q: Too big: expected string to have <=200 characters/],
  ])('refuses %s with 400', async (_name, body, message) => {
    const res = await api.call('/api/search', { body });
    expect(res.status).toBe(400);
    expect(res.body.result).toMatch(message);
  });

  it.each([
    "'); drop table product;--",
    "coltello'); DELETE FROM product; --",
    '%%%',
    '\\\\\\',
    ':*|&!',
    "guanti:* | !'x' & ",
    'col-*:*',
    "''''''",
    '<<<->>>',
    'ñ£€ ♥♥♥ 😀😀',
    'coltelo guanit termometo bilanica tavolio padela pentla stivalli',
  ])('answers %j without a server error, the catalogue intact', async (q) => {
    const res = await api.call('/api/search', { body: { q } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { n } = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM product`.execute(api.database.db)).rows[0]!;
    expect(n).toBeGreaterThan(300);
  });
});
