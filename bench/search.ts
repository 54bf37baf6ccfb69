// Search latency (issue #4): p50/p95/p99 of POST /api/search's work (the search service in
// process: engine, documents, prices, facets; no HTTP) over a fixed mix of queries, a third
// misspelled, on the demo catalogue at several sizes, embedded and on a PostgreSQL server.
// Standalone: node --import tsx bench/search.ts. Sizes: SEARCH_BENCH_SIZES=10000,50000,200000.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { searchQuery, type SearchQueryInput } from '@shop/contracts';
import {
  buildAttributes,
  buildCategories,
  buildTaxRules,
  countCategoryProducts,
  createCatalogContext,
  productBatches,
} from '@shop/demo-catalog';
import { openDatabase, upsertAttributes, upsertCategories, upsertProducts, upsertTaxRules, type Db } from '@shop/db';
import { sql } from 'kysely';
import { CatalogService } from '../apps/api/src/services/catalog-service.ts';
import { SearchService } from '../apps/api/src/services/search-service.ts';
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

/** The demo catalogue written in batches (200k products do not fit one transaction's memory comfortably). */
export async function seed(db: Db, products: number): Promise<string[]> {
  const ctx = createCatalogContext({ products });
  await upsertAttributes(db, buildAttributes());
  await upsertTaxRules(db, buildTaxRules());
  // Categories first so product vectors get their names; their counts follow the products.
  await upsertCategories(db, buildCategories(new Map()));
  const counts = new Map<number, number>();
  const skus: string[] = [];
  for (const batch of productBatches(ctx, 2000)) {
    await db.transaction().execute((trx) => upsertProducts(trx, batch));
    countCategoryProducts(batch, counts);
    for (const doc of batch) if (doc.id % Math.ceil(products / 15) === 7) skus.push(String(doc.sku));
  }
  await upsertCategories(db, buildCategories(counts));
  await sql`ANALYZE`.execute(db);
  return skus.slice(0, 15);
}

interface Figures {
  label: string;
  all: number[];
  misspelled: number[];
}

/** How much a search may reuse from earlier ones. */
const MODES = {
  // Facet counts computed every time; the vocabulary expansions, attribute metadata and tax
  // rules (catalogue metadata, kept until a catalogue write) stay warm. The targets' figures.
  uncached: (search: SearchService) => search.forgetResults(),
  // As after a catalogue write: every cache empty, one more statement for the expansions.
  cold: (search: SearchService) => search.invalidate(),
  // Facet counts reused (the same text, filters and facets were searched before).
  cached: () => {},
} as const;

async function measure(label: string, db: Db, products: number, log: (line: string) => void): Promise<Figures[]> {
  const started = performance.now();
  const skus = await seed(db, products);
  log(`${label}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const search = new SearchService(db, new CatalogService(db, { defaultCountry: 'IT' }));
  const mix = queryMix(skus).map((q) => ({ ...q, parsed: searchQuery.parse(q.body) }));
  for (const q of mix) await search.search(q.parsed); // warm-up
  const figures: Figures[] = [];
  for (const [mode, before] of Object.entries(MODES)) {
    const all: number[] = [];
    const misspelled: number[] = [];
    for (let pass = 0; pass < PASSES; pass++) {
      for (const q of mix) {
        before(search);
        const t = performance.now();
        await search.search(q.parsed);
        const ms = performance.now() - t;
        all.push(ms);
        if (q.kind === 'misspelled') misspelled.push(ms);
      }
    }
    figures.push({ label: `${label} ${mode}`, all, misspelled });
    log(row(figures.at(-1)!));
  }
  return figures;
}

const PASSES = 3;

function row(f: Figures): string {
  const fmt = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return [50, 95, 99].map((p) => percentile(s, p).toFixed(1).padStart(6)).join(' ');
  };
  return `${f.label.padEnd(36)} ${fmt(f.all)}   ${fmt(f.misspelled)}`;
}

/** Runs the search benchmark; returns the table's lines. */
export async function benchSearch(log: (line: string) => void = console.log): Promise<string[]> {
  const sizes = (process.env.SEARCH_BENCH_SIZES ?? '10000,50000,200000').split(',').map(Number);
  const withServer = process.env.SEARCH_BENCH_SERVER !== 'false';
  const results: Figures[] = [];
  for (const products of sizes) {
    const dataDir = join(repoRoot as string, `var/bench/search-${products}`);
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const embedded = await openDatabase({ dataDir });
    try {
      results.push(...(await measure(`embedded ${products.toLocaleString('en')}`, embedded.db, products, log)));
    } finally {
      await embedded.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    if (!withServer) continue;
    await withBenchDatabase(`bench_search_${process.pid}_${products}`, async (url) => {
      const server = await openDatabase({ databaseUrl: url, dataDir, poolSize: 4 });
      try {
        results.push(...(await measure(`PostgreSQL ${products.toLocaleString('en')}`, server.db, products, log)));
      } finally {
        await server.close();
      }
    });
  }
  const queries = results[0] ? results[0].all.length / PASSES : 0;
  const misspelled = results[0] ? results[0].misspelled.length / PASSES : 0;
  const lines = [
    `search latency, ms (${queries} queries × ${PASSES}, facets on; ${misspelled} misspelled). uncached: facets counted every time`,
    `(the targets' figure); cold: also vocabulary expansions re-read, as after a catalogue write; cached: facets reused`,
    `${'database, products, caches'.padEnd(36)} ${'all p50    p95    p99'.padStart(20)}   ${'misspelled p50 p95 p99'.padStart(20)}`,
    ...results.map(row),
  ];
  for (const line of lines) log(line);
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchSearch();
