// The back office's products list (issue #45 point 1) for `npm run bench`: p50/p95 of
// GET /api/admin/products through the API process at 50,000 and 200,000 demo products
// (ADMIN_PRODUCTS_BENCH_SIZES), embedded and on the PostgreSQL server when one answers: SKU
// prefixes, name words, every filter alone and together, the sorts, the total on request, and
// deep keyset pages (target p95 ≤ 100 ms). The catalogue is written with bench/search.ts's seed
// (batches, secondary indexes built once at the end), then ANALYZE, as an import leaves it, then
// vacuumed where due as autovacuum (or the embedded database's job) does minutes later.
// Alone: `node --import tsx bench/admin-products.ts`; ADMIN_PRODUCTS_BENCH_EMBEDDED /
// ADMIN_PRODUCTS_BENCH_SERVER=false skip a database.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase, vacuumWhereDue, type Db } from '@shop/db';
import { sql } from 'kysely';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { freePort, repoRoot } from '../scripts/lib/processes.mjs';
import { addBenchOwner, p95Line, signInBenchOwner, timedAdminGet } from './admin-session.ts';
import { residentMb, searchIndexBuilt, stop, timedStart } from './api-process.ts';
import { load } from './load.ts';
import { withBenchDatabase } from './pg-database.ts';
import { queryMix, seed } from './search.ts';

const SIZES = (process.env.ADMIN_PRODUCTS_BENCH_SIZES ?? '50000,200000').split(',').map(Number);
const RUNS = Number(process.env.ADMIN_PRODUCTS_BENCH_RUNS ?? 30);

interface Page {
  items: { sku: string }[];
  more: boolean;
  nextCursor?: string;
  total?: number;
  totalOver?: number;
}

/** What the cases filter on, read from the seeded catalogue: the fullest and an almost empty category, the commonest brand, one SKU. */
interface Sample {
  bigCategory: number;
  smallCategory: number;
  brand: string;
  sku: string;
}

export async function sampleOf(db: Db, skus: string[]): Promise<Sample> {
  const { rows: categories } = await sql<{ id: number; n: number }>`
    SELECT c.id, count(*)::int AS n FROM product p, unnest(p.category_ids) AS c(id) GROUP BY c.id ORDER BY n DESC, c.id`.execute(db);
  const { rows: brands } = await sql<{ brand: string }>`
    SELECT p.attrs -> 'marca' ->> 0 AS brand FROM product p WHERE p.attrs ? 'marca' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`.execute(db);
  return { bigCategory: categories[0]!.id, smallCategory: categories.at(-1)!.id, brand: brands[0]!.brand, sku: skus[0]! };
}

/** The list as a seller uses it: label and query string. */
function cases(s: Sample): [string, string][] {
  return [
    ['first page, by name', ''],
    ['q: an SKU prefix (COL-000)', '?q=COL-000'],
    ['q: one whole SKU', `?q=${encodeURIComponent(s.sku)}`],
    ['sku: a short prefix (GUA-0), by SKU', '?sku=GUA-0&sort=sku'],
    ['q: a common name word (coltello)', '?q=coltello'],
    ['q: two words (guanti nitrile)', '?q=guanti%20nitrile'],
    ['q: a rare word (insaccatrice)', '?q=insaccatrice'],
    ['q: an accented word typed plain (caffe)', '?q=caffe'],
    ['q: nothing matches (playstation)', '?q=playstation'],
    ['category with its subcategories (the fullest)', `?categoryId=${s.bigCategory}`],
    ['category alone (the emptiest)', `?categoryId=${s.smallCategory}&subcategories=no`],
    ['type bundle', '?type=bundle'],
    ['status disabled', '?status=2'],
    ['visibility not visible (children)', '?visibility=1'],
    ['stock low', '?stock=low'],
    ['stock out', '?stock=out'],
    ['brand (the commonest)', `?brand=${encodeURIComponent(s.brand)}`],
    ['special price set', '?special=yes'],
    ['q + brand + special price', `?q=coltello&brand=${encodeURIComponent(s.brand)}&special=yes`],
    ['category + stock in, by price descending', `?categoryId=${s.bigCategory}&stock=in&sort=-price`],
    ['by last change, newest first', '?sort=-updated'],
    ['count=yes: a name word', '?q=coltello&count=yes'],
    ['count=yes: the fullest category', `?categoryId=${s.bigCategory}&count=yes`],
    ['count=yes: everything', '?count=yes'],
  ];
}

export async function adminProductsBench(base: string, sample: Sample): Promise<string[]> {
  const { cookie } = await signInBenchOwner(base);
  const list = (query: string) => timedAdminGet<Page>(base, cookie, `/products${query}`);
  const lines: string[] = [];
  for (const [label, query] of cases(sample)) {
    await list(query); // warm-up
    const ms: number[] = [];
    let last: Page | undefined;
    for (let i = 0; i < RUNS; i++) {
      const run = await list(query);
      ms.push(run.ms);
      last = run.result;
    }
    const found =
      last!.total !== undefined ? `${last!.total.toLocaleString('en')} matching`
      : last!.totalOver !== undefined ? `more than ${last!.totalOver.toLocaleString('en')} matching`
      : `${last!.items.length}${last!.more ? '+' : ''} on the page`;
    lines.push(p95Line(label, ms, found));
  }
  // Deep pages along the cursor: 100 pages of 50 by name from the first; pages of 200 past the
  // 20,000th product (a cursor taken there) by SKU and by price; 40 pages of a category by name.
  const walk = async (label: string, query: string, skip: number, measured: number) => {
    const ms: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < skip + measured; page++) {
      const run = await list(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      if (page >= skip) ms.push(run.ms);
      cursor = run.result.nextCursor;
      if (!cursor) break;
    }
    lines.push(p95Line(label, ms, `${ms.length} pages`));
  };
  await walk('walking 100 pages of 50 by name', '?limit=50', 0, 100);
  await walk('pages of 200 by SKU past product 20,000', '?limit=200&sort=sku', 100, 10);
  await walk('pages of 200 by price past product 20,000', '?limit=200&sort=price', 100, 10);
  await walk('walking 40 pages of 50 of the fullest category', `?limit=50&categoryId=${sample.bigCategory}`, 0, 40);
  return lines;
}

/** Seeds `products` demo products and an owner with the API stopped (the embedded database is one process's), then measures through the API. */
async function runOn(products: number, label: string, say: (line: string) => void, databaseUrl?: string): Promise<void> {
  const dataDir = join(repoRoot as string, `var/bench/admin-products-${products}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase({ databaseUrl, dataDir });
  let sample: Sample;
  let skus: string[];
  try {
    const started = performance.now();
    skus = await seed(database.db, products);
    // As the shop leaves a catalogue some minutes after an import: vacuumed and analysed where
    // due (a server's autovacuum, the embedded database's own job in start-api.ts).
    await vacuumWhereDue(database.db);
    say(`admin products (${label}) seeding ${products.toLocaleString('en')} products: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await addBenchOwner(database.db);
    sample = await sampleOf(database.db, skus);
  } finally {
    await database.close();
  }
  const [port, metricsPort] = [await freePort(), await freePort()];
  const { child } = await timedStart(dataDir, port, products, databaseUrl, { API_METRICS_PORT: String(metricsPort) });
  try {
    await searchIndexBuilt(child, metricsPort);
    for (const line of await adminProductsBench(`http://127.0.0.1:${port}`, sample)) say(`admin products (${label}) ${line}`);
    // Issue #46 point 4: the API with its search index at 200,000 products ≤ 500 MB; measured
    // after the list cases and the search bench's query mix (three passes), as a shop in use.
    const searches = queryMix(skus.slice(0, 15)).map(({ body }) => ({ path: '/api/search', body }));
    await load(`http://127.0.0.1:${port}`, searches, 3 * searches.length, 2);
    const rss = residentMb(child);
    say(`admin products (${label}) API RSS, index built, after the lists and ${3 * searches.length} searches:`.padEnd(58) + ` ${rss.now.toFixed(0)} MB, peak ${rss.peak.toFixed(0)} MB`);
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchAdminProducts(say: (line: string) => void): Promise<void> {
  for (const products of SIZES) {
    const size = products.toLocaleString('en');
    if (process.env.ADMIN_PRODUCTS_BENCH_EMBEDDED !== 'false') await runOn(products, `embedded ${size}`, say);
    if (process.env.ADMIN_PRODUCTS_BENCH_SERVER !== 'false') await withBenchDatabase(`bench_admin_products_${process.pid}_${products}`, (url) => runOn(products, `PostgreSQL ${size}`, say, url));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log('## Back-office products');
  await benchAdminProducts(console.log);
}
