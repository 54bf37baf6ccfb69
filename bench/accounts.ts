// Account figures for `npm run bench` (issue #15): sign-in (argon2id, deliberately slow), the
// authenticated profile, and the order history of a customer with 1,000 orders. Alone:
// `node --import tsx bench/accounts.ts` (embedded database).
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sampleAddress } from '@shop/contracts/sample-order';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { freePort, repoRoot } from '../scripts/lib/processes.mjs';
import { stop, timedStart } from './api-process.ts';
import { formatResult, load, percentile, type LoadResult } from './load.ts';

const PASSWORD = 'Bench-password-1';
const HISTORY_ORDERS = 1000;

async function call(base: string, path: string, body?: unknown): Promise<{ result: unknown; meta?: { refreshToken: string } }> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? (path.startsWith('/api/cart/create') ? 'POST' : 'GET') : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { result: unknown; meta?: { refreshToken: string } };
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json.result)}`);
  return json;
}

/** Times `count` calls made one after another. */
async function timed(count: number, run: () => Promise<unknown>): Promise<LoadResult> {
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await run();
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  const at = (p: number) => percentile(latencies, p);
  return { requests: count, errors: 0, throughput: count / ((performance.now() - started) / 1000), p50: at(50), p95: at(95), p99: at(99), max: latencies.at(-1)! };
}

/** A customer's order placed through the API with their token (one product, bank transfer). */
async function placeOrder(base: string, token: string, sku: string): Promise<void> {
  // The customer's own cart: a guest cart is refused with a customer's token (modules/cart/access.ts).
  const cart = (await call(base, `/api/cart/create?token=${token}`)).result as string;
  await call(base, `/api/cart/update?token=${token}&cartId=${cart}`, { cartItem: { sku, qty: 1 } });
  const billing = { ...sampleAddress, custom_attributes: [{ attribute_code: 'is_company', value: '0' }, { attribute_code: 'fiscal_code', value: 'RSSMRA79B11C566R' }] };
  await call(base, `/api/order?token=${token}`, {
    cart_id: cart,
    order_id: randomUUID(),
    addressInformation: { shippingAddress: sampleAddress, billingAddress: billing, shipping_method_code: 'flatrate', shipping_carrier_code: 'flatrate', payment_method_code: 'banktransfer' },
  });
}

export async function accountsBench(base: string): Promise<string[]> {
  const email = `bench-${Date.now()}@example.it`;
  await call(base, '/api/user/create', { customer: { email, firstname: 'Bench', lastname: 'Cliente' }, password: PASSWORD });
  const signIn = () => call(base, '/api/user/login', { username: email, password: PASSWORD });
  const loginResult = await timed(50, signIn);
  const token = (await signIn()).result as string;
  const me = await load(base, [{ path: '/api/user/me', headers: { authorization: `Bearer ${token}` } }], 2000, 1);

  const { items } = (await call(base, '/api/catalog', { entityType: 'product', filters: { type_id: { eq: 'simple' }, status: { eq: 1 }, visibility: { eq: 4 } }, size: 200, includeFields: ['sku', 'stock', 'custom_options'] })).result as {
    items: { sku: string; custom_options?: unknown[]; stock?: { qty: number; is_in_stock: boolean } }[];
  };
  const skus = items.filter((p) => !p.custom_options?.length && p.stock?.is_in_stock && p.stock.qty >= 20).map((p) => p.sku);
  for (let i = 0; i < HISTORY_ORDERS; i++) await placeOrder(base, token, skus[i % skus.length]!);
  const history = await load(base, [{ path: '/api/user/order-history?pageSize=20&currentPage=1', headers: { authorization: `Bearer ${token}` } }], 1000, 1);
  return [
    formatResult('accounts: login (argon2id), one at a time', loginResult),
    formatResult('accounts: GET /api/user/me (Bearer), one connection', me),
    formatResult(`accounts: order history page 1 of ${HISTORY_ORDERS} orders`, history),
  ];
}

/** Account figures on a fresh embedded database. */
export async function benchAccounts(products: number, say: (line: string) => void): Promise<void> {
  const dataDir = join(repoRoot as string, `var/bench/accounts-${products}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const { child } = await timedStart(dataDir, port, products);
  try {
    for (const line of await accountsBench(`http://127.0.0.1:${port}`)) say(line);
  } finally {
    await stop(child);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const size = Number((process.env.BENCH_SIZES ?? '5000').split(',')[0]);
  console.log(`## accounts, ${size.toLocaleString('en')} products`);
  await benchAccounts(size, console.log);
}
