// Issue #46 point 1: the CPU a storefront and an API spend on one page render (an edge miss),
// measured as ADR 0024 did: the processes' own CPU time around each request, here read from
// /proc/<pid>/task/*/schedstat (every thread, nanoseconds) instead of /proc's 10 ms ticks.
// One API and one storefront of the production topology (PostgreSQL, Redis, the edge), each page
// asked of the storefront directly, once, and counted only when Next rendered it for the request.
// Part of `npm run bench`; alone: node --import tsx bench/render-cost.ts
// RENDER_BENCH_PRODUCTS (5,000), RENDER_BENCH_PAGES (layout,category,product: the kinds measured),
// RENDER_BENCH_COMPARE=<dist dir> (another build, e.g. the previous commit's, measured beside this one),
// RENDER_BENCH_PROFILE=<dir>: the storefront and the API write a V8
// CPU profile of the run there (cpu-profile-preload.mjs), the profiles behind ADR 0024's figures.
import { readdirSync, readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { buildStorefrontIfStale, freePort } from '../scripts/lib/processes.mjs';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { startProduction } from '../scripts/lib/topology.mjs';
import { missPaths, send } from './edge.ts';
import { percentile } from './load.ts';
import { benchServerUrl, withBenchDatabase } from './pg-database.ts';

const products = Number(process.env.RENDER_BENCH_PRODUCTS ?? 5_000);
const profileDir = process.env.RENDER_BENCH_PROFILE || undefined;
// A second build of the storefront (another commit's, built with NEXT_DIST_DIR=<dir>) measured
// beside this one, page by page: before/after on the same machine at the same moment.
const compareDir = process.env.RENDER_BENCH_COMPARE || undefined;
// Which kinds of page to measure (a profile of one kind alone): layout,category,product.
const kinds = new Set((process.env.RENDER_BENCH_PAGES ?? 'layout,category,product').split(','));

/** CPU time of every thread of a process so far, in milliseconds. */
function cpuMs(pid: number): number {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended between the listing and the read: its time is gone with it.
    }
  }
  return ns / 1e6;
}

/**
 * Resolves once `pids` have spent under 1 ms of CPU in 25 ms (a profiler's sampling thread
 * included), or after 2 s: the work after an answer (the shared-cache copy) is then done.
 */
async function settled(pids: number[]): Promise<void> {
  let before = pids.map(cpuMs);
  for (let waited = 0; waited < 2000; waited += 25) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    const now = pids.map(cpuMs);
    if (now.every((ms, i) => ms - before[i]! < 1)) return;
    before = now;
  }
}

/**
 * CPU per millisecond each process spends with nothing asked of it (health probes, timers): the
 * least of five one-second windows, as a window may still hold the end of a start's work.
 */
async function idleRates(pids: number[]): Promise<number[]> {
  let least = pids.map(() => Infinity);
  for (let window = 0; window < 5; window++) {
    const [before, started] = [pids.map(cpuMs), performance.now()];
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const elapsed = performance.now() - started;
    least = pids.map((pid, i) => Math.min(least[i]!, (cpuMs(pid) - before[i]!) / elapsed));
  }
  return least;
}

/** A running topology of one API and one storefront, with what the bench reads of it. */
interface Shop {
  storefront: string;
  /** The storefront's and the API's process ids. */
  pids: [number, number];
  /** Their idle CPU per millisecond (idleRates). */
  idle: number[];
  stop: () => Promise<void>;
}

async function startShop(databaseUrl: string, distDir: string | undefined): Promise<Shop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-render-'));
  const shop = await startProduction({
    port: await freePort(),
    instances: 1,
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      DEMO_PRODUCTS: String(products),
      LOG_REQUESTS: 'false',
      ...(distDir ? { NEXT_DIST_DIR: distDir } : {}),
      ...(profileDir ? { CPU_PROFILE_DIR: profileDir, NODE_OPTIONS: `--import ${fileURLToPath(new URL('cpu-profile-preload.mjs', import.meta.url))}` } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pidOf = (name: string) => (shop.units as { name: string; child: { pid: number } }[]).find((unit) => unit.name === name)!.child.pid;
  return {
    storefront: shop.storefronts[0] as string,
    pids: [pidOf('storefront 1'), pidOf('API 1')],
    idle: [],
    stop: async () => {
      await shop.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The CPU of both processes for one request of `path`, less what they spend idle over the same
 * time; null when Next did not render the page for it (an ISR page a cache had).
 */
async function renderCost(shop: Shop, path: string, perRequest: boolean): Promise<[number, number] | null> {
  await settled(shop.pids);
  const [before, started] = [shop.pids.map(cpuMs), performance.now()];
  const res = await send(`${shop.storefront}${path}`, { headers: { 'accept-encoding': 'gzip' } });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  // A page rendered per request says nothing of a cache; an ISR page counts only when it was not cached.
  if (!perRequest && res.headers['x-nextjs-cache'] !== 'MISS') return null;
  await settled(shop.pids);
  const elapsed = performance.now() - started;
  const [web, api] = shop.pids.map((pid, i) => cpuMs(pid) - before[i]! - shop.idle[i]! * elapsed);
  return [web!, api!];
}

const figures = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return `mean ${mean.toFixed(1)}, p50 ${percentile(sorted, 50).toFixed(1)}, p95 ${percentile(sorted, 95).toFixed(1)} ms`;
};

/**
 * Each page asked of every shop in turn (which shop goes first alternates), so that a machine
 * whose speed drifts during the run (this workplace's do, by ±20 % between runs) slows them
 * alike; a page counts where every shop rendered it.
 */
async function measure(say: (line: string) => void, shops: Shop[]): Promise<void> {
  const { categories, products: productPaths } = await missPaths(shops[0]!.storefront);
  for (const shop of shops.slice(1)) await missPaths(shop.storefront); // the same warm-up reads in each
  for (const shop of shops) {
    await settled(shop.pids);
    shop.idle = await idleRates(shop.pids);
  }
  const label = (i: number) => (shops.length > 1 ? (i === 0 ? ' (this build)' : ` (${compareDir})`) : '');
  shops.forEach((shop, i) => say(`idle CPU${label(i)}: storefront ${(shop.idle[0]! * 1000).toFixed(1)} ms/s, API ${(shop.idle[1]! * 1000).toFixed(1)} ms/s`));
  // A page of the default layout with a form of its own, rendered for each request: the layout's share.
  const layoutOnly = Array.from({ length: 30 }, () => '/reset-password');
  for (const [kind, name, paths, perRequest] of [
    ['layout', 'layout and a form (/reset-password)', layoutOnly, true],
    ['category', 'category page', categories, false],
    ['product', 'product page', productPaths, false],
  ] as const) {
    if (!kinds.has(kind)) continue;
    const costs: [number, number][][] = shops.map(() => []);
    for (const [n, path] of paths.entries()) {
      const order = n % 2 === 0 ? shops.map((_, i) => i) : shops.map((_, i) => shops.length - 1 - i);
      const pair: ([number, number] | null)[] = [];
      for (const i of order) pair[i] = await renderCost(shops[i]!, path, perRequest);
      if (pair.every((cost) => cost !== null)) pair.forEach((cost, i) => costs[i]!.push(cost!));
    }
    shops.forEach((_, i) => {
      say(`${name}${label(i)}, ${costs[i]!.length} renders, storefront CPU:`.padEnd(58) + ` ${figures(costs[i]!.map(([web]) => web))}`);
      say(`${name}${label(i)}, API CPU:`.padEnd(58) + ` ${figures(costs[i]!.map(([, api]) => api))}`);
    });
    if (shops.length > 1) {
      const paired = (at: 0 | 1) => figures(costs[0]!.map((cost, j) => cost[at] - costs[1]![j]![at]));
      say(`${name}, this build less ${compareDir}, page by page: storefront ${paired(0)}; API ${paired(1)}`);
    }
  }
}

export async function benchRenderCost(say: (line: string) => void = console.log): Promise<void> {
  if (!(await benchServerUrl())) {
    say('render cost: skipped (no PostgreSQL server at TEST_DATABASE_URL)');
    return;
  }
  await buildStorefrontIfStale();
  const run = async (databaseUrls: string[]) => {
    const shops: Shop[] = [];
    try {
      for (const [i, url] of databaseUrls.entries()) shops.push(await startShop(url, i === 0 ? undefined : compareDir));
      await measure(say, shops);
    } finally {
      await Promise.all(shops.map((shop) => shop.stop()));
    }
  };
  const name = `shop_bench_render_${process.pid}`;
  await withBenchDatabase(name, (url) => (compareDir ? withBenchDatabase(`${name}_compare`, (other) => run([url, other])) : run([url])));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`## Render cost (${products.toLocaleString('en')} products, one storefront and one API)`);
  await benchRenderCost();
}
