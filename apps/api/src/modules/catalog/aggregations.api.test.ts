import { upsertProducts } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.dispose();
});

const visible = { visibility: { in: [2, 3, 4] }, status: { in: [0, 1] } };

interface Bucket {
  key: string;
  doc_count: number;
  from?: number;
  to?: number;
}

async function products(body: Record<string, unknown>) {
  const res = await api.call('/api/catalog', { body: { entityType: 'product', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as {
    items: Record<string, any>[];
    total: number;
    aggregations?: Record<string, { buckets: Bucket[] }>;
    attributeMetadata?: { attribute_id: number; attribute_code: string; default_frontend_label: string; frontend_input: string; options: { value: string; label: string }[] }[];
  };
}

describe('POST /api/catalog — aggregations', () => {
  it('counts option ids over the whole matching set, not just the page', async () => {
    const result = await products({ filters: visible, size: 2, includeFields: ['sku'], aggregations: { terms: ['marca', 'materiale'], size: 100 } });
    expect(result.items).toHaveLength(2);
    const marca = result.aggregations!.agg_terms_marca!.buckets;
    expect(marca.length).toBeGreaterThan(5);
    expect(marca[0]!.doc_count).toBeGreaterThan(2);
    const counts = marca.map((b) => b.doc_count);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    // Each count is what filtering by that option finds.
    for (const bucket of [...marca.slice(0, 3), ...result.aggregations!.agg_terms_materiale!.buckets.slice(0, 2)]) {
      const code = marca.includes(bucket) ? 'marca' : 'materiale';
      const filtered = await products({ filters: { ...visible, [code]: { eq: bucket.key } }, size: 0 });
      expect(filtered.total, `${code} ${bucket.key}`).toBe(bucket.doc_count);
    }
  });

  it('keeps the `size` most frequent options of each attribute', async () => {
    const all = await products({ filters: visible, size: 0, aggregations: { terms: ['marca'], size: 100 } });
    const top = await products({ filters: visible, size: 0, aggregations: { terms: ['marca'], size: 3 } });
    expect(top.aggregations!.agg_terms_marca!.buckets).toEqual(all.aggregations!.agg_terms_marca!.buckets.slice(0, 3));
    const byDefault = await products({ filters: visible, size: 0, aggregations: { terms: ['marca'] } });
    expect(byDefault.aggregations!.agg_terms_marca!.buckets).toHaveLength(10);
  });

  it('narrows with the filters, like the items', async () => {
    const all = await products({ filters: visible, size: 0, aggregations: { terms: ['marca'], size: 1 } });
    const brand = all.aggregations!.agg_terms_marca!.buckets[0]!.key;
    const one = await products({ filters: { ...visible, marca: { eq: brand } }, size: 0, aggregations: { terms: ['marca', 'colore'] } });
    expect(one.aggregations!.agg_terms_marca!.buckets[0]).toEqual({ key: brand, doc_count: one.total });
    for (const bucket of one.aggregations!.agg_terms_colore!.buckets) expect(bucket.doc_count).toBeLessThanOrEqual(one.total);
  });

  it('counts each facet under every filter but its own (disjunctive, issue 42 point 8)', async () => {
    const facets = { terms: ['marca', 'colore'], size: 100 };
    const all = await products({ filters: visible, size: 1, aggregations: facets });
    const [first, second] = all.aggregations!.agg_terms_marca!.buckets;
    const chosen = await products({ filters: { ...visible, marca: { in: [first!.key] } }, size: 1, aggregations: facets });
    // Brands: still every brand, so a second one can be added with its true count.
    expect(chosen.aggregations!.agg_terms_marca).toEqual(all.aggregations!.agg_terms_marca);
    // Prices and colours: the chosen brand's products only.
    expect(chosen.aggregations!.agg_range_price!.buckets.reduce((n, b) => n + b.doc_count, 0)).toBe(chosen.total);
    expect(chosen.aggregations!.agg_range_price).not.toEqual(all.aggregations!.agg_range_price);
    const both = await products({ filters: { ...visible, marca: { in: [first!.key, second!.key] } }, size: 1 });
    expect(both.total).toBe(first!.doc_count + second!.doc_count);
    // A chosen price range keeps its own ranges as without it, and narrows the brands.
    const cheap = await products({ filters: { ...visible, marca: { in: [first!.key] }, final_price: { lt: 50 } }, size: 1, aggregations: facets });
    expect(cheap.aggregations!.agg_range_price).toEqual(chosen.aggregations!.agg_range_price);
    expect(cheap.aggregations!.agg_terms_marca!.buckets.find((b) => b.key === first!.key)!.doc_count).toBe(cheap.total);
  });

  it('buckets the net list price into the spec ranges, keyed as Elasticsearch did', async () => {
    const result = await products({ filters: visible, size: 0, aggregations: { terms: [] } });
    const buckets = result.aggregations!.agg_range_price!.buckets;
    expect(buckets.map(({ key, from, to }) => ({ key, from, to }))).toEqual([
      { key: '0.0-50.0', from: 0, to: 50 },
      { key: '50.0-100.0', from: 50, to: 100 },
      { key: '100.0-150.0', from: 100, to: 150 },
      { key: '150.0-*', from: 150, to: undefined },
    ]);
    expect(buckets[3]).not.toHaveProperty('to');
    expect(buckets.reduce((n, b) => n + b.doc_count, 0)).toBe(result.total);
    const between = await products({ filters: { ...visible, price: { gte: 50, lt: 100 } }, size: 0 });
    expect(buckets[1]!.doc_count).toBe(between.total);
  });

  it('takes its own price ranges, open at either end', async () => {
    const result = await products({
      filters: visible,
      size: 0,
      aggregations: { priceRanges: [{ to: 20 }, { from: 20, to: 49.9 }, { from: 1000 }] },
    });
    const buckets = result.aggregations!.agg_range_price!.buckets;
    expect(buckets.map((b) => b.key)).toEqual(['*-20.0', '20.0-49.9', '1000.0-*']);
    expect(buckets[0]).toEqual({ key: '*-20.0', to: 20, doc_count: expect.any(Number) });
    expect(buckets.every((b) => b.doc_count > 0)).toBe(true);
  });

  it('describes the aggregated attributes with their option labels', async () => {
    const result = await products({ filters: visible, size: 0, aggregations: { terms: ['marca', 'materiale'] } });
    const metadata = result.attributeMetadata!;
    expect(metadata.map((m) => [m.attribute_code, m.attribute_id, m.frontend_input, m.default_frontend_label])).toEqual([
      ['marca', 200, 'select', 'Marca'],
      ['materiale', 202, 'multiselect', 'Materiale'],
    ]);
    for (const [i, code] of ['marca', 'materiale'].entries()) {
      const labels = new Map(metadata[i]!.options.map((o) => [o.value, o.label]));
      for (const bucket of result.aggregations![`agg_terms_${code}`]!.buckets) expect(labels.get(bucket.key)).toBeTruthy();
    }
  });

  it('accepts a filterable boolean attribute', async () => {
    const result = await products({ filters: visible, size: 0, aggregations: { terms: ['idoneo_contatto_alimenti'] } });
    expect(result.aggregations!.agg_terms_idoneo_contatto_alimenti!.buckets).toBeInstanceOf(Array);
  });

  it('counts a product written since, once the catalogue caches are invalidated (as imports do)', async () => {
    const ask = async () =>
      // The brand's own bucket: with disjunctive counts (issue 42) the marca facet lists every brand under the other filters.
      (await products({ filters: { ...visible, marca: { eq: '20048' } }, size: 0, aggregations: { terms: ['marca'], size: 100 } }))
        .aggregations!.agg_terms_marca!.buckets.find((b) => b.key === '20048')!.doc_count;
    const before = await ask();
    await upsertProducts(api.database.db, [
      { id: 970_001, sku: 'AGG-NEW', name: 'Nuovo', type_id: 'simple', status: 1, visibility: 4, price: 10, marca: '20048' },
    ]);
    api.app.catalog.invalidate();
    expect(await ask()).toBe(before + 1);
  });

  it('answers empty aggregations and attributeMetadata when none are asked for (catalogue §3)', async () => {
    const result = await products({ filters: visible, size: 1 });
    expect(result.aggregations).toEqual({});
    expect(result.attributeMetadata).toEqual([]);
  });
});

describe('aggregations: bad input gets 400 naming the field', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['an unknown attribute', { entityType: 'product', aggregations: { terms: ['colour'] } }, /aggregations\.terms\.0: unknown attribute colour/],
    ['an attribute without options', { entityType: 'product', aggregations: { terms: ['marca', 'dimensioni'] } }, /aggregations\.terms\.1: dimensioni is a text attribute/],
    ['a non-product entity', { entityType: 'category', aggregations: { terms: [] } }, /aggregations: only products can be aggregated/],
    ['a dotted code', { entityType: 'product', aggregations: { terms: ['a.b'] } }, /aggregations\.terms\.0/],
    ['size 0', { entityType: 'product', aggregations: { size: 0 } }, /aggregations\.size/],
    ['an inverted range', { entityType: 'product', aggregations: { priceRanges: [{ from: 100, to: 50 }] } }, /aggregations\.priceRanges\.0: from must be below to/],
    ['an empty range', { entityType: 'product', aggregations: { priceRanges: [{}] } }, /aggregations\.priceRanges\.0: needs from or to/],
    ['a negative bound', { entityType: 'product', aggregations: { priceRanges: [{ from: -5 }] } }, /aggregations\.priceRanges\.0\.from/],
    ['an unknown option', { entityType: 'product', aggregations: { terms: [], max: 3 } }, /aggregations.*max/],
    ['an unknown filter next to aggregations', { entityType: 'product', filters: { nope: { eq: 1 } }, aggregations: { terms: ['marca'] } }, /filters\.nope/],
  ];
  it.each(cases)('%s', async (_name, body, message) => {
    const res = await api.call('/api/catalog', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, result: expect.stringMatching(message) });
  });

  it('refuses a bad filter every time, beside good filters the index has already checked', async () => {
    const good = { entityType: 'product', filters: { ...visible, marca: { in: [1] } }, size: 1, aggregations: { terms: ['marca'] } };
    const bad = { ...good, filters: { ...good.filters, nope: { eq: 1 } } };
    for (let round = 0; round < 2; round++) {
      expect((await api.call('/api/catalog', { body: good })).status).toBe(200);
      const res = await api.call('/api/catalog', { body: bad });
      expect(res.status).toBe(400);
      expect(res.body.result).toMatch(/filters\.nope/);
    }
  });
});
