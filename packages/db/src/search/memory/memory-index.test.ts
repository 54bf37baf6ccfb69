import { describe, expect, it } from 'vitest';
import { Bitset } from './bitset.ts';
import { compileFilters } from './memory-filters.ts';
import { MemoryIndex, parseTsvector, type IndexedRow } from './memory-index.ts';
import { TopK } from './top-k.ts';
import { boundedDistance } from './vocabulary.ts';

const t = 1_800_000_000_000;
const row = (id: number, columns: Partial<IndexedRow>): IndexedRow => ({
  id, sku: `P-${id}`, type_id: 'simple', status: 1, visibility: 4, parent_sku: null, category_ids: [], price_cents: 1000,
  special_price_cents: null, special_from: null, special_to: null, tax_class_id: 2, position: 0, created_at: t, updated_at: t,
  attr_keys: [], vec: `'prodott':1A`, ...columns,
});

describe('in-memory index parts', () => {
  it('reads tsvector text: lexemes, quotes, backslashes and weights (no letter: D)', () => {
    expect(parseTsvector("'col-00004':1B 'coltell':2A,5C 'it''s':3 'a\\\\b':4A")).toEqual([
      ['col-00004', 2],
      ['coltell', 1 | 4],
      ["it's", 8],
      ['a\\b', 1],
    ]);
    expect(parseTsvector('')).toEqual([]);
  });

  it('measures edits like levenshtein_less_equal: exact up to the bound, bound + 1 beyond', () => {
    // Values the database answers for levenshtein_less_equal(word, 'colt', 2).
    const cases: [string, number][] = [['colt', 0], ['cole', 1], ['caltx', 2], ['co', 2], ['coltello', 3], ['coltellinoxyz', 3], ['colorato', 3]];
    expect(cases.map(([w]) => boundedDistance(w, 'colt', 2))).toEqual(cases.map(([, d]) => d));
    expect(boundedDistance('guanti', 'guanit', 2)).toBe(2);
  });

  it('keeps the best k items in order', () => {
    const top = new TopK(3, (a, b) => b - a);
    [5, 1, 9, 3, 7, 2].forEach((n) => top.offer(n));
    expect(top.sorted()).toEqual([9, 7, 5]);
    expect(new TopK(0, (a, b) => a - b).sorted()).toEqual([]);
  });

  it('combines bit sets and lists their members', () => {
    const a = new Bitset(100);
    const b = new Bitset(100);
    [1, 31, 32, 64, 99].forEach((i) => a.set(i));
    [31, 64, 70].forEach((i) => b.set(i));
    const members = (s: Bitset) => {
      const out: number[] = [];
      s.forEach((i) => out.push(i));
      return out;
    };
    expect(members(new Bitset(100, a.words.slice()).and(b))).toEqual([31, 64]);
    expect(members(a.or(b))).toEqual([1, 31, 32, 64, 70, 99]);
    expect(a.count()).toBe(6);
    const full = new Bitset(64);
    for (let i = 0; i < 64; i++) full.set(i);
    expect(full.count()).toBe(64);
    a.clear(31);
    expect(a.has(31)).toBe(false);
    expect(members(a.grown(200))).toEqual([1, 32, 64, 70, 99]);
  });

  it('counts facet values of products with one, several or no values, and of products written after the first count', () => {
    const index = new MemoryIndex();
    index.add([row(1, { attr_keys: ['colore:1'] }), row(2, { attr_keys: ['colore:1', 'colore:2', 'colore:3', 'marca:9'] }), row(3, {})]);
    index.seal();
    const facets = (ranges = [{ to: 9 }, { from: 9 }]) => {
      const answer = index.search({ groups: [{ exact: ['prodott'], near: [] }], filter: null, minScore: 0, order: { field: 'relevance' }, start: 0, size: 10, now: t, facets: { codes: ['colore'], size: 10, ranges } });
      return { colore: answer.facets!.terms.get('colore'), ranges: answer.facets!.rangeCounts };
    };
    expect(facets()).toEqual({ colore: [{ key: '1', doc_count: 2 }, { key: '2', doc_count: 1 }, { key: '3', doc_count: 1 }], ranges: [0, 3] });
    index.upsert(row(3, { attr_keys: ['colore:3', 'colore:4'], special_price_cents: 800 }));
    index.remove(1);
    expect(facets()).toEqual({ colore: [{ key: '3', doc_count: 2 }, { key: '1', doc_count: 1 }, { key: '2', doc_count: 1 }, { key: '4', doc_count: 1 }], ranges: [1, 1] });
    // Overlapping ranges are counted range by range.
    expect(facets([{ to: 9 }, { from: 5 }]).ranges).toEqual([1, 2]);
  });

  it('prices every product as of now, again when a special price window opens or closes, and prices products added later', () => {
    const index = new MemoryIndex();
    index.add([row(1, { special_price_cents: 800, special_from: t + 1000, special_to: t + 2000 }), row(2, { special_price_cents: 1200 }), row(3, { special_price_cents: 500 })]);
    index.seal();
    const at = (now: number) => [...index.pricesAt(now).subarray(0, 3)];
    expect(at(t)).toEqual([1000, 1000, 500]);
    expect(at(t + 1500)).toEqual([800, 1000, 500]);
    expect(at(t + 2500)).toEqual([1000, 1000, 500]);
    index.upsert(row(2, { special_price_cents: 900 }));
    expect(index.pricesAt(t + 2600)[3]).toBe(900);
  });

  it('sets new prices in a product\'s own slot (no garbage), prices it anew at once, and has no slot for a product it never indexed', () => {
    const index = new MemoryIndex();
    index.add([row(1, {}), row(2, { special_price_cents: 700 })]);
    index.seal();
    expect([...index.pricesAt(t).subarray(0, 2)]).toEqual([1000, 700]);
    expect(index.setPrices({ id: 1, price_cents: 1500, special_price_cents: 1200, special_from: t + 1000, special_to: null, updated_at: t + 5 })).toBe(true);
    expect(index.setPrices({ id: 2, price_cents: 600, special_price_cents: null, special_from: null, special_to: null, updated_at: t + 5 })).toBe(true);
    expect(index.garbage).toBe(0);
    expect(index.size).toBe(2);
    expect([...index.pricesAt(t).subarray(0, 2)]).toEqual([1500, 600]);
    expect([...index.pricesAt(t + 1500).subarray(0, 2)]).toEqual([1200, 600]);
    expect(index.setPrices({ id: 3, price_cents: 100, special_price_cents: null, special_from: null, special_to: null, updated_at: t })).toBe(false);
  });

  it("counts a category scope's facets from the products now in its categories, after moves between categories, with no category test of its own", () => {
    const index = new MemoryIndex();
    index.add([row(1, { category_ids: [10], attr_keys: ['colore:1'] }), row(2, { category_ids: [10, 11], attr_keys: ['colore:2'] }), row(3, { category_ids: [12], attr_keys: ['colore:1'] })]);
    index.seal();
    const colours = (categories: number[]) => index.aggregate(() => true, { codes: ['colore'], size: 10, ranges: [] }, t, new Set(categories)).terms.get('colore');
    expect(colours([10])).toEqual([{ key: '1', doc_count: 1 }, { key: '2', doc_count: 1 }]);
    expect(colours([10, 11])).toEqual([{ key: '1', doc_count: 1 }, { key: '2', doc_count: 1 }]);
    index.upsert(row(1, { category_ids: [12], attr_keys: ['colore:1'] }));
    index.remove(2);
    expect(colours([10, 11])).toEqual([]);
    expect(colours([12])).toEqual([{ key: '1', doc_count: 2 }]);
  });

  it("counts a query's products in a category scope (the scope alone keeps to its categories) or the whole catalogue, as they are after writes", () => {
    const index = new MemoryIndex();
    index.add([row(1, { category_ids: [10] }), row(2, { category_ids: [10, 11], status: 0 }), row(3, { category_ids: [12] })]);
    index.seal();
    const enabled = (slot: number) => index.field.status(slot) === 1;
    const all = () => true;
    expect(index.count(all)).toBe(3);
    expect(index.count(enabled)).toBe(2);
    expect(index.count(all, new Set([10, 11]))).toBe(2);
    expect(index.count(enabled, new Set([10]))).toBe(1);
    index.upsert(row(4, { category_ids: [10] }));
    index.upsert(row(3, { category_ids: [10] }));
    index.remove(1);
    expect(index.count(all, new Set([10]))).toBe(3);
    expect(index.count(all, new Set([12]))).toBe(0);
  });

  it("lists a page in a sort's order with ties by id in its direction, and the total, as products are after writes", () => {
    const index = new MemoryIndex();
    index.add([
      row(1, { category_ids: [10], position: 5, price_cents: 900 }),
      row(2, { category_ids: [10], position: 7, price_cents: 500, special_price_cents: 300, special_from: t - 10, special_to: t + 1000 }),
      row(3, { category_ids: [10], position: 5, price_cents: 400 }),
      row(4, { category_ids: [11], position: 9, price_cents: 100 }),
      row(5, { category_ids: [10], position: 1, price_cents: 400, status: 0 }),
    ]);
    index.seal();
    const all = () => true;
    const enabled = (slot: number) => index.field.status(slot) === 1;
    const scope = new Set([10]);
    expect(index.list(all, { field: 'position', dir: 'desc' }, 0, 10, t, scope)).toEqual({ total: 4, ids: [2, 3, 1, 5] });
    expect(index.list(all, { field: 'position', dir: 'asc' }, 0, 10, t, scope)).toEqual({ total: 4, ids: [5, 1, 3, 2] });
    // Prices are the effective ones at the clock: product 2's special applies until t + 1000.
    expect(index.list(enabled, { field: 'price', dir: 'asc' }, 0, 10, t, scope)).toEqual({ total: 3, ids: [2, 3, 1] });
    expect(index.list(enabled, { field: 'price', dir: 'asc' }, 0, 10, t + 1000, scope)).toEqual({ total: 3, ids: [3, 2, 1] });
    expect(index.list(all, { field: 'position', dir: 'desc' }, 1, 2, t, scope)).toEqual({ total: 4, ids: [3, 1] });
    expect(index.list(all, { field: 'position', dir: 'desc' }, 8, 2, t, scope)).toEqual({ total: 4, ids: [] });
    expect(index.list(all, { field: 'id', dir: 'desc' }, 0, 2, t)).toEqual({ total: 5, ids: [5, 4] });
    index.upsert(row(4, { category_ids: [10], position: 6 }));
    index.remove(3);
    expect(index.list(all, { field: 'position', dir: 'desc' }, 0, 10, t, scope)).toEqual({ total: 4, ids: [2, 4, 1, 5] });
  });

  it('counts the same facets with its columns built ahead (prepareFacets) as built at the first count, for products added after too', () => {
    const build = (prepared: boolean) => {
      const index = new MemoryIndex();
      index.add([row(1, { attr_keys: ['colore:1', 'colore:2'] }), row(2, { attr_keys: ['colore:2', 'colore:3', 'colore:4'] })]);
      index.seal();
      if (prepared) index.prepareFacets(['colore', 'marca']);
      index.upsert(row(3, { attr_keys: ['colore:4', 'marca:7'] }));
      return index.aggregate(() => true, { codes: ['colore', 'marca'], size: 10, ranges: [] }, t);
    };
    const prepared = build(true);
    expect(prepared.terms.get('colore')).toEqual([{ key: '2', doc_count: 2 }, { key: '4', doc_count: 2 }, { key: '1', doc_count: 1 }, { key: '3', doc_count: 1 }]);
    expect(prepared.terms.get('marca')).toEqual([{ key: '7', doc_count: 1 }]);
    expect(prepared).toEqual(build(false));
  });

  it('filters by a price range with all its bounds and counts the facets of the hits left, across many words of slots', () => {
    const index = new MemoryIndex();
    // Prices 1.00 … 100.00 €; every third product in two colours, every seventh in three.
    const colours = (id: number) => [`colore:${id % 4}`, ...(id % 3 === 0 ? [`colore:${(id + 1) % 4}`] : []), ...(id % 7 === 0 ? ['colore:9'] : [])];
    index.add(Array.from({ length: 100 }, (_, i) => row(i + 1, { price_cents: (i + 1) * 100, attr_keys: colours(i + 1) })));
    index.seal();
    const search = (price: Record<string, number>) => {
      const filter = compileFilters(index, { price }, new Set(), t);
      const answer = index.search({ groups: [{ exact: ['prodott'], near: [] }], filter, minScore: 0, order: { field: 'relevance' }, start: 0, size: 5, now: t, facets: { codes: ['colore'], size: 10, ranges: [] } });
      return { total: answer.total, first: answer.page[0]?.id, colore: Object.fromEntries(answer.facets!.terms.get('colore')!.map((b) => [b.key, b.doc_count])) };
    };
    const expected = (ids: number[]) => {
      const counts: Record<string, number> = {};
      for (const id of ids) for (const key of colours(id)) counts[key.slice(7)] = (counts[key.slice(7)] ?? 0) + 1;
      return { total: ids.length, first: ids[0], colore: counts };
    };
    const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    expect(search({ gte: 20, lt: 50 })).toEqual(expected(ids(20, 49)));
    expect(search({ gt: 20, lte: 50 })).toEqual(expected(ids(21, 50)));
    expect(search({ gt: 90 })).toEqual(expected(ids(91, 100)));
    expect(search({ lte: 1 })).toEqual(expected([1]));
    expect(search({ gt: 100 }).total).toBe(0);
  });
});
