// `npm run bench`: start-up, product query and home page figures on the demo catalogue sizes.
// Sizes: BENCH_SIZES=5000,50000 (default). Prints figures; asserts nothing. Every figure is read
// beside this machine's nginx figure (first) and, with BENCH_BASELINE=<git ref>, that commit's.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { buildStorefrontIfStale, freePort, repoRoot, storefrontDir, waitForUrl } from '../scripts/lib/processes.mjs';
import { stop, timedStart } from './api-process.ts';
import { cartBench } from './cart.ts';
import { clientStepsBench } from './client-steps.ts';
import { benchAccounts } from './accounts.ts';
import { benchLoginBursts } from './login-bursts.ts';
import { benchAdminOrders } from './admin-orders.ts';
import { benchAdminPriceCsv } from './admin-price-csv.ts';
import { benchAdminProducts } from './admin-products.ts';
import { benchEdge, machineReference } from './edge.ts';
import { benchRenderCost } from './render-cost.ts';
import { runBaseline, withBaseline } from './baseline.ts';
import { benchCheckout } from './checkout.ts';
import { formatLighthouse, lighthouseScores } from './lighthouse.ts';
import { benchFuzz } from './fuzz.ts';
import { formatResult, load, type LoadRequest } from './load.ts';
import { firstLoadJs, samplePages, sampleSkus } from './pages.ts';
import { benchSearch, queryMix } from './search.ts';
import { benchSearchInputs } from './search-inputs.ts';
import { benchVsfCatalog } from './vsf-catalog.ts';

const sizes = (process.env.BENCH_SIZES ?? '5000,50000').split(',').map(Number);
// BENCH_BASELINE=<git ref>: that commit's bench runs first, and each figure here is shown with its (baseline.ts).
const baseline = process.env.BENCH_BASELINE ? await runBaseline(repoRoot, process.env.BENCH_BASELINE) : undefined;
const lines: string[] = [];
let section = '';
const say = (line: string) => {
  for (const part of line.split('\n')) if (part.startsWith('## ')) section = part.slice(3).trim();
  const shown = baseline ? withBaseline(section, line, baseline) : line;
  lines.push(shown);
  console.log(shown);
};

say('\n## This machine');
say(await machineReference());

const visible = { visibility: { in: [2, 3, 4] }, status: { in: [0, 1] } };
// What the storefront asks for its home lists (apps/storefront/src/lib/api/catalog.ts).
const tileFields = ['id', 'sku', 'name', 'slug', 'url_key', 'type_id', 'status', 'visibility', 'image', 'price', 'price_incl_tax', 'original_price', 'original_price_incl_tax', 'special_price', 'final_price', 'final_price_incl_tax', 'created_at'];
const homeQueries: LoadRequest[] = [
  { category: 16, size: 10 },
  { category: 419, size: 10 },
  { category: 16, size: 8 },
  { category: 68, size: 8 },
].map(({ category, size }) => ({
  path: '/api/catalog',
  body: {
    entityType: 'product',
    filters: { ...(category ? { category_ids: { in: [category] } } : {}), ...visible },
    sort: 'created_at:desc',
    size,
    trackTotalHits: false,
    includeFields: tileFields,
  },
}));

await buildStorefrontIfStale();
const previewModeId: string = JSON.parse(readFileSync(join(storefrontDir, process.env.NEXT_DIST_DIR ?? '.next', 'prerender-manifest.json'), 'utf8')).preview.previewModeId;

for (const size of sizes) {
  say(`\n## ${size.toLocaleString('en')} products (embedded PGlite)`);
  const dataDir = join(repoRoot, `var/bench/db-${size}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const apiPort = await freePort();

  const first = await timedStart(dataDir, apiPort, size);
  say(`API first start (create database, migrate, seed ${size}):`.padEnd(58) + ` ${(first.ms / 1000).toFixed(1)} s`);
  await stop(first.child);
  const again = await timedStart(dataDir, apiPort, size);
  say(`API restart on the existing database:`.padEnd(58) + ` ${(again.ms / 1000).toFixed(2)} s`);
  const api = again.child;
  const apiUrl = `http://127.0.0.1:${apiPort}`;

  await load(apiUrl, homeQueries, 100, 1); // warm-up
  say(formatResult('product query (home lists mix), 1 connection', await load(apiUrl, homeQueries, 2000, 1)));
  say(formatResult('product query (home lists mix), 8 connections', await load(apiUrl, homeQueries, 2000, 8)));
  for (const line of await cartBench(apiUrl)) say(line);

  const webPort = await freePort();
  const webStarted = performance.now();
  const web = spawn(process.execPath, [join(repoRoot, 'node_modules/next/dist/bin/next'), 'start', '-p', String(webPort)], {
    cwd: storefrontDir as string,
    env: { ...process.env, API_INTERNAL_URL: apiUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const webUrl = `http://127.0.0.1:${webPort}`;
  await waitForUrl(`${webUrl}/api/health`, { isAlive: () => web.exitCode === null });
  say(`storefront start:`.padEnd(58) + ` ${((performance.now() - webStarted) / 1000).toFixed(2)} s`);

  const home: LoadRequest[] = [{ path: '/' }];
  // x-prerender-revalidate with the build's preview id makes Next render the page anew and skip
  // its fetch cache: the uncached path, API calls included.
  // Addressed at the internal /it route: Next skips the proxy for revalidation requests.
  const homeUncached: LoadRequest[] = [{ path: '/it', headers: { 'x-prerender-revalidate': previewModeId } }];
  await load(webUrl, home, 50, 1);
  say(formatResult('home page, uncached render, 1 connection', await load(webUrl, homeUncached, 200, 1)));
  await load(webUrl, home, 50, 1);
  say(formatResult('home page, from cache, 1 connection', await load(webUrl, home, 2000, 1)));
  say(formatResult('home page, from cache, 8 connections', await load(webUrl, home, 4000, 8)));
  say(formatResult('product query through the storefront port, 1 connection', await load(webUrl, homeQueries, 1000, 1)));
  // The search panel's POST /api/search over the search bench's query mix (a third misspelled),
  // through the storefront's port as the browser sends it, and straight at the API.
  const searches: LoadRequest[] = queryMix(await sampleSkus(apiUrl, 15)).map(({ body }) => ({ path: '/api/search', body }));
  await load(webUrl, searches, searches.length, 1); // warm-up
  say(formatResult(`search, ${searches.length}-query mix, through the storefront port`, await load(webUrl, searches, 3 * searches.length, 1)));
  say(formatResult(`search, ${searches.length}-query mix, straight at the API`, await load(apiUrl, searches, 3 * searches.length, 1)));
  for (const line of await benchSearchInputs(webUrl, apiUrl, searches)) say(line);

  const pages = await samplePages(apiUrl);
  const pageRuns: [string, string][] = [
    [`category page /c/${pages.category}`, `/c/${pages.category}`],
    [`product page ${pages.product}`, pages.product],
  ];
  for (const [name, path] of pageRuns) {
    const uncached: LoadRequest[] = [{ path: `/it${path}`, headers: { 'x-prerender-revalidate': previewModeId } }];
    await load(webUrl, [{ path }], 20, 1);
    say(formatResult(`${name}, uncached render`, await load(webUrl, uncached, 100, 1)));
    await load(webUrl, [{ path }], 20, 1);
    say(formatResult(`${name}, from cache`, await load(webUrl, [{ path }], 1000, 1)));
  }
  const facets: LoadRequest[] = [{ path: `/c/${pages.category}?sort=price:asc` }];
  say(formatResult(`category page with a sort (rendered per request)`, await load(webUrl, facets, 100, 1)));
  for (const [name, path] of [['product page', pages.product], ['checkout', '/checkout'], ['back office (sign-in)', '/admin/']] as const) {
    const { gzip, wire } = await firstLoadJs(webUrl, path);
    const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
    say(`first-load JS of the ${name}:`.padEnd(58) + ` ${kb(wire)} on the wire${name === 'product page' ? ' (target ≤ 130 kB)' : ''}, ${kb(gzip)} in gzip`);
  }

  if (size === sizes[sizes.length - 1] && process.env.BENCH_LIGHTHOUSE !== 'false') {
    // The offline page is the app shell with no catalogue: what the machine gives React and Next
    // alone, against which the other pages' scores are read (simulated throttling multiplies
    // this machine's own task times, so a busy or slower machine lowers every page alike).
    const audited = [['home', '/'], ...pageRuns, ['checkout', '/checkout'], ['offline page (app shell alone)', '/offline']] as [string, string][];
    for (const [name, path] of audited) {
      say(`Lighthouse mobile ${name}:`.padEnd(58) + ` ${formatLighthouse(await lighthouseScores(`${webUrl}${path}`))}`);
    }
  }
  // The shopper's steps in a real browser under mobile CPU throttling (issue #46 point 3).
  if (size === sizes[sizes.length - 1] && process.env.BENCH_CLIENT_STEPS !== 'false') {
    for (const line of await clientStepsBench(webUrl, pages.category)) say(`client steps: ${line}`);
  }

  await stop(web);
  await stop(api);
}

// Order placement on the first size, embedded and on PostgreSQL when reachable.
if (process.env.BENCH_CHECKOUT !== 'false') {
  say(`\n## Checkout (${sizes[0]!.toLocaleString('en')} products)`);
  await benchCheckout(sizes[0]!, say);
}

// Sign-in, profile and order history of a customer (embedded).
if (process.env.BENCH_ACCOUNTS !== 'false') {
  say(`\n## Accounts (${sizes[0]!.toLocaleString('en')} products)`);
  await benchAccounts(sizes[0]!, say);
}

// A third customer's sign-in during registration and failed-login bursts (issue #43, ADR 0025).
if (process.env.BENCH_LOGIN_BURSTS !== 'false') {
  say('\n## Login bursts');
  await benchLoginBursts(say);
}

// The back office's orders list and CSV export at 100,000 orders (issue #44), embedded and on PostgreSQL when reachable.
if (process.env.BENCH_ADMIN_ORDERS !== 'false') {
  say('\n## Back-office orders');
  await benchAdminOrders(say);
}

// The back office's price and stock CSV on 50,000 products (issue #45), embedded and on PostgreSQL when reachable.
if (process.env.BENCH_PRICE_CSV !== 'false') {
  say('\n## Back-office price CSV');
  await benchAdminPriceCsv(say);
}

// The back office's products list at 50,000 and 200,000 products (issue #45), embedded and on PostgreSQL when reachable.
if (process.env.BENCH_ADMIN_PRODUCTS !== 'false') {
  say('\n## Back-office products');
  await benchAdminProducts(say);
}

// Search latency on its own sizes (SEARCH_BENCH_SIZES), embedded and on PostgreSQL when reachable.
if (process.env.BENCH_SEARCH !== 'false') {
  say('\n## Search');
  await benchSearch(say);
}

// A Vue Storefront 1 category listing through `_search` against POST /api/catalog (issue 47, ADR 0037).
if (process.env.BENCH_VSF_CATALOG !== 'false') {
  say('\n## Vue Storefront 1 `_search`');
  await benchVsfCatalog(say);
}

// The production topology: edge cache against nginx, purge-to-fresh (PostgreSQL, Varnish, wrk, nginx).
if (process.env.BENCH_EDGE !== 'false') {
  say('\n## Edge cache (npm run start:prod topology)');
  await benchEdge(say);
}

// The CPU of one storefront and one API per page render (issue #46 point 1; PostgreSQL).
if (process.env.BENCH_RENDER_COST !== 'false') {
  say('\n## Render cost (one storefront and one API, CPU per page render)');
  await benchRenderCost(say);
}

// Every API operation fuzzed at length (the API tests run the same file bounded).
if (process.env.BENCH_FUZZ !== 'false') {
  say('\n## API fuzz');
  await benchFuzz(say);
}

console.log('\nSummary');
console.log(lines.join('\n'));
