import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { observeRequest, processMetrics, requestIdFromTraceState, requestIdOf, requestIdTraceState, requestLogLine } from './index.mjs';

/** A request and its answer as node:http hands them over, enough for observeRequest. */
function exchange(method: string, url: string, headers: Record<string, string> = {}) {
  const req = { method, url, headers: { ...headers } } as unknown as IncomingMessage;
  const sent: Record<string, string> = {};
  const res = Object.assign(new EventEmitter(), {
    statusCode: 200,
    writableFinished: true,
    setHeader: (name: string, value: string) => void (sent[name] = value),
  }) as unknown as ServerResponse;
  return { req, res, sent, end: (status: number) => ((res.statusCode = status), res.emit('close')) };
}

describe('a request log line', () => {
  it('names the route pattern only: no token of the query, no e-mail address of the path, no cookie', () => {
    const lines: string[] = [];
    const clock = [100, 142.37];
    const { req, res, end } = exchange('GET', '/api/ext/mailchimp-subscribe/mario.rossi@example.it?token=eyJhbGciOiJIUzI1NiJ9.secret&email=anna%40example.it', {
      cookie: 'session=abc123',
      authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.secret',
      'x-request-id': 'edge-1-2',
    });
    const context = observeRequest(req, res, { service: 'api', log: (line) => lines.push(line), metrics: null, now: () => clock.shift()! });
    context.route = '/api/ext/mailchimp-subscribe/:email';
    end(200);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      level: 'info',
      service: 'api',
      reqId: 'edge-1-2',
      method: 'GET',
      route: '/api/ext/mailchimp-subscribe/:email',
      status: 200,
      ms: 42.4,
    });
    for (const secret of ['mario', 'example.it', 'anna', 'token', 'eyJ', 'secret', 'abc123', 'session']) expect(lines[0]).not.toContain(secret);
  });

  it('says "unmatched" when no route answered, error for a 5xx, and aborted for an answer cut short', () => {
    const lines: string[] = [];
    const unknown = exchange('POST', '/no/such/route?cartId=42');
    observeRequest(unknown.req, unknown.res, { service: 'storefront', log: (line) => lines.push(line), metrics: null });
    unknown.end(404);
    const failed = exchange('GET', '/api/catalog');
    const context = observeRequest(failed.req, failed.res, { service: 'api', log: (line) => lines.push(line), metrics: null });
    context.route = '/api/catalog';
    Object.assign(failed.res, { writableFinished: false });
    failed.end(500);
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ route: 'unmatched', status: 404, level: 'info', method: 'POST' }),
      expect.objectContaining({ route: '/api/catalog', status: 500, level: 'error', aborted: true }),
    ]);
    expect(lines[0]).not.toContain('cartId');
  });

  it('writes a method nobody serves as OTHER, and a cache result when one is known', () => {
    const line = JSON.parse(requestLogLine({ service: 'storefront', reqId: 'r', method: 'PROPFIND', route: '/c/:slug', status: 405, ms: 0.04, cache: 'hit' }));
    expect(line).toMatchObject({ method: 'OTHER', cache: 'hit', ms: 0 });
  });
});

describe('the request id', () => {
  it('is the one sent when it is safe to log, else a new one; it goes on the request (to be proxied) and the answer', () => {
    const { req, res, sent } = exchange('GET', '/', { 'x-request-id': 'abc-123' });
    expect(observeRequest(req, res, { service: 'x', metrics: null }).reqId).toBe('abc-123');
    expect(sent['x-request-id']).toBe('abc-123');
    for (const bad of ['', 'a b', 'x'.repeat(129), '"}{"level":"error', 'line\nbreak', undefined]) {
      const made = requestIdOf(bad);
      expect(made).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(made).not.toBe(requestIdOf(bad));
    }
    const second = exchange('GET', '/', { 'x-request-id': 'bad id' });
    const context = observeRequest(second.req, second.res, { service: 'x', metrics: null });
    expect(second.req.headers['x-request-id']).toBe(context.reqId);
    expect(context.reqId).not.toBe('bad id');
  });

  it("travels in tracestate, which Next's data cache leaves out of its key", () => {
    expect(requestIdFromTraceState(`vendor=1,${requestIdTraceState('edge-9')}`)).toBe('edge-9');
    expect(requestIdFromTraceState('shop-rid=bad id')).toBeUndefined();
    expect(requestIdFromTraceState(undefined)).toBeUndefined();
    const { req, res } = exchange('POST', '/api/catalog', { tracestate: requestIdTraceState('edge-9') });
    expect(observeRequest(req, res, { service: 'api', metrics: null }).reqId).toBe('edge-9');
  });
});

describe('the process metrics', () => {
  it('count requests by route pattern and status, and errors by kind', async () => {
    const metrics = processMetrics();
    expect(processMetrics()).toBe(metrics);
    const { req, res, end } = exchange('GET', '/api/order/000000042?key=secret');
    const context = observeRequest(req, res, { service: 'api' });
    context.route = '/api/order/:incrementId';
    context.errorKind = 'database_unavailable';
    end(503);
    const text = await metrics.registry.metrics();
    expect(text).toContain('http_requests_total{method="GET",route="/api/order/:incrementId",status="503"} 1');
    expect(text).toContain('http_request_errors_total{route="/api/order/:incrementId",kind="database_unavailable"} 1');
    expect(text).not.toContain('000000042');
    expect(metrics.counter({ name: 'http_requests_total', help: 'again' })).toBe(metrics.registry.getSingleMetric('http_requests_total'));
  });
});

describe('health probes', () => {
  it('are counted but not logged while they answer, and logged when they fail', () => {
    const lines: string[] = [];
    for (const status of [200, 503]) {
      const { req, res, end } = exchange('GET', '/api/health');
      const context = observeRequest(req, res, { service: 'api', log: (line) => lines.push(line), metrics: null });
      context.route = '/api/health';
      end(status);
    }
    expect(lines.map((line) => JSON.parse(line).status)).toEqual([503]);
  });
});
