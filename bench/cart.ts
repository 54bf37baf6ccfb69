// Cart figures for `npm run bench`; alone: `node --import tsx bench/cart.ts` (BENCH_SIZES' first size, default 5000).
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { freePort, repoRoot } from '../scripts/lib/processes.mjs';
import { stop, timedStart } from './api-process.ts';
import { formatResult, percentile, type LoadResult } from './load.ts';

interface Envelope<T> {
  code: number;
  result: T;
}

async function call<T>(base: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined && !path.startsWith('/api/cart/create') ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Envelope<T>;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json.result)}`);
  return json.result;
}

/** Simple products in stock without custom options: lines every cart call accepts. */
async function cartSkus(base: string): Promise<string[]> {
  const { items } = await call<{ items: { sku: string; custom_options?: unknown[]; stock?: { is_in_stock: boolean; qty: number } }[] }>(
    base,
    '/api/catalog',
    { entityType: 'product', filters: { type_id: { eq: 'simple' }, status: { in: [0, 1] } }, size: 200, includeFields: ['sku', 'custom_options', 'stock'] },
  );
  return items.filter((p) => !p.custom_options?.length && p.stock?.is_in_stock && p.stock.qty >= 20).map((p) => p.sku);
}

const cartPath = (path: string, cartId: string) => `${path}?cartId=${cartId}`;

function summary(latencies: number[], errors: number, seconds: number): LoadResult {
  latencies.sort((a, b) => a - b);
  const at = (p: number) => percentile(latencies, p);
  return { requests: latencies.length + errors, errors, throughput: latencies.length / seconds, p50: at(50), p95: at(95), p99: at(99), max: latencies.at(-1) ?? NaN };
}

/** Add-to-cart then totals, one shopper at a time: a new cart every 10 adds, so carts hold 1–10 lines. */
async function addAndTotals(base: string, skus: readonly string[], rounds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  const started = performance.now();
  let cart = '';
  for (let i = 0; i < rounds; i++) {
    if (i % 10 === 0) cart = await call<string>(base, '/api/cart/create');
    const t0 = performance.now();
    await call(base, cartPath('/api/cart/update', cart), { cartItem: { sku: skus[i % skus.length], qty: 1 + (i % 3) } });
    await call(base, cartPath('/api/cart/totals', cart));
    latencies.push(performance.now() - t0);
  }
  return summary(latencies, 0, (performance.now() - started) / 1000);
}

/** `carts` carts updating at once, each `updates` times in a row (different lines and quantities). */
async function concurrentCarts(base: string, skus: readonly string[], carts: number, updates: number): Promise<LoadResult> {
  const tokens = await Promise.all(Array.from({ length: carts }, () => call<string>(base, '/api/cart/create')));
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (cart, c) => {
      for (let u = 0; u < updates; u++) {
        const t0 = performance.now();
        try {
          await call(base, cartPath('/api/cart/update', cart), { cartItem: { sku: skus[(c + u) % 5], qty: 1 + u } });
          latencies.push(performance.now() - t0);
        } catch (error) {
          errors++;
          if (errors === 1) console.error((error as Error).message);
        }
      }
    }),
  );
  return summary(latencies, errors, (performance.now() - started) / 1000);
}

export async function cartBench(apiUrl: string): Promise<string[]> {
  const skus = await cartSkus(apiUrl);
  if (skus.length < 5) return [`cart: too few simple products in stock (${skus.length})`];
  await addAndTotals(apiUrl, skus, 50); // warm-up
  return [
    formatResult('cart: add to cart + totals (one shopper, 1–10 lines)', await addAndTotals(apiUrl, skus, 500)),
    formatResult('cart: 100 carts updating at once (10 updates each)', await concurrentCarts(apiUrl, skus, 100, 10)),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const size = Number((process.env.BENCH_SIZES ?? '5000').split(',')[0]);
  const dataDir = join(repoRoot, `var/bench/cart-${size}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const { child } = await timedStart(dataDir, port, size);
  try {
    console.log(`## cart, ${size.toLocaleString('en')} products (embedded PGlite)`);
    for (const line of await cartBench(`http://127.0.0.1:${port}`)) console.log(line);
  } finally {
    await stop(child);
  }
}
