// Search latency (issues #4, #16): p50/p95/p99 of POST /api/search's work (the search service in
// process: engine, documents, prices, facets; no HTTP) over a fixed mix of queries, a third
// misspelled, on the demo catalogue at several sizes, embedded and on a PostgreSQL server, with
// the in-memory index (its build time and memory too) and with the database alone.
// Standalone: node --import tsx bench/search.ts. Sizes: SEARCH_BENCH_SIZES=10000,50000,200000;
// SEARCH_BENCH_ENGINES=memory,postgres; SEARCH_BENCH_EMBEDDED / SEARCH_BENCH_SERVER=false skip a database.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { SEARCH_LIMITS, searchQuery, type SearchQuery, type SearchQueryInput } from '@shop/contracts';
import {
  buildAttributes,
  buildCategories,
  buildTaxRules,
  countCategoryProducts,
  createCatalogContext,
  productBatches,
} from '@shop/demo-catalog';
import { MemorySearchProvider, openDatabase, PostgresSearchProvider, upsertAttributes, upsertCategories, upsertProducts, upsertTaxRules, type Db } from '@shop/db';
import type { ProductDoc } from '@shop/domain';
import { sql } from 'kysely';
import { CatalogService } from '../apps/api/src/modules/catalog/service.ts';
import { SearchService } from '../apps/api/src/modules/search/service.ts';
import { withBenchDatabase } from './pg-database.ts';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { repoRoot } from '../scripts/lib/processes.mjs';

const WORDS = ['coltello', 'coltelli', 'guanti', 'guanto', 'termometro', 'termometri', 'bilancia', 'bilance', 'tavolo', 'tavoli', 'padella', 'pentola', 'pentole', 'stivali', 'tagliere', 'taglieri', 'abbattitore', 'armadio', 'scaffale', 'insaccatrice', 'tritacarne', 'buste', 'sottovuoto', 'sanificante', 'detergente', 'disinfettante', 'marmitta', 'casseruola', 'mestolo', 'colino', 'schiumarola', 'lavello', 'lavamani', 'carrello', 'acciaino', 'affilatrice', 'zoccoli', 'scarpe', 'vetrina', 'sgrassatore'];
const BRANDS = ['victorinox', 'sanelli', 'giesser', 'wusthof', 'reflexx', 'testo', 'ohaus', 'paderno', 'coldline', 'tecnoinox', 'orved', 'reber', 'nora', 'ebro', 'sambonet'];
const BRAND_TYPES = ['victorinox coltello', 'sanelli coltello disosso', 'reflexx guanti nitrile', 'testo termometro', 'ohaus bilancia', 'paderno pentola', 'coldline abbattitore', 'tecnoinox tavolo', 'orved sottovuoto', 'reber tritacarne', 'nora stivali', 'ebro termometro', 'sambonet colino', 'wusthof coltello cuoco', 'giesser coltello'];
const PHRASES = ['coltello da cucina', 'coltello da disosso curvo', 'guanti in nitrile', 'guanti antitaglio', 'termometro a sonda', 'termometro tascabile impermeabile', 'bilancia da banco', 'tavolo inox su gambe', 'macchina sottovuoto a campana', 'buste sottovuoto', 'padella antiaderente', 'pentola per pasta', 'armadio frigorifero', 'tavolo refrigerato', 'stivali in pvc', 'scarpe di sicurezza', 'tagliere in polietilene', 'abbattitore di temperatura', 'sanificante per superfici', 'detergente lavastoviglie', 'guanti in lattice', 'coltello da pane', 'coltello per formaggio', 'acciaino diamantato', 'marmitta in alluminio'];
const PREFIXES = ['colt', 'guan', 'term', 'bila', 'tavol', 'pento', 'sottov', 'abbat', 'insac', 'stiv', 'tagl', 'pade', 'guanti nitr', 'coltello disos', 'termometro tasc'];
const SKU_PREFIXES = ['COL-000', 'GUA-001', 'TER-0', 'TAV-00', 'REF-01', 'PEN-002', 'BIL-0', 'SOT-00', 'STI-01', 'DET-00'];
const NONSENSE = ['iphone', 'xyzzy', 'playstation', 'bicicletta'];

/** A deterministic typo in the longest word, after its first two letters: drop, swap, change or double a letter. */
function misspell(text: string, i: number): string {
  const words = text.split(' ');
  const at = words.reduce((best, w, j) => (w.length > words[best]!.length ? j : best), 0);
  const w = words[at]!;
  const p = 2 + (i % Math.max(1, w.length - 3));
  const edits = [
    () => w.slice(0, p) + w.slice(p + 1),
    () => w.slice(0, p) + w[p + 1] + w[p] + w.slice(p + 2),
    () => w.slice(0, p) + (w[p] === 'a' ? 'e' : 'a') + w.slice(p + 1),
    () => w.slice(0, p) + w[p] + w.slice(p),
  ];
  words[at] = edits[i % edits.length]!();
  return words.join(' ');
}

interface BenchQuery {
  kind: 'text' | 'misspelled' | 'sku';
  body: SearchQueryInput;
}

export function queryMix(skus: string[]): BenchQuery[] {
  const correct = [...WORDS, ...BRANDS, ...BRAND_TYPES, ...PHRASES, ...PREFIXES, ...NONSENSE];
  const typos = [...WORDS, ...BRANDS, ...PHRASES].map(misspell);
  const mix: BenchQuery[] = [
    ...correct.map((q) => ({ kind: 'text' as const, q })),
    ...typos.map((q) => ({ kind: 'misspelled' as const, q })),
    ...[...skus, ...SKU_PREFIXES].map((q) => ({ kind: 'sku' as const, q })),
  ].map(({ kind, q }, i) => ({
    kind,
    body: {
      q,
      size: i % 3 === 0 ? 48 : 24,
      aggregations: { terms: ['marca', 'colore', 'materiale'] },
      ...(i % 5 === 0 ? { filters: { price: { gte: 20, lt: 150 } } } : {}),
      ...(i % 7 === 0 ? { sort: 'price:asc' } : {}),
      ...(i % 11 === 0 ? { start: 24 } : {}),
      includeFields: ['id', 'sku', 'name', 'slug', 'image', 'price', 'price_incl_tax', 'final_price', 'special_price'],
    },
  }));
  return mix;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/**
 * Runs `fill` with the product table's secondary indexes dropped, then builds them again: one
 * bulk build of the GIN text index instead of 200,000 row-by-row insertions (fastupdate is off).
 */
async function withoutSecondaryIndexes(db: Db, fill: () => Promise<void>): Promise<void> {
  const { rows } = await sql<{ name: string; def: string }>`
    SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
    JOIN pg_class c ON c.relname = i.indexname JOIN pg_index x ON x.indexrelid = c.oid
    WHERE i.tablename = 'product' AND NOT x.indisunique`.execute(db);
  for (const row of rows) await sql`DROP INDEX ${sql.ref(row.name)}`.execute(db);
  try {
    await fill();
  } finally {
    for (const row of rows) await sql.raw(row.def).execute(db);
  }
}

/** The demo catalogue written in batches (200k products do not fit one transaction's memory comfortably). */
export async function seed(db: Db, products: number): Promise<string[]> {
  const ctx = createCatalogContext({ products });
  await upsertAttributes(db, buildAttributes());
  await upsertTaxRules(db, buildTaxRules());
  // Categories first so product vectors get their names; their counts follow the products.
  await upsertCategories(db, buildCategories(new Map()));
  const counts = new Map<number, number>();
  const skus: string[] = [];
  await withoutSecondaryIndexes(db, async () => {
    for (const batch of productBatches(ctx, 2000)) {
      await db.transaction().execute((trx) => upsertProducts(trx, batch));
      countCategoryProducts(batch, counts);
      for (const doc of batch) if (doc.id % Math.ceil(products / 15) === 7) skus.push(String(doc.sku));
    }
  });
  await upsertCategories(db, buildCategories(counts));
  await sql`ANALYZE`.execute(db);
  return skus.slice(0, 15);
}

interface Figures {
  label: string;
  all: number[];
  misspelled: number[];
  /** The tenth of the queries with the most hits. */
  broad: number[];
  /**
   * CPU time of this process per search (the embedded database's worker included): on a loaded
   * machine wall time includes the wait for a core, this does not.
   */
  cpu: number[];
}

type Engine = 'memory' | 'postgres';

/** How much a search may reuse from earlier ones. */
const MODES = {
  // Facet counts computed every time; the vocabulary expansions, attribute metadata and tax
  // rules (catalogue metadata, kept until a catalogue write) stay warm. The targets' figures.
  uncached: (search: SearchService) => search.forgetResults(),
  // As after a catalogue write: every cache empty (the in-memory index also reads the change sequence).
  cold: (search: SearchService) => search.invalidate(),
  // Facet counts reused (the same text, filters and facets were searched before).
  cached: () => {},
} as const;

/** Modes per engine: the in-memory index keeps no facet cache, so "cached" is "uncached" there. */
const ENGINE_MODES: Record<Engine, (keyof typeof MODES)[]> = { postgres: ['uncached', 'cold', 'cached'], memory: ['uncached', 'cold'] };

const gc = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();
/** Resident memory and the JavaScript heap with its typed arrays, after a collection, in MB. */
const memoryMb = () => {
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss / 2 ** 20, heap: (m.heapUsed + m.arrayBuffers) / 2 ** 20 };
};

async function timed<T>(work: () => Promise<T>): Promise<[number, T, number]> {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const result = await work();
  const used = process.cpuUsage(cpu);
  return [performance.now() - t, result, (used.user + used.system) / 1000];
}

async function measureEngine(engine: Engine, label: string, db: Db, mix: (BenchQuery & { parsed: SearchQuery })[], log: (line: string) => void): Promise<Figures[]> {
  const catalog = new CatalogService(db, { defaultCountry: 'IT' });
  const inDatabase = new PostgresSearchProvider(db);
  let memory: MemorySearchProvider | undefined;
  let extra = '';
  if (engine === 'memory') {
    const before = memoryMb();
    memory = new MemorySearchProvider(db, inDatabase);
    const [build] = await timed(() => memory!.start());
    const after = memoryMb();
    extra = `index build ${(build / 1000).toFixed(1)} s, extra heap ${(after.heap - before.heap).toFixed(0)} MB (RSS ${(after.rss - before.rss).toFixed(0)} MB)`;
  }
  try {
    const search = new SearchService(db, catalog, memory ?? inDatabase);
    const totals = new Map<number, number>();
    for (const [i, q] of mix.entries()) totals.set(i, (await search.search(q.parsed)).total); // warm-up
    const broadest = new Set([...totals].sort((a, b) => b[1] - a[1]).slice(0, Math.ceil(mix.length / 10)).map(([i]) => i));
    const figures: Figures[] = [];
    for (const mode of ENGINE_MODES[engine]) {
      const f: Figures = { label: `${label} ${engine} ${mode}`, all: [], misspelled: [], broad: [], cpu: [] };
      for (let pass = 0; pass < PASSES; pass++) {
        for (const [i, q] of mix.entries()) {
          MODES[mode](search);
          const [ms, , cpu] = await timed(() => search.search(q.parsed));
          f.all.push(ms);
          f.cpu.push(cpu);
          if (q.kind === 'misspelled') f.misspelled.push(ms);
          if (broadest.has(i)) f.broad.push(ms);
        }
      }
      figures.push(f);
      log(row(f));
    }
    // The longest text accepted (200 characters, words beyond 8 ignored), 8 misspelled words, and 200 searches at once.
    const long = searchQuery.parse({ q: 'coltelo guanit termometo bilanica tavolio padela pentla stivalli '.repeat(4).slice(0, 200), aggregations: { terms: ['marca'] } });
    const typos = searchQuery.parse({ q: 'coltelo guanit termometo bilanica tavolio padela pentla stivalli', aggregations: { terms: ['marca'] } });
    const [longMs] = await timed(() => search.search(long));
    const [typosMs] = await timed(() => search.search(typos));
    const burst = await Promise.all(mix.slice(0, 200).map((q) => timed(() => search.search(q.parsed)).then(([ms]) => ms)));
    const p99 = percentile(burst.sort((a, b) => a - b), 99);
    if (memory) {
      extra += `; ${await sameAsDatabase(search, new SearchService(db, catalog, inDatabase), mix, broadest)}`;
      extra += `; a write seen by another instance after ${(await convergence(db)).toFixed(0)} ms`;
    }
    log(`${label} ${engine}: ${extra ? `${extra}; ` : ''}200-character query ${longMs.toFixed(1)} ms, 8 misspelled words ${typosMs.toFixed(1)} ms, 200 concurrent searches p99 ${p99.toFixed(0)} ms`);
    return figures;
  } finally {
    memory?.stop();
  }
}

/**
 * The in-memory index's totals and facet counts against the database's for a sample of the mix
 * (search-engines.api.test.ts's property at this size): the broadest tenth and every fifth other
 * query. Pages are left out: at equal scores the index ranks nearer words first (ADR 0019).
 */
async function sameAsDatabase(memory: SearchService, database: SearchService, mix: Mix, broadest: ReadonlySet<number>): Promise<string> {
  const sample = mix.filter((_, i) => broadest.has(i) || i % 5 === 0);
  const differing: string[] = [];
  for (const q of sample) {
    const [a, b] = await Promise.all([memory.search(q.parsed), database.search(q.parsed)]);
    if (a.total !== b.total || JSON.stringify(a.aggregations) !== JSON.stringify(b.aggregations)) differing.push(JSON.stringify(q.body.q));
  }
  if (differing.length > 0) throw new Error(`totals or facet counts differ from the database's for ${differing.join(', ')}`);
  return `totals and facet counts equal to the database's for ${sample.length} sampled queries`;
}

/**
 * How long after a product write another API instance's index finds it: a second index that
 * sees writes only through the change sequence, as another process on the same database.
 */
async function convergence(db: Db): Promise<number> {
  const other = new MemorySearchProvider(db, new PostgresSearchProvider(db), { followLocalWrites: false });
  await other.start();
  try {
    const [doc] = (
      await db.selectFrom('product_doc').innerJoin('product', 'product.id', 'product_doc.id').select('doc').where('visibility', '=', 4).where('status', '=', 1).limit(1).execute()
    ).map((r) => r.doc as unknown as ProductDoc);
    const name = `Vaporiera convergente ${Date.now()}`;
    const request = { text: 'vaporiera convergente', filters: {}, attributeCodes: new Set<string>(), sort: 'relevance' as const, start: 0, size: 1, minScore: SEARCH_LIMITS.minScore };
    const t = performance.now();
    await upsertProducts(db, [{ ...doc!, name }]);
    while ((await other.search(request)).total === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    return performance.now() - t;
  } finally {
    other.stop();
  }
}

type Mix = (BenchQuery & { parsed: SearchQuery })[];

/** A seeded database with its query mix, kept open until the growth rounds. */
interface Seeded {
  label: string;
  products: number;
  db: Db;
  mix: Mix;
}

async function measure(label: string, db: Db, products: number, log: (line: string) => void): Promise<{ figures: Figures[]; seeded: Seeded }> {
  const [seeding, skus] = await timed(() => seed(db, products));
  log(`${label}: seeded in ${(seeding / 1000).toFixed(1)} s`);
  const mix = queryMix(skus).map((q) => ({ ...q, parsed: searchQuery.parse(q.body) }));
  const figures: Figures[] = [];
  for (const engine of ENGINES) figures.push(...(await measureEngine(engine, label, db, mix, log)));
  return { figures, seeded: { label, products, db, mix } };
}

const GROWTH_ROUNDS = Number(process.env.SEARCH_BENCH_GROWTH_ROUNDS ?? 6);

/**
 * p95 at the largest size ÷ p95 at the smallest, of the in-memory index (uncached), measured in
 * alternating rounds — one pass of the mix on the small catalogue, one on the large, again — so
 * that the machine's load drifting over the minutes between two sizes' tables weighs on both.
 */
async function growth(small: Seeded, large: Seeded, log: (line: string) => void): Promise<string> {
  const engines = await Promise.all(
    [small, large].map(async ({ db }) => {
      const memory = new MemorySearchProvider(db, new PostgresSearchProvider(db));
      await memory.start();
      const search = new SearchService(db, new CatalogService(db, { defaultCountry: 'IT' }), memory);
      return { memory, search };
    }),
  );
  try {
    const wall: number[][] = [[], []];
    const cpu: number[][] = [[], []];
    const pass = async (i: number, record: boolean) => {
      for (const q of [small, large][i]!.mix) {
        engines[i]!.search.forgetResults();
        const [ms, , used] = await timed(() => engines[i]!.search.search(q.parsed));
        if (record) wall[i]!.push(ms);
        if (record) cpu[i]!.push(used);
      }
    };
    for (const i of [0, 1]) await pass(i, false); // warm-up
    for (let round = 0; round < GROWTH_ROUNDS; round++) for (const i of [0, 1]) await pass(i, true);
    const p95 = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 95);
    const line =
      `${small.label.replace(/ [\d,]+$/, '')} memory: p95 at ${large.products.toLocaleString('en')} ÷ at ${small.products.toLocaleString('en')}, ${GROWTH_ROUNDS} alternating rounds: ` +
      `wall ${p95(wall[1]!).toFixed(1)} ÷ ${p95(wall[0]!).toFixed(1)} ms = ${(p95(wall[1]!) / p95(wall[0]!)).toFixed(2)}×, cpu ${(p95(cpu[1]!) / p95(cpu[0]!)).toFixed(2)}×`;
    log(line);
    return line;
  } finally {
    for (const { memory } of engines) memory.stop();
  }
}

const PASSES = Number(process.env.SEARCH_BENCH_PASSES ?? 3);
/** SEARCH_BENCH_ENGINES=memory,postgres: the in-memory index, and the database alone (the fallback). */
const ENGINES = (process.env.SEARCH_BENCH_ENGINES ?? 'memory,postgres').split(',') as Engine[];

function row(f: Figures): string {
  const fmt = (xs: number[], ps = [50, 95, 99]) => {
    const s = [...xs].sort((a, b) => a - b);
    return ps.map((p) => percentile(s, p).toFixed(1).padStart(6)).join(' ');
  };
  return `${f.label.padEnd(36)} ${fmt(f.all)}   ${fmt(f.misspelled)}   ${fmt(f.broad, [95])}   ${fmt(f.cpu, [50, 95])}`;
}

/** Runs the search benchmark; returns the table's lines. */
export async function benchSearch(log: (line: string) => void = console.log): Promise<string[]> {
  const sizes = (process.env.SEARCH_BENCH_SIZES ?? '10000,50000,200000').split(',').map(Number);
  const withServer = process.env.SEARCH_BENCH_SERVER !== 'false';
  const withEmbedded = process.env.SEARCH_BENCH_EMBEDDED !== 'false';
  const results: Figures[] = [];
  // Every size's databases stay open until the growth rounds have run on the smallest and largest.
  const seeded = new Map<string, Seeded[]>();
  const growthLines: string[] = [];
  const measured = (kind: string, answer: { figures: Figures[]; seeded: Seeded }) => {
    results.push(...answer.figures);
    seeded.set(kind, [...(seeded.get(kind) ?? []), answer.seeded]);
  };
  const atSize = async (i: number): Promise<void> => {
    if (i === sizes.length) {
      for (const list of seeded.values()) if (list.length > 1) growthLines.push(await growth(list[0]!, list.at(-1)!, log));
      return;
    }
    const products = sizes[i]!;
    const label = (kind: string) => `${kind} ${products.toLocaleString('en')}`;
    const dataDir = join(repoRoot as string, `var/bench/search-${products}`);
    const onServer = async () => {
      if (!withServer) return atSize(i + 1);
      await withBenchDatabase(`bench_search_${process.pid}_${products}`, async (url) => {
        const server = await openDatabase({ databaseUrl: url, dataDir, poolSize: 4 });
        try {
          measured('PostgreSQL', await measure(label('PostgreSQL'), server.db, products, log));
          await atSize(i + 1);
        } finally {
          await server.close();
        }
      });
    };
    if (!withEmbedded) return onServer();
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const embedded = await openDatabase({ dataDir });
    try {
      measured('embedded', await measure(label('embedded'), embedded.db, products, log));
      await onServer();
    } finally {
      await embedded.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  await atSize(0);
  const queries = results[0] ? results[0].all.length / PASSES : 0;
  const misspelled = results[0] ? results[0].misspelled.length / PASSES : 0;
  const lines = [
    `search latency, ms (${queries} queries × ${PASSES}, facets on; ${misspelled} misspelled; broad: the tenth with most hits). uncached: facets counted`,
    `every time (the targets' figure); cold: also vocabulary expansions re-read, as after a catalogue write; cached: facets reused`,
    `${'database, products, engine, caches'.padEnd(36)} ${'all p50    p95    p99'.padStart(20)}   ${'misspelled p50 p95 p99'.padStart(20)}   broad p95   cpu p50 p95`,
    ...results.map(row),
    ...growthLines,
  ];
  for (const line of lines) log(line);
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchSearch();
