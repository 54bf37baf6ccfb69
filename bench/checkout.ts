// Checkout figures for `npm run bench` (issue #12): order placement latency, and orders per second
// with 50 checkouts at once. Alone: `node --import tsx bench/checkout.ts` (embedded, then
// PostgreSQL when TEST_DATABASE_URL's server answers).
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sampleAddress } from '@shop/contracts/sample-order';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { freePort, repoRoot } from '../scripts/lib/processes.mjs';
import { stop, timedStart } from './api-process.ts';
import { formatResult, percentile, type LoadResult } from './load.ts';
import { withBenchDatabase } from './pg-database.ts';

interface Envelope<T> {
  code: number;
  result: T;
}

async function call<T>(base: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined && !path.startsWith('/api/cart/create') ? 'GET' : 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Envelope<T>;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json.result)}`);
  return json.result;
}

/** Simple products with stock for every order the bench places (one unit each). */
async function stockedSkus(base: string, units: number): Promise<string[]> {
  const { items } = await call<{ items: { sku: string; custom_options?: unknown[]; stock?: { is_in_stock: boolean; qty: number; manage_stock?: boolean } }[] }>(
    base,
    '/api/catalog',
    { entityType: 'product', filters: { type_id: { eq: 'simple' }, status: { in: [0, 1] } }, size: 500, includeFields: ['sku', 'custom_options', 'stock'] },
  );
  const usable = items.filter((p) => !p.custom_options?.length && p.stock?.is_in_stock && p.stock.qty >= 20);
  const perSku = Math.max(1, Math.ceil(units / Math.max(1, usable.length)));
  return usable.filter((p) => (p.stock?.qty ?? 0) >= perSku).map((p) => p.sku);
}

const privateBuyer = {
  ...sampleAddress,
  custom_attributes: [
    { attribute_code: 'is_company', value: '0' },
    { attribute_code: 'fiscal_code', value: 'RSSMRA79B11C566R' },
  ],
};

/** A guest cart with one line, an Italian address and the flat-rate shipping: ready to order. */
async function readyCart(base: string, sku: string): Promise<string> {
  const cart = await call<string>(base, '/api/cart/create');
  await call(base, `/api/cart/update?cartId=${cart}`, { cartItem: { sku, qty: 1 } });
  await call(base, `/api/cart/shipping-information?cartId=${cart}`, {
    addressInformation: {
      shippingAddress: { countryId: 'IT', postcode: sampleAddress.postcode, city: sampleAddress.city, regionCode: sampleAddress.region_code },
      shippingCarrierCode: 'flatrate',
      shippingMethodCode: 'flatrate',
    },
    methodPay: 'banktransfer',
  });
  return cart;
}

const orderBody = (cart: string) => ({
  cart_id: cart,
  order_id: randomUUID(),
  products: [],
  addressInformation: {
    shippingAddress: sampleAddress,
    billingAddress: privateBuyer,
    shipping_method_code: 'flatrate',
    shipping_carrier_code: 'flatrate',
    payment_method_code: 'banktransfer',
  },
});

/** Places one order per cart, `concurrency` at a time; latency of POST /api/order alone. */
async function placeAll(base: string, carts: readonly string[], concurrency: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const queue = [...carts];
  const started = performance.now();
  const worker = async () => {
    for (let cart = queue.shift(); cart !== undefined; cart = queue.shift()) {
      const body = orderBody(cart);
      const t0 = performance.now();
      try {
        await call(base, '/api/order', body, { 'idempotency-key': body.order_id });
        latencies.push(performance.now() - t0);
      } catch (error) {
        if (errors++ === 0) console.error((error as Error).message);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => percentile(latencies, p);
  return { requests: carts.length, errors, throughput: latencies.length / seconds, p50: at(50), p95: at(95), p99: at(99), max: latencies.at(-1) ?? NaN };
}

async function readyCarts(base: string, skus: readonly string[], count: number, offset: number): Promise<string[]> {
  const carts: string[] = [];
  for (let i = 0; i < count; i++) carts.push(await readyCart(base, skus[(offset + i) % skus.length]!));
  return carts;
}

/** The checkout figures of one running API; `label` names its database. */
export async function checkoutBench(apiUrl: string, label: string): Promise<string[]> {
  const sequential = 200;
  const concurrent = 200;
  const skus = await stockedSkus(apiUrl, 20 + sequential + concurrent);
  if (skus.length === 0) return [`checkout (${label}): no simple product with stock to order`];
  await placeAll(apiUrl, await readyCarts(apiUrl, skus, 20, 0), 1); // warm-up
  const one = await placeAll(apiUrl, await readyCarts(apiUrl, skus, sequential, 20), 1);
  const fifty = await placeAll(apiUrl, await readyCarts(apiUrl, skus, concurrent, 20 + sequential), 50);
  return [
    formatResult(`checkout (${label}): order placement, one at a time`, one),
    formatResult(`checkout (${label}): 50 checkouts at once (orders/s)`, fifty),
  ];
}

/** Checkout figures on a fresh embedded database, then on a fresh PostgreSQL database when one answers. */
export async function benchCheckout(products: number, say: (line: string) => void): Promise<void> {
  const dataDir = join(repoRoot as string, `var/bench/checkout-${products}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const runOn = async (label: string, databaseUrl?: string) => {
    const port = await freePort();
    const { child } = await timedStart(dataDir, port, products, databaseUrl);
    try {
      for (const line of await checkoutBench(`http://127.0.0.1:${port}`, label)) say(line);
    } finally {
      await stop(child);
    }
  };
  await runOn('embedded');
  rmSync(dataDir, { recursive: true, force: true });
  await withBenchDatabase(`bench_checkout_${process.pid}`, (url) => runOn('PostgreSQL', url));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const size = Number((process.env.BENCH_SIZES ?? '5000').split(',')[0]);
  console.log(`## checkout, ${size.toLocaleString('en')} products`);
  await benchCheckout(size, console.log);
}
