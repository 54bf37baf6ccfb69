import { upsertProducts } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/api-harness.ts';
import { orderHelpers } from '../testing/orders.ts';
import { productFactory } from '../testing/products.ts';

/*
 * Issue #46 point 6: one JSON log line per request with the id the storefront sent, and the
 * Prometheus metrics on their own port counting what the shop does.
 */
let api: TestApi;
const lines: string[] = [];
const product = productFactory(986_000);

beforeAll(async () => {
  api = await startTestApi({ metricsPort: 0, requestLog: (line) => lines.push(line) });
  await upsertProducts(api.database.db, [product('OBS-KNIFE', 100)]);
});
afterAll(async () => {
  await api?.dispose();
});

const { cartWith, orderBody, place } = orderHelpers(() => api);

async function scrape(): Promise<string> {
  const res = await fetch(api.metricsUrl!);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
}

/** The value of one series in a scrape (0 when absent). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** The log lines of one request id, parsed. */
const logged = (reqId: string) => lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.reqId === reqId);

describe('the request log', () => {
  it('writes one JSON line per request with the id sent in X-Request-Id, the route pattern, status and duration, and answers the id', async () => {
    const reqId = 'edge-1700000000-42';
    const res = await api.call('/api/user/order/000000123?token=secret-token-value', { headers: { 'x-request-id': reqId } });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-request-id')).toBe(reqId);
    await expect.poll(() => logged(reqId).length).toBe(1);
    const [entry] = logged(reqId);
    expect(entry).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      level: 'info',
      service: 'api',
      reqId,
      method: 'GET',
      route: '/api/user/order/:incrementId',
      status: 401,
      ms: expect.any(Number),
    });
    // Neither the order number nor the token of the path and query.
    const line = lines.find((l) => l.includes(reqId))!;
    expect(line).not.toContain('000000123');
    expect(line).not.toContain('secret-token-value');
  });

  it("takes the id from the storefront's tracestate (its cached reads), makes one when none or a bad one is sent", async () => {
    const traced = await api.call('/api/shop/info', { headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', tracestate: 'other=1,shop-rid=front-7' } });
    expect(traced.headers.get('x-request-id')).toBe('front-7');
    const none = await api.call('/api/shop/info');
    const made = none.headers.get('x-request-id')!;
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    const bad = await api.call('/api/shop/info', { headers: { 'x-request-id': 'line\tbreak"{}' } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => [logged('front-7').length, logged(made).length]).toEqual([1, 1]);
    expect(lines.join('\n')).not.toContain('break"');
  });

  it('names unknown paths "unmatched" and server errors at level error', async () => {
    const res = await api.call('/api/no-such-route/mario.rossi@example.it', { headers: { 'x-request-id': 'unknown-1' } });
    expect(res.status).toBe(404);
    await expect.poll(() => logged('unknown-1')).toEqual([expect.objectContaining({ route: 'unmatched', status: 404, level: 'info' })]);
    expect(lines.join('\n')).not.toContain('example.it');
  });
});

describe('/metrics on the internal port', () => {
  it('is not on the public port', async () => {
    expect((await api.call('/metrics')).status).toBe(404);
    expect((await api.call('/api/metrics')).status).toBe(404);
    expect(new URL(api.metricsUrl!).port).not.toBe(new URL(api.url).port);
  });

  it('counts a placed order, by payment method', async () => {
    const series = 'shop_orders_placed_total{payment_method="banktransfer"}';
    const before = sample(await scrape(), series);
    const body = orderBody(await cartWith([['OBS-KNIFE', 1]]));
    const res = await place(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(sample(await scrape(), series)).toBe(before + 1);
    // Resent (the same order_id) it answers the same order: no second one is counted.
    expect((await place(body)).status).toBe(200);
    expect(sample(await scrape(), series)).toBe(before + 1);
  });

  it('counts requests and latency per route pattern, with the process figures and the search index', async () => {
    await api.call('/api/catalog', { body: { entityType: 'product', size: 1 } });
    const text = await scrape();
    expect(sample(text, 'http_requests_total{method="POST",route="/api/catalog",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="POST",route="/api/catalog"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_requests_total{method="POST",route="/api/order",status="200"}')).toBeGreaterThanOrEqual(1);
    for (const name of ['process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_p99_seconds']) {
      expect(text).toMatch(new RegExp(`^${name} \\d`, 'm'));
    }
    expect(sample(text, 'shop_search_index_ready')).toBe(1);
    // The order's stock change reaches the index by the change feed, a moment after the answer.
    await expect.poll(async () => sample(await scrape(), 'shop_search_index_lag_changes'), { timeout: 10_000 }).toBe(0);
    expect(text).toMatch(/^shop_cache_lookups_total\{cache="catalog-totals",result="(hit|miss)"\} \d/m);
  });
});
