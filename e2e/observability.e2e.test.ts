import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { freePort } from '../scripts/lib/processes.mjs';
import { startOwnShop, type OwnShop } from './own-shop.ts';

/*
 * Issue #46 point 6 (ADR 0033), as `npm start` runs the shop: the storefront's front server and
 * the API each write one JSON line per request, both with the id the storefront answers as
 * X-Request-Id, and serve their metrics on internal ports. (Through the edge: e2e/prod.)
 */
let shop: OwnShop;
let storefrontMetrics: string;
let apiMetrics: string;

beforeAll(async () => {
  const [webPort, apiPort] = [await freePort(), await freePort()];
  storefrontMetrics = `http://127.0.0.1:${webPort}/metrics`;
  apiMetrics = `http://127.0.0.1:${apiPort}/metrics`;
  shop = await startOwnShop('observability', { DEMO_PRODUCTS: '200', STOREFRONT_METRICS_PORT: String(webPort), API_METRICS_PORT: String(apiPort) }, { logs: true });
});
afterAll(async () => {
  await shop?.stop();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The log lines of one process with this request id, parsed (every line must be JSON). */
function entries(lines: string[], reqId: string): Record<string, unknown>[] {
  return lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.reqId === reqId);
}

describe('one request, one id, in the storefront and the API logs', () => {
  it('an API call through the storefront', async () => {
    const res = await fetch(`${shop.url}/api/cart/create`, { method: 'POST' });
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(UUID);
    await expect.poll(() => entries(shop.logs!.storefront, id)).toEqual([
      { time: expect.any(String), level: 'info', service: 'storefront', reqId: id, method: 'POST', route: '/api/*', status: 200, ms: expect.any(Number) },
    ]);
    await expect.poll(() => entries(shop.logs!.api, id)).toEqual([
      { time: expect.any(String), level: 'info', service: 'api', reqId: id, method: 'POST', route: '/api/cart/create', status: 200, ms: expect.any(Number) },
    ]);
  });

  it("a page: the API reads its render and the proxy's lookups make carry its id; the logs name patterns, not the URL", async () => {
    const res = await fetch(`${shop.url}/c/coltelli?token=secret-token-1&email=mario.rossi%40example.it`);
    expect(res.status).toBe(200);
    await res.text();
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(UUID);
    expect(res.headers.get('x-shop-route')).toBeNull();
    await expect.poll(() => entries(shop.logs!.storefront, id)).toEqual([expect.objectContaining({ route: '/c/:slug', status: 200, method: 'GET' })]);
    await expect.poll(() => entries(shop.logs!.api, id).length).toBeGreaterThan(0);
    expect(entries(shop.logs!.api, id).map((entry) => entry.route)).toContain('/api/catalog');
    const all = [...shop.logs!.storefront, ...shop.logs!.api].join('\n');
    for (const secret of ['coltelli', 'secret-token-1', 'mario.rossi', 'example.it']) expect(all).not.toContain(secret);
  });

  it("never takes an id from a client that is not the shop's proxy", async () => {
    const res = await fetch(`${shop.url}/api/cart/create`, { method: 'POST', headers: { 'x-request-id': 'chosen-by-client' } });
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(UUID);
    await expect.poll(() => entries(shop.logs!.api, id).length).toBe(1);
    expect(entries(shop.logs!.api, 'chosen-by-client')).toEqual([]);
  });
});

describe('metrics on internal ports', () => {
  const sample = (text: string, series: string) => Number(text.split('\n').find((line) => line.startsWith(`${series} `))?.slice(series.length + 1) ?? 0);

  it("count the storefront's requests by route pattern and its page cache, and are not on the public port", async () => {
    // The page with no query: rendered once (a miss, unless the test above rendered it), then kept.
    for (let i = 0; i < 2; i += 1) await (await fetch(`${shop.url}/c/coltelli`)).text();
    const text = await (await fetch(storefrontMetrics)).text();
    expect(sample(text, 'http_requests_total{method="GET",route="/c/:slug",status="200"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'shop_cache_lookups_total{cache="page",result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    const api = await (await fetch(apiMetrics)).text();
    expect(sample(api, 'http_requests_total{method="POST",route="/api/cart/create",status="200"}')).toBeGreaterThanOrEqual(2);
    const publicAnswer = await fetch(`${shop.url}/metrics`);
    expect(publicAnswer.status).toBe(404);
    expect(await publicAnswer.text()).not.toContain('http_requests_total');
  });
});
