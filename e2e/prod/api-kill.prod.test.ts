import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sampleAddress, sampleCompanyBilling } from '@shop/contracts/sample-order';
import { describe, expect, it } from 'vitest';
import { withBenchDatabase } from '../../bench/pg-database.ts';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { freePort, repoRoot, waitForUrl } from '../../scripts/lib/processes.mjs';

/*
 * kill -9 of one API instance while orders are being placed (issue #17, ADR 0013 and 0024): two
 * API processes on one PostgreSQL database, shoppers placing orders on both, one instance killed
 * mid-load. Every shopper whose request failed retries on the other instance with the same
 * Idempotency-Key and body. Afterwards: every shopper has exactly one order, every acknowledged
 * order is in the database, none is half-written (each has its lines, the stock went down by
 * exactly what was ordered), the numbers have no gaps, and a replay of every key answers the
 * same order.
 */

const SHOPPERS = 40;
const KILL_AFTER_ACKS = 6;

interface Instance {
  url: string;
  child: ChildProcess;
  dataDir: string;
}

async function startApi(databaseUrl: string): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-kill-api-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: repoRoot,
    // Every shopper here comes from 127.0.0.1: the per-address limits would count them as one.
    env: { ...process.env, DATABASE_URL: databaseUrl, API_PORT: String(port), DATA_DIR: dataDir, DEMO_PRODUCTS: '100', WRITE_LIMIT: '100000', CART_CREATE_LIMIT: '100000' },
    stdio: 'ignore',
  });
  await waitForUrl(`${url}/api/health`, { isAlive: () => child.exitCode === null && child.signalCode === null });
  return { url, child, dataDir };
}

/** One call to an instance: its status and `{ code, result }` answer. */
async function call(url: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; result: any }> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, result: ((await res.json()) as { result: unknown }).result };
}

/** A guest's cart with one product on that instance, and the checkout's order request for it (as the order API tests make it). */
async function orderRequest(url: string, sku: string) {
  const cart = (await call(url, '/api/cart/create')).result as string;
  expect((await call(url, `/api/cart/update?cartId=${cart}`, { cartItem: { sku, qty: 1 } })).status).toBe(200);
  return {
    cart_id: cart,
    order_id: randomUUID(),
    addressInformation: {
      shippingAddress: { ...sampleAddress, extension_attributes: { tipo_attivita: 8492 } },
      billingAddress: sampleCompanyBilling,
      shipping_carrier_code: 'flatrate',
      shipping_method_code: 'flatrate',
      payment_method_code: 'banktransfer',
    },
  };
}

describe('kill -9 of one API instance while orders are placed', () => {
  it('loses no acknowledged order, half-writes none, and a client retried with its key gets its one order', { timeout: 240_000 }, async () => {
    await withBenchDatabase(`shop_killtest_${process.pid}`, async (databaseUrl) => {
      const instances: Instance[] = [];
      try {
        instances.push(await startApi(databaseUrl));
        instances.push(await startApi(databaseUrl));
        const [doomed, survivor] = instances as [Instance, Instance];
        const catalog = await call(survivor.url, '/api/catalog', { entityType: 'product', filters: { type_id: { eq: 'simple' }, status: { eq: 1 }, visibility: { eq: 4 } }, size: 100, includeFields: ['sku', 'stock', 'custom_options'] });
        const sellable = (catalog.result.items as { sku: string; stock?: { is_in_stock: boolean; qty: number }; custom_options?: unknown[] }[])
          .filter((p) => p.stock?.is_in_stock && p.stock.qty > SHOPPERS && !p.custom_options?.length)
          .slice(0, 5);
        const skus = sellable.map((p) => p.sku);
        // The stock the shop sells from: the catalogue's until a sku's first order (stock_level then).
        const stockBefore = new Map(sellable.map((p) => [p.sku, p.stock!.qty]));
        expect(skus.length).toBeGreaterThan(0);

        const db = new pg.Client({ connectionString: databaseUrl });
        await db.connect();
        try {

          // Each shopper's cart is ready on its own instance; the load is the placing of the orders.
          const shoppers = await Promise.all(
            Array.from({ length: SHOPPERS }, async (_, i) => {
              const sku = skus[i % skus.length]!;
              const body = await orderRequest((i % 2 === 0 ? doomed : survivor).url, sku);
              return { i, sku, body, key: `kill-test-${i}-${body.order_id}` };
            }),
          );

          let acknowledgedByDoomed = 0;
          let killed = false;
          const attempts: string[] = [];
          /** Places one shopper's order: its own instance first, then, when that fails, the other, with the same key and body. */
          const placeOrder = async (shopper: (typeof shoppers)[number]): Promise<{ incrementId: string; retried: boolean }> => {
            for (let attempt = 0; attempt < 20; attempt++) {
              const instance = attempt === 0 && shopper.i % 2 === 0 ? doomed : survivor;
              try {
                const res = await fetch(`${instance.url}/api/order`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json', 'idempotency-key': shopper.key },
                  body: JSON.stringify(shopper.body),
                });
                const answer = (await res.json()) as { code: number; result: { incrementId: string } | string };
                attempts.push(`${shopper.i} ${instance === doomed ? 'A' : 'B'} ${res.status}`);
                if (res.status === 200 && typeof answer.result === 'object') {
                  if (instance === doomed) acknowledgedByDoomed++;
                  if (!killed && acknowledgedByDoomed >= KILL_AFTER_ACKS) {
                    killed = true;
                    doomed.child.kill('SIGKILL');
                  }
                  return { incrementId: answer.result.incrementId, retried: attempt > 0 };
                }
                // 409 "order in progress" while the dead instance's transaction is being rolled back; 503 while busy.
                if (res.status !== 409 && res.status < 500) throw new Error(`shopper ${shopper.i}: ${res.status} ${JSON.stringify(answer.result)}`);
              } catch (error) {
                if (error instanceof Error && error.message.startsWith('shopper')) throw error;
                attempts.push(`${shopper.i} ${instance === doomed ? 'A' : 'B'} ${(error as Error).message}`);
              }
              await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
            }
            throw new Error(`shopper ${shopper.i} got no order`);
          };
          const placed = await Promise.all(shoppers.map(placeOrder));
          expect(killed, attempts.join('\n')).toBe(true);
          expect(doomed.child.signalCode).toBe('SIGKILL');
          expect(placed.some((p) => p.retried), 'some shoppers had to retry').toBe(true);

          // One order per shopper, every acknowledged one in the database, no other.
          const numbers = placed.map((p) => p.incrementId);
          expect(new Set(numbers).size).toBe(SHOPPERS);
          const orders = (await db.query<{ increment_id: string; idempotency_key: string; lines: string }>('SELECT o.increment_id, o.idempotency_key, (SELECT count(*) FROM sales_order_item i WHERE i.order_id = o.id) AS lines FROM sales_order o')).rows;
          expect(orders.map((o) => o.increment_id).sort()).toEqual([...numbers].sort());
          expect(new Map(orders.map((o) => [o.idempotency_key, o.increment_id]))).toEqual(new Map(shoppers.map((s, n) => [s.key, numbers[n]])));
          // None half-written: each order has its line, and the stock went down by exactly what was ordered.
          expect(orders.filter((o) => Number(o.lines) !== 1)).toEqual([]);
          const stockAfter = new Map((await db.query<{ sku: string; qty: string }>('SELECT sku, qty FROM stock_level WHERE sku = ANY($1)', [skus])).rows.map((r) => [r.sku, Number(r.qty)]));
          for (const sku of skus) expect(stockAfter.get(sku), sku).toBe(stockBefore.get(sku)! - shoppers.filter((s) => s.sku === sku).length);
          // Numbered without gaps (ADR 0013): a transaction cut by the kill gave its number back.
          const sorted = numbers.map(Number).sort((x, y) => x - y);
          expect(sorted).toEqual(Array.from({ length: SHOPPERS }, (_, n) => sorted[0]! + n));

          // A client that resends with its key later still gets its one order.
          for (const [n, shopper] of shoppers.entries()) {
            const replay = await call(survivor.url, '/api/order', shopper.body, { 'idempotency-key': shopper.key });
            expect(replay.status).toBe(200);
            expect(replay.result.incrementId).toBe(numbers[n]);
          }
          expect((await db.query<{ n: string }>('SELECT count(*) AS n FROM sales_order')).rows[0]!.n).toBe(String(SHOPPERS));
        } finally {
          await db.end();
        }
      } finally {
        for (const instance of instances) {
          instance.child.kill('SIGTERM');
          if (instance.child.exitCode === null && instance.child.signalCode === null) await new Promise((resolve) => instance.child.once('exit', resolve));
          rmSync(instance.dataDir, { recursive: true, force: true });
        }
      }
    });
  });
});
