// A Vue Storefront 1 category listing with facets through `_search` (ADR 0037) against the same
// listing through POST /api/catalog, on the embedded database. Prints figures; asserts nothing.
// Standalone: node --import tsx bench/vsf-catalog.ts. VSF_BENCH_PRODUCTS (default 50000),
// VSF_BENCH_REQUESTS (per side, sent alternately, default 600).
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { elasticsearch, SearchQuery } from '@vue-storefront/storefront-query-builder';
import bodybuilder from 'bodybuilder';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { freePort, repoRoot } from '../scripts/lib/processes.mjs';
import { openDatabase } from '@shop/db';
import { stop, timedStart } from './api-process.ts';
import { seed } from './search.ts';
import { formatResult, load, percentile, type LoadRequest, type LoadResult } from './load.ts';

/** The query builder's configuration as in fixtures/generate.mjs: this shop's facets and price ranges. */
const config = {
  elasticsearch: { searchableAttributes: { name: { boost: 4 } }, searchScoring: {} },
  products: {
    filterFieldMapping: {},
    priceFilterKey: 'final_price',
    priceFilters: { ranges: [{ from: 0, to: 50 }, { from: 50, to: 100 }, { from: 100, to: 150 }, { from: 150 }] },
    filterAggregationSize: { default: 10 },
    aggregate: {},
  },
};
/** The builder's config type asks for every scoring setting; a listing without text reads none of them. */
type QueryConfig = Parameters<typeof elasticsearch.buildQueryBodyFromSearchQuery>[0]['config'];
const FACETS = ['marca', 'colore', 'materiale'];
const CATEGORIES = [20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120];
const LIST_FIELDS = ['id', 'sku', 'name', 'image', 'url_path', 'url_key', 'type_id', 'price', 'price_incl_tax', 'final_price', 'special_price', 'configurable_children.sku', 'configurable_children.price'];

interface Listing {
  category: number;
  chosen: Record<string, string[]>;
}

/** One listing both ways: VSF's `_search` (GET with request=, its default) and the catalogue query it stands for. */
async function requests({ category, chosen }: Listing): Promise<[LoadRequest, LoadRequest]> {
  let q = new SearchQuery().applyFilter({ key: 'visibility', value: { in: [2, 3, 4] } }).applyFilter({ key: 'status', value: { in: [0, 1] } });
  for (const code of [...FACETS, 'price']) q = q.addAvailableFilter({ field: code, scope: 'catalog' });
  q = q.applyFilter({ key: 'category_ids', value: { in: [category] } });
  for (const [code, ids] of Object.entries(chosen)) q = q.applyFilter({ key: code, value: { in: ids }, scope: 'catalog' });
  const body = await elasticsearch.buildQueryBodyFromSearchQuery({ config: config as unknown as QueryConfig, queryChain: bodybuilder(), searchQuery: q });
  const params = new URLSearchParams({ _source_include: LIST_FIELDS.join(','), from: '0', request: JSON.stringify(body), size: '48', sort: 'updated_at:desc' });
  const filters = { visibility: { in: [2, 3, 4] }, status: { in: [0, 1] }, category_ids: { in: [category] }, ...Object.fromEntries(Object.entries(chosen).map(([code, ids]) => [code, { in: ids }])) };
  return [
    { path: `/api/catalog/vue_storefront_catalog/product/_search?${params}` },
    { path: '/api/catalog', body: { entityType: 'product', filters, sort: 'updated_at:desc', size: 48, includeFields: LIST_FIELDS, aggregations: { terms: FACETS, priceRanges: config.products.priceFilters.ranges } } },
  ];
}

function figures(latencies: number[]): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  const seconds = latencies.reduce((a, b) => a + b, 0) / 1000;
  return { requests: sorted.length, errors: 0, throughput: sorted.length / seconds, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

export async function benchVsfCatalog(log: (line: string) => void = console.log): Promise<string[]> {
  const products = Number(process.env.VSF_BENCH_PRODUCTS ?? 50_000);
  const perSide = Number(process.env.VSF_BENCH_REQUESTS ?? 600);
  const dataDir = join(repoRoot, `var/bench/vsf-db-${products}`);
  const lines: string[] = [];
  if (!existsSync(dataDir)) {
    // The bulk path of the search bench: the API's own first-start seeding takes far longer.
    mkdirSync(dataDir, { recursive: true });
    const started = performance.now();
    const database = await openDatabase({ dataDir });
    try {
      await seed(database.db, products);
    } finally {
      await database.close();
    }
    lines.push(`seeded ${products} products in ${((performance.now() - started) / 1000).toFixed(1)} s (kept in ${dataDir})`);
  }
  const port = await freePort();
  const { child, ms } = await timedStart(dataDir, port, products);
  lines.push(`API start: ${(ms / 1000).toFixed(1)} s`);
  for (const line of lines) log(line);
  const apiUrl = `http://127.0.0.1:${port}`;
  try {
    // Chosen filters from the catalogue's own facets: the two most frequent brands and colours of each category.
    const listings: Listing[] = [];
    for (const category of CATEGORIES) {
      listings.push({ category, chosen: {} });
      const res = await fetch(`${apiUrl}/api/catalog`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ entityType: 'product', filters: { category_ids: { in: [category] } }, size: 1, aggregations: { terms: ['marca', 'colore'] } }) });
      const aggs = ((await res.json()) as { result: { aggregations: Record<string, { buckets: { key: string }[] }> } }).result.aggregations;
      const top = (code: string) => (aggs[`agg_terms_${code}`]?.buckets ?? []).slice(0, 2).map((b) => b.key);
      if (top('marca').length) listings.push({ category, chosen: { marca: top('marca'), ...(top('colore').length ? { colore: top('colore').slice(0, 1) } : {}) } });
    }
    const pairs = await Promise.all(listings.map(requests));
    const viaSearch = pairs.map(([search]) => search);
    const viaCatalog = pairs.map(([, catalog]) => catalog);
    await load(apiUrl, viaSearch, viaSearch.length * 2, 1);
    await load(apiUrl, viaCatalog, viaCatalog.length * 2, 1);
    // Request by request, alternating sides: the machine's load drifting (other processes, GC) weighs on both alike.
    const times: [number[], number[]] = [[], []];
    for (let i = 0; i < perSide; i++) {
      for (const [side, reqs] of [viaSearch, viaCatalog].entries()) {
        const r = await load(apiUrl, [reqs[i % reqs.length]!], 1, 1);
        if (r.errors) throw new Error(`a request failed: ${reqs[i % reqs.length]!.path.slice(0, 120)}`);
        times[side]!.push(r.p50);
      }
    }
    const search = figures(times[0]);
    const catalog = figures(times[1]);
    lines.push(
      formatResult(`_search category listing + facets, ${products / 1000}k, ${listings.length} listings`, search),
      formatResult(`POST /api/catalog, the same listings`, catalog),
      `_search p95 ÷ POST /api/catalog p95: ${(search.p95 / catalog.p95).toFixed(2)}× (p50 ${(search.p50 / catalog.p50).toFixed(2)}×; ${perSide} requests a side, alternating; target ≤ 1.2×)`,
    );
    for (const line of lines.slice(-3)) log(line);
    return lines;
  } finally {
    await stop(child);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchVsfCatalog();
