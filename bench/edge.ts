// The production topology's edge cache (ADR 0024), on PostgreSQL with EDGE_BENCH_PRODUCTS demo
// products (default 50,000): cached home, category and product pages through Varnish against
// nginx serving the very same bytes (wrk, alternating rounds, as ../shared/tools/
// throughput-vs-nginx.sh measures), and purge-to-fresh: from a price change sent to the API (a
// catalogue import, then the back office's PATCH /api/admin/products/:sku) to the first page
// through the edge showing the new price, over EDGE_BENCH_CHANGES changes each.
// EDGE_BENCH_VERBOSE=1 prints each edge miss's time, in the order asked. EDGE_BENCH_TEMPLATE=<database>
// copies a database seeded earlier with EDGE_BENCH_PRODUCTS products instead of seeding (at a
// million products, ten minutes a run saved: before and after a change on the same data).
// Part of `npm run bench`; alone: node --import tsx bench/edge.ts
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { openDatabase } from '@shop/db';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { buildStorefrontIfStale, freePort, waitFor } from '../scripts/lib/processes.mjs';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { installIfMissing } from '../scripts/lib/debian.mjs';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { startProduction } from '../scripts/lib/topology.mjs';
// @ts-expect-error -- plain ESM module of the front server
import { warmUpCategories } from '../apps/storefront/warm-up.mjs';
import { addBenchOwnerOnline, signInBenchOwner } from './admin-session.ts';
import { samplePages } from './pages.ts';
import { benchServerUrl, withBenchDatabase } from './pg-database.ts';
import { seed } from './search.ts';
import { DEMO_PRODUCTS_MAX } from '../apps/api/src/config.ts';

const products = Number(process.env.EDGE_BENCH_PRODUCTS ?? 50_000);
const template = process.env.EDGE_BENCH_TEMPLATE || undefined;
const changes = Number(process.env.EDGE_BENCH_CHANGES ?? 100);
const seconds = Number(process.env.EDGE_BENCH_SECONDS ?? 10);
const connections = 32;

interface WrkRun {
  rps: number;
  p99Ms: number;
}

const installed = (command: string, versionFlag: string) => spawnSync(command, [versionFlag], { stdio: 'ignore' }).error === undefined;

/** wrk's requests per second and p99 (in ms) for one URL, gzip asked for as a browser does. */
function wrk(url: string): WrkRun {
  const out = execFileSync('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-H', 'accept-encoding: gzip', url], { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const [, value, unit] = /^\s+99%\s+([\d.]+)(us|ms|s)/m.exec(out) ?? [];
  const p99Ms = Number(value) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1);
  return { rps, p99Ms };
}

/** nginx on a free loopback port serving `html` for every path, with gzip on as the shop has. */
async function nginxServing(html: Buffer): Promise<{ url: string; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-nginx-'));
  const port = await freePort();
  writeFileSync(join(dir, 'page.html'), html);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1; daemon on; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; gzip on; default_type text/html;
  server { listen 127.0.0.1:${port}; root ${dir}; location / { try_files /page.html =404; } } }
`,
  );
  execFileSync('nginx', ['-c', join(dir, 'nginx.conf')]);
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => {
      execFileSync('nginx', ['-c', join(dir, 'nginx.conf'), '-s', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request on a connection of its own: between wrk runs a pooled keep-alive connection sits
 * idle past Varnish's timeout_idle (5 s) and would be found closed.
 */
export function send(url: string, { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The page as the edge keeps it (gzip), unpacked: the bytes nginx is given. */
async function pageBytes(url: string): Promise<{ html: Buffer; edge: string | undefined }> {
  const res = await send(url, { headers: { 'accept-encoding': 'gzip' } });
  return { html: res.body, edge: res.headers['x-edge-cache'] as string | undefined };
}

async function throughputVsNginx(say: (line: string) => void, name: string, url: string): Promise<void> {
  await pageBytes(url);
  const { html, edge } = await pageBytes(url);
  if (edge !== 'hit') throw new Error(`${url} is not answered from the edge cache (x-edge-cache: ${edge})`);
  const nginx = await nginxServing(html);
  try {
    const rounds: string[] = [];
    const ratios: number[] = [];
    const p99s: number[] = [];
    for (let round = 1; round <= 3; round += 1) {
      const shop = wrk(url);
      const plain = wrk(nginx.url);
      ratios.push(shop.rps / plain.rps);
      p99s.push(shop.p99Ms);
      rounds.push(`${Math.round(shop.rps)}/${Math.round(plain.rps)} req/s, p99 ${shop.p99Ms.toFixed(2)}/${plain.p99Ms.toFixed(2)} ms`);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
    say(
      `${name} through the edge vs nginx (${(html.length / 1024).toFixed(0)} KiB):`.padEnd(58) +
        ` ratio ${median(ratios).toFixed(2)}×, edge p99 ${median(p99s).toFixed(2)} ms (median of 3; edge/nginx: ${rounds.join(' | ')})`,
    );
  } finally {
    nginx.stop();
  }
}

/** The pages an edge-miss measure asks for: the menu's categories the warm-up did not read, and 200 products. */
export async function missPaths(baseUrl: string): Promise<{ categories: string[]; products: string[] }> {
  const catalog = async (body: unknown) =>
    (JSON.parse((await send(`${baseUrl}/api/catalog`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).body.toString()) as {
      result: { items: { sku?: string; slug: string }[] };
    }).result.items;
  // The categories shoppers reach: the menu's, level 3 and below (1 is the root, 2 the store's catalogue).
  const warmed = new Set<string>(warmUpCategories((await send(`${baseUrl}/`)).body.toString()));
  const categories = (await catalog({ entityType: 'category', size: 200, filters: { is_active: { eq: true }, include_in_menu: { eq: true }, level: { gte: 3 } } }))
    .map(({ slug }) => `/c/${slug}`)
    .filter((path) => !warmed.has(path));
  const products = (await catalog({ entityType: 'product', size: 200, sort: 'id:desc', filters: { visibility: { in: [2, 3, 4] }, status: { eq: 1 } }, includeFields: ['sku', 'slug'] })).map(
    ({ sku, slug }) => `/p/${encodeURIComponent(sku!)}/${slug}`,
  );
  return { categories, products };
}

/**
 * Pages no cache has yet, each asked for once through the edge: a miss at the edge and in the
 * storefront (and in Redis), rendered from the API. Sequential: the latency a shopper meets.
 * Left out: pages a cache had after all (the home page's links, the instances' warm-up's
 * products), and the categories the warm-up rendered a list page of (their facets are cached).
 */
async function edgeMisses(say: (line: string) => void, edgeUrl: string): Promise<void> {
  const { categories, products } = await missPaths(edgeUrl);
  for (const [name, paths] of [
    ['category pages', categories],
    ['product pages', products],
  ] as const) {
    const times: number[] = [];
    for (const path of paths) {
      const started = performance.now();
      const res = await send(`${edgeUrl}${path}`);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      if (res.headers['x-edge-cache'] !== 'miss' || res.headers['x-nextjs-cache'] !== 'MISS') continue;
      times.push(performance.now() - started);
      if (process.env.EDGE_BENCH_VERBOSE) say(`  ${times.at(-1)!.toFixed(0).padStart(5)} ms ${path}`);
    }
    const at = (q: number) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
    say(`${name}, edge miss (uncached render), ${times.length} pages:`.padEnd(58) + ` p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${at(1).toFixed(0)} ms`);
  }
}

const euro = (amount: number) => `€${new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

/** A simple product of its own in an existing category, whose price the bench changes. */
const benchProduct = (price: number, categoryId: number) => ({
  id: 9_900_001,
  sku: 'BENCH-EDGE-1',
  name: 'Tagliere per la misura della cache',
  type_id: 'simple',
  status: 1,
  visibility: 4,
  price,
  tax_class_id: '2',
  category_ids: [categoryId],
  stock: { qty: 5, is_in_stock: true },
  url_key: 'tagliere-per-la-misura-della-cache',
  slug: 'tagliere-per-la-misura-della-cache',
});

/** Changes the bench product's price to `price` euros and resolves once the writer answered (its invalidation done). */
type PriceChange = (price: number) => Promise<void>;

/** The answer's cache invalidation was sent to the storefronts and the edge, else the measure would be of nothing. */
function invalidated(res: Answer, what: string): void {
  const answer = JSON.parse(res.body.toString()) as { result: { cache?: { status: string } } };
  if (answer.result.cache?.status !== 'sent') throw new Error(`${what} did not invalidate: ${JSON.stringify(answer)}`);
}

/** The catalogue import (an ERP's or `npm run catalog:import`'s VSF documents), with the tools' admin token. */
const importPrice =
  (edgeUrl: string, adminToken: string, categoryId: number): PriceChange =>
  async (price) => {
    const res = await send(`${edgeUrl}/api/admin/catalog/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ entity: 'product', docs: [benchProduct(price, categoryId)] }),
    });
    invalidated(res, 'The import');
  };

/** The back office's product edit (`PATCH /api/admin/products/:sku`, issue #45) in a staff session, through the edge as the browser sends it. */
const patchPrice =
  (edgeUrl: string, session: { cookie: string; csrfToken: string }): PriceChange =>
  async (price) => {
    const res = await send(`${edgeUrl}/api/admin/products/${benchProduct(0, 0).sku}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrfToken },
      body: JSON.stringify({ priceCents: Math.round(price * 100) }),
    });
    invalidated(res, 'The PATCH');
  };

/**
 * From a price change sent to the API to the first answer through the edge showing the new price
 * on the product's page (cached there with the old one before each change), over `changes` changes.
 */
async function purgeToFresh(say: (line: string) => void, edgeUrl: string, label: string, change: PriceChange, from: number): Promise<void> {
  const path = `${edgeUrl}/p/${benchProduct(0, 0).sku}/${benchProduct(0, 0).slug}`;
  const times: number[] = [];
  const writes: number[] = [];
  for (let i = 1; i <= changes; i += 1) {
    // The page is in the edge cache with the old price, as shoppers would have it.
    await send(path);
    const price = from + i / 100;
    const started = performance.now();
    await change(price);
    writes.push(performance.now() - started);
    for (;;) {
      const html = (await send(path)).body.toString();
      if (html.includes(euro(price))) break;
      if (performance.now() - started > 10_000) throw new Error(`${euro(price)} did not show within 10 s`);
    }
    times.push(performance.now() - started);
  }
  const at = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)]!;
  say(
    `purge-to-fresh after a price change ${label} (${changes} changes):`.padEnd(58) +
      ` p50 ${at(times, 0.5).toFixed(0)} ms, p95 ${at(times, 0.95).toFixed(0)} ms, max ${at(times, 1).toFixed(0)} ms` +
      ` (the write answered, invalidation done: p50 ${at(writes, 0.5).toFixed(0)} ms, p95 ${at(writes, 0.95).toFixed(0)} ms)`,
  );
}

/** nginx and wrk, installed when missing (root on Debian); else why not. */
function nginxAndWrk(): string | undefined {
  try {
    installIfMissing({ name: 'nginx and wrk', packages: ['nginx', 'wrk'], present: () => installed('wrk', '-v') && installed('nginx', '-v'), update: true });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * This machine's speed, beside which every other figure is read (machines here differ about
 * threefold): nginx serving one fixed 32 KiB page, gzip asked for, to wrk.
 */
export async function machineReference(): Promise<string> {
  const label = `nginx, one 32 KiB page, ${connections} connections (this machine):`.padEnd(58);
  const missing = nginxAndWrk();
  if (missing) return `${label} skipped (${missing})`;
  // Words from a fixed sequence: a page that compresses like a real one, the same on every run.
  let seed = 46;
  const words = Array.from({ length: 5000 }, () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed.toString(36).slice(0, 5)));
  const html = Buffer.from(`<!doctype html><html lang="it"><body><p>${words.join(' ')}</p></body></html>`.padEnd(32 * 1024, ' '));
  const nginx = await nginxServing(html);
  try {
    const run = wrk(nginx.url);
    return `${label} ${run.rps.toFixed(0)} req/s, p99 ${run.p99Ms.toFixed(2)} ms`;
  } finally {
    nginx.stop();
  }
}

async function seedInBatches(databaseUrl: string, dataDir: string, count: number): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 4 });
  try {
    await seed(database.db, count);
  } finally {
    await database.close();
  }
}

export async function benchEdge(say: (line: string) => void = console.log): Promise<void> {
  const missing = nginxAndWrk();
  if (missing) {
    say(`edge cache: skipped (${missing})`);
    return;
  }
  if (!(await benchServerUrl())) {
    say('edge cache: skipped (no PostgreSQL server at TEST_DATABASE_URL)');
    return;
  }
  await buildStorefrontIfStale();
  await withBenchDatabase(`shop_bench_edge_${process.pid}`, async (databaseUrl) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-edge-'));
    const started = performance.now();
    // The API seeds its demo catalogue in one transaction, up to DEMO_PRODUCTS_MAX products; a
    // larger catalogue (issue #46's million) is written in batches first, as bench/search.ts does.
    const bulk = products > DEMO_PRODUCTS_MAX;
    if (bulk && !template) await seedInBatches(databaseUrl, dataDir, products);
    const shop = await startProduction({
      port: await freePort(),
      instances: 2,
      env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, HOST: '127.0.0.1', ...(bulk || template ? {} : { DEMO_PRODUCTS: String(products) }), WRITE_LIMIT: '1000000' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      say(`topology start (${template ? `${products.toLocaleString('en')} copied` : `seed ${products.toLocaleString('en')}`}, 2 + 2 instances, edge):`.padEnd(58) + ` ${((performance.now() - started) / 1000).toFixed(1)} s`);
      // Each API builds its search index after it starts (~20 s at a million products); until
      // then catalogue reads fall back to the database, slowly at that size: wait for an answer.
      await waitFor(() => samplePages(shop.url).then(() => true, () => false), { what: 'the catalogue through the edge', timeoutMs: 300_000 });
      const pages = await samplePages(shop.url);
      for (const [name, path] of [
        ['home page', '/'],
        [`category page /c/${pages.category}`, `/c/${pages.category}`],
        [`product page ${pages.product}`, pages.product],
      ] as const) {
        await throughputVsNginx(say, name, `${shop.url}${path}`);
      }
      const categoryRes = await send(`${shop.url}/api/catalog`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ entityType: 'category', filters: { slug: { eq: pages.category } }, size: 1 }),
      });
      const categoryId = (JSON.parse(categoryRes.body.toString()) as { result: { items: { id: number }[] } }).result.items[0]!.id;
      const imports = importPrice(shop.url, shop.adminToken, categoryId);
      await imports(100);
      await purgeToFresh(say, shop.url, 'by import', imports, 100);
      await addBenchOwnerOnline(shop.apis[0], shop.adminToken);
      await purgeToFresh(say, shop.url, 'by PATCH /api/admin/products', patchPrice(shop.url, await signInBenchOwner(shop.url)), 200);
      await edgeMisses(say, shop.url);
    } finally {
      await shop.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, template);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log('## Edge cache');
  await benchEdge();
}
