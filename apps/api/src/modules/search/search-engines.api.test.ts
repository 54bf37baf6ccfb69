import { DEFAULT_PRICE_RANGES, SEARCH_LIMITS, type FieldCondition } from '@shop/contracts';
import { aggregateProducts, countCatalog, countDisjunctive, MemorySearchProvider, queryCatalog, PostgresSearchProvider, searchFacets, selectAttributeCodes, type AggregationCounts, type AggregationRequest, type SearchHits, type SearchRequest } from '@shop/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';

/**
 * The in-memory search index against the PostgreSQL provider it replaces (ADR 0008, issue #16):
 * for a few hundred random queries, filters, sorts and facets on the demo catalogue, the same
 * totals, facet counts and pages. The one documented difference: at equal scores the in-memory
 * index ranks a product matched by a nearer word first (the database ranks ties by id only).
 */
let api: TestApi;
let memory: MemorySearchProvider;
let postgres: PostgresSearchProvider;
let attributeCodes: ReadonlySet<string>;
let words: string[];
let skus: string[];
let names: string[][];
let categories: number[];
let tokens: string[];

beforeAll(async () => {
  api = await startTestApi({ searchEngine: 'postgres' });
  const { db } = api.database;
  postgres = new PostgresSearchProvider(db);
  memory = new MemorySearchProvider(db, postgres);
  await memory.start();
  attributeCodes = await selectAttributeCodes(db);
  words = (await sql<{ word: string }>`SELECT word FROM search_vocab ORDER BY word`.execute(db)).rows.map((r) => r.word);
  const products = await db.selectFrom('product').select(['sku', 'name', 'category_ids', sql<string[]>`attr_keys`.as('attr_keys')]).orderBy('id').execute();
  skus = products.map((p) => p.sku);
  names = products.map((p) => p.name.split(/\s+/));
  categories = [...new Set(products.flatMap((p) => p.category_ids))].sort((a, b) => a - b);
  tokens = [...new Set(products.flatMap((p) => p.attr_keys))].filter((t) => /^(marca|colore|materiale):/.test(t)).sort();
});
afterAll(async () => {
  memory?.stop();
  await api?.dispose();
});

/** A deterministic random source (mulberry32), so a failure names a reproducible case. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  return { next, pick };
}

function typo(word: string, r: ReturnType<typeof random>): string {
  if (word.length < 4) return word;
  const p = 2 + Math.floor(r.next() * (word.length - 2));
  const letter = r.pick([...'aeiolnrst']);
  return r.pick([
    () => word.slice(0, p) + word.slice(p + 1),
    () => word.slice(0, p) + letter + word.slice(p + 1),
    () => word.slice(0, p) + letter + word.slice(p),
    () => word.slice(0, p - 1) + (word[p] ?? '') + word[p - 1] + word.slice(p + 1),
  ])();
}

function randomRequest(seed: number): SearchRequest {
  const r = random(seed);
  const term = () =>
    r.pick([
      () => r.pick(words),
      () => typo(r.pick(words), r),
      () => typo(typo(r.pick(words), r), r),
      () => r.pick(words).slice(0, 3 + Math.floor(r.next() * 4)),
      () => r.pick(skus).slice(0, 5 + Math.floor(r.next() * 5)),
      () => r.pick(['da', 'per', 'in', 'con', 'xyzzy', 'inox', '24', '1/1']),
    ])();
  // Words of one product's name (as shoppers type them, sometimes misspelt), or random ones.
  const name = r.pick(names);
  const fromName = () => Array.from({ length: 1 + Math.floor(r.next() * 4) }, () => (r.next() < 0.3 ? typo(r.pick(name), r) : r.pick(name)));
  const text = (r.next() < 0.5 ? fromName() : Array.from({ length: 1 + Math.floor(r.next() * (r.next() < 0.2 ? 6 : 3)) }, term)).join(' ');
  const filters: Record<string, FieldCondition> = {};
  if (r.next() < 0.15) filters.category_ids = r.next() < 0.5 ? { eq: r.pick(categories) } : { in: [r.pick(categories), r.pick(categories)] };
  if (r.next() < 0.12) {
    const [code, value] = r.pick(tokens).split(':') as [string, string];
    filters[code] = { eq: value };
  }
  if (r.next() < 0.2) filters.price = { gte: Math.floor(r.next() * 50), lt: 50 + Math.floor(r.next() * 200) };
  if (r.next() < 0.1) filters.type_id = { eq: r.pick(['simple', 'configurable']) };
  if (r.next() < 0.05) filters.name = { like: r.pick(words).slice(0, 4) };
  const sorts: SearchRequest['sort'][] = ['relevance', 'relevance', 'relevance', { field: 'price', dir: 'asc' }, { field: 'price', dir: 'desc' }, { field: 'updated_at', dir: 'desc' }, { field: 'position', dir: 'asc' }, { field: 'id', dir: 'desc' }];
  return {
    text,
    filters,
    attributeCodes,
    sort: r.pick(sorts),
    start: r.next() < 0.2 ? 24 : 0,
    size: 24,
    minScore: SEARCH_LIMITS.minScore,
    ...(r.next() < 0.7 ? { facets: { codes: ['marca', 'colore', 'materiale'], size: 5 + Math.floor(r.next() * 20), ranges: DEFAULT_PRICE_RANGES } } : {}),
  };
}

/** Facets as plain data. */
const facetsOf = (hits: SearchHits) => hits.facets && { terms: Object.fromEntries(hits.facets.terms), rangeCounts: hits.facets.rangeCounts };

/**
 * Whether the memory page equals the database's, allowing the documented tie order: the same
 * scores in the same places, and within a score, ids the database ranks at that score too.
 */
function samePage(request: SearchRequest, mine: SearchHits, theirs: SearchHits, theirsBeyond: SearchHits): string | null {
  if (mine.hits.length !== theirs.hits.length) return `${mine.hits.length} hits, database ${theirs.hits.length}`;
  const scores = (h: SearchHits) => h.hits.map((x) => x.score);
  if (JSON.stringify(scores(mine)) !== JSON.stringify(scores(theirs))) return `scores ${scores(mine)} vs ${scores(theirs)}`;
  const ids = (h: SearchHits) => h.hits.map((x) => x.id);
  if (request.sort !== 'relevance') return JSON.stringify(ids(mine)) === JSON.stringify(ids(theirs)) ? null : `ids ${ids(mine)} vs ${ids(theirs)}`;
  for (const [i, hit] of mine.hits.entries()) {
    const tied = theirsBeyond.hits.filter((h) => h.score === hit.score).map((h) => h.id);
    if (!tied.includes(hit.id)) return `${hit.id} at ${i} (score ${hit.score}) is not among the database's ties ${tied}`;
  }
  return null;
}

describe('in-memory search index vs the PostgreSQL provider', () => {
  it('builds from the whole searchable catalogue', () => {
    expect(memory.ready).toBe(true);
  });

  it('answers 300 random queries with the same totals, facets and pages (ties: nearer words first)', async () => {
    const failures: string[] = [];
    let matched = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const request = randomRequest(seed);
      const [mine, theirs] = [await memory.search(request), await postgres.search(request)];
      const beyond = request.sort === 'relevance' ? await postgres.search({ ...request, start: 0, size: 1000 }) : theirs;
      const why =
        mine.total !== theirs.total
          ? `total ${mine.total} vs ${theirs.total}`
          : JSON.stringify(facetsOf(mine)) !== JSON.stringify(facetsOf(theirs))
            ? `facets ${JSON.stringify(facetsOf(mine))} vs ${JSON.stringify(facetsOf(theirs))}`
            : JSON.stringify([mine.matchedWords.sort(), mine.suggestions, mine.corrected]) !== JSON.stringify([theirs.matchedWords.sort(), theirs.suggestions, theirs.corrected])
              ? `words ${JSON.stringify([mine.matchedWords, mine.suggestions])} vs ${JSON.stringify([theirs.matchedWords, theirs.suggestions])}`
              : samePage(request, mine, theirs, beyond);
      if (why) failures.push(`seed ${seed} ${JSON.stringify({ ...request, attributeCodes: undefined })}: ${why}`);
      if (theirs.total > 0) matched++;
    }
    expect(failures).toEqual([]);
    // Most random queries must find something, or the comparison proves little.
    expect(matched).toBeGreaterThan(150);
  });

  it("counts a catalogue listing's facets and total as the database does: 200 random category scopes and filters", async () => {
    const counts = (c: AggregationCounts | null) => c && JSON.stringify({ terms: Object.fromEntries(c.terms), rangeCounts: c.rangeCounts });
    const failures: string[] = [];
    let counted = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const r = random(seed);
      // A category page's filters (its subtree, listable products), sometimes narrowed as shoppers do.
      const filters: Record<string, FieldCondition> = {
        category_ids: { in: Array.from({ length: 1 + Math.floor(r.next() * 30) }, () => r.pick(categories)) },
        visibility: { in: r.next() < 0.8 ? [2, 4] : [2, 3, 4] },
        status: r.next() < 0.8 ? { in: [0, 1] } : { eq: 1 },
      };
      if (r.next() < 0.3) {
        const [code, value] = r.pick(tokens).split(':') as [string, string];
        filters[code] = { in: [value] };
      }
      if (r.next() < 0.3) filters.price = { gte: Math.floor(r.next() * 100), lt: 100 + Math.floor(r.next() * 400) };
      const request = { codes: ['marca', 'colore', 'materiale', 'taglia'], size: 10, ranges: DEFAULT_PRICE_RANGES };
      const mine = await memory.aggregate(filters, attributeCodes, request);
      const theirs = await aggregateProducts(api.database.db, { entityType: 'product', filters, start: 0, size: 1, trackTotalHits: false } as never, attributeCodes, request);
      if (counts(mine) !== counts(theirs)) failures.push(`seed ${seed} ${JSON.stringify(filters)}: ${counts(mine)} vs ${counts(theirs)}`);
      const [myTotal, theirTotal] = [await memory.count(filters, attributeCodes), await countCatalog(api.database.db, { entityType: 'product', filters }, attributeCodes)];
      if (myTotal !== theirTotal) failures.push(`seed ${seed} ${JSON.stringify(filters)}: total ${myTotal} vs ${theirTotal}`);
      if (theirs.rangeCounts.some((n) => n > 0)) counted++;
    }
    expect(failures).toEqual([]);
    expect(counted).toBeGreaterThan(100);
  });

  it('counts disjunctive facets alike (each facet under every filter but its own): 80 random searches with chosen options and prices', async () => {
    const counts = (c: AggregationCounts | undefined) => c && JSON.stringify({ terms: Object.fromEntries(c.terms), rangeCounts: c.rangeCounts });
    const failures: string[] = [];
    let narrowed = 0;
    for (let seed = 1; seed <= 80; seed++) {
      const r = random(seed + 1000);
      const base = randomRequest(seed + 1000);
      const filters: Record<string, FieldCondition> = { ...base.filters };
      const [code, value] = r.pick(tokens).split(':') as [string, string];
      filters[code] = { in: [value, ...(r.next() < 0.3 ? [r.pick(tokens).split(':')[1]!] : [])] };
      if (r.next() < 0.5) filters.final_price = { gte: r.pick([0, 50, 100]), lt: r.pick([50, 150, 500]) + 50 };
      // Short texts from names, so that the chosen options often leave something to count.
      const request: SearchRequest = { ...base, text: r.pick(names).slice(0, 1).join(' '), filters };
      const facets: AggregationRequest = { codes: ['marca', 'colore', 'materiale'], size: 10, ranges: DEFAULT_PRICE_RANGES };
      const [mine, theirs] = [await searchFacets(memory, request, facets), await searchFacets(postgres, request, facets)];
      if (counts(mine) !== counts(theirs)) failures.push(`seed ${seed} ${JSON.stringify({ ...request, attributeCodes: undefined })}: ${counts(mine)} vs ${counts(theirs)}`);
      // Disjunctive: the chosen facet counts as if it were not chosen; the price ranges keep it.
      const { [code]: _own, ...others } = filters;
      const unchosen = await postgres.search({ ...request, filters: others, facets: { ...facets, codes: [code], ranges: [] } });
      if (JSON.stringify(mine?.terms.get(code) ?? []) !== JSON.stringify(unchosen.facets?.terms.get(code) ?? [])) failures.push(`seed ${seed}: ${code} counted under its own filter`);
      const { final_price: _price, price: _listPrice, ...unpriced } = filters;
      const ranges = await memory.search({ ...request, filters: unpriced, facets: { ...facets, codes: [] } });
      if (mine && JSON.stringify(mine.rangeCounts) !== JSON.stringify(ranges.facets?.rangeCounts)) failures.push(`seed ${seed}: price ranges ${mine.rangeCounts} vs ${ranges.facets?.rangeCounts}`);
      if (mine && (mine.terms.get(code) ?? []).length > filters[code]!.in!.length) narrowed++;
    }
    expect(failures).toEqual([]);
    // Often the chosen facet still offers options beyond those chosen, or this proves little.
    expect(narrowed).toBeGreaterThan(10);
  });

  it("counts a catalogue listing's disjunctive facets as the database does: 100 random category scopes with chosen options and prices", async () => {
    const counts = (c: AggregationCounts) => JSON.stringify({ terms: Object.fromEntries(c.terms), rangeCounts: c.rangeCounts });
    const failures: string[] = [];
    for (let seed = 1; seed <= 100; seed++) {
      const r = random(seed + 2000);
      const [code, value] = r.pick(tokens).split(':') as [string, string];
      const filters: Record<string, FieldCondition> = {
        category_ids: { in: Array.from({ length: 1 + Math.floor(r.next() * 30) }, () => r.pick(categories)) },
        visibility: { in: [2, 3, 4] },
        status: { in: [0, 1] },
        [code]: { in: [value] },
        ...(r.next() < 0.5 ? { final_price: { gte: Math.floor(r.next() * 100), lt: 100 + Math.floor(r.next() * 400) } } : {}),
      };
      const request = { codes: ['marca', 'colore', 'materiale', 'taglia'], size: 10, ranges: DEFAULT_PRICE_RANGES };
      const mine = await countDisjunctive(filters, request, async (f, part) => (await memory.aggregate(f, attributeCodes, part))!);
      const theirs = await countDisjunctive(filters, request, (f, part) =>
        aggregateProducts(api.database.db, { entityType: 'product', filters: f, start: 0, size: 1, trackTotalHits: false } as never, attributeCodes, part),
      );
      if (counts(mine) !== counts(theirs)) failures.push(`seed ${seed} ${JSON.stringify(filters)}: ${counts(mine)} vs ${counts(theirs)}`);
      const { [code]: _own, ...others } = filters;
      const unchosen = await aggregateProducts(api.database.db, { entityType: 'product', filters: others } as never, attributeCodes, { ...request, codes: [code], ranges: [] });
      if (JSON.stringify(theirs.terms.get(code)) !== JSON.stringify(unchosen.terms.get(code))) failures.push(`seed ${seed}: ${code} counted under its own filter`);
    }
    expect(failures).toEqual([]);
  });

  it("pages a catalogue listing as the database does: 200 random category scopes, filters, sorts and pages", async () => {
    const sorts = [undefined, 'position:desc', 'position:asc', 'position', 'final_price:asc', 'final_price:desc', 'price:asc', 'created_at:desc', 'updated_at:desc', 'id:asc', 'id:desc'];
    const failures: string[] = [];
    let paged = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const r = random(seed + 3000);
      const filters: Record<string, FieldCondition> = {
        category_ids: { in: Array.from({ length: 1 + Math.floor(r.next() * 8) }, () => r.pick(categories)) },
        visibility: { in: [2, 3, 4] },
        status: { in: [0, 1] },
      };
      if (r.next() < 0.3) {
        const [code, value] = r.pick(tokens).split(':') as [string, string];
        filters[code] = { in: [value] };
      }
      if (r.next() < 0.3) filters.final_price = { gte: Math.floor(r.next() * 100), lt: 100 + Math.floor(r.next() * 400) };
      const sort = r.pick(sorts);
      const start = r.pick([0, 0, 0, 0, 12, 48, 500]);
      const size = r.pick([12, 48]);
      const mine = await memory.list(filters, attributeCodes, sort, start, size);
      const theirs = await queryCatalog(api.database.db, { entityType: 'product', filters, ...(sort ? { sort } : {}), start, size, trackTotalHits: true } as never, attributeCodes);
      const expected = { total: theirs.total, ids: theirs.docs.map((d) => d.id) };
      if (JSON.stringify(mine) !== JSON.stringify(expected)) failures.push(`seed ${seed} ${JSON.stringify({ filters, sort, start, size })}: ${JSON.stringify(mine)} vs ${JSON.stringify(expected)}`);
      if (expected.ids.length > 1) paged++;
    }
    expect(failures).toEqual([]);
    expect(paged).toBeGreaterThan(100);
  });

  it('leaves to the database the pages it cannot order: by name or SKU, or by two fields', async () => {
    const filters = { category_ids: { in: categories.slice(0, 3) }, visibility: { in: [2, 3, 4] }, status: { in: [0, 1] } };
    for (const sort of ['name:asc', 'sku:desc', ['price:asc', 'position:desc']]) expect(await memory.list(filters, attributeCodes, sort, 0, 12)).toBeNull();
    expect(await memory.list(filters, attributeCodes, 'price:asc', 0, 12)).not.toBeNull();
  });

  it('leaves to the database the pages past its depth (10,000 products in), which it would sort on the event loop', async () => {
    const filters = { category_ids: { in: categories.slice(0, 3) }, visibility: { in: [2, 3, 4] }, status: { in: [0, 1] } };
    expect(await memory.list(filters, attributeCodes, 'position:desc', 9_952, 48)).not.toBeNull();
    expect(await memory.list(filters, attributeCodes, 'position:desc', 9_953, 48)).toBeNull();
    expect(await memory.list(filters, attributeCodes, 'position:desc', 999_000, 48)).toBeNull();
  });

  it('leaves to the database the listings that may hold products the index does not (hidden, disabled, any visibility)', async () => {
    const request = { codes: ['marca'], size: 10, ranges: [] };
    const scope = { category_ids: { in: categories.slice(0, 3) } };
    for (const filters of [scope, { ...scope, visibility: { in: [1, 2, 4] }, status: { in: [0, 1] } }, { ...scope, visibility: { eq: 4 }, status: { in: [1, 2] } }, { ...scope, visibility: { gte: 2 }, status: { eq: 1 } }]) {
      expect(await memory.aggregate(filters as Record<string, FieldCondition>, attributeCodes, request)).toBeNull();
      expect(await memory.count(filters as Record<string, FieldCondition>, attributeCodes)).toBeNull();
      expect(await memory.list(filters as Record<string, FieldCondition>, attributeCodes, undefined, 0, 12)).toBeNull();
    }
    expect(await memory.aggregate({ ...scope, visibility: { eq: 4 }, status: { eq: 1 } }, attributeCodes, request)).not.toBeNull();
  });
});
