import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineRoute } from './route.ts';
import { createRouter } from './router.ts';

/** What a failing route must never show: its message, its stack (file paths), its internals. */
const SECRET = 'relation "sales_order_secret" does not exist at /srv/shop/apps/api/src/x.ts:12';

const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
const routes = [
  defineRoute({ method: 'GET', path: '/api/throws', tag: 't', summary: 'throws', response: z.never(), handler: () => { throw new Error(SECRET); } }),
  defineRoute({ method: 'POST', path: '/api/rejects', tag: 't', summary: 'rejects', response: z.never(), handler: () => Promise.reject(new TypeError(SECRET)) }),
  // An answer that cannot be written as JSON fails after the handler, while sending.
  defineRoute({ method: 'GET', path: '/api/unsendable', tag: 't', summary: 'bigint', response: z.unknown(), handler: () => ({ total: 1n }) }),
  // What the pg driver throws while PostgreSQL restarts.
  ...[
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    new AggregateError([Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })], ''),
    new Error('Connection terminated unexpectedly'),
  ].map((error, i) =>
    defineRoute({ method: 'POST', path: `/api/database-down/${i}`, tag: 't', summary: 'database down', response: z.never(), handler: () => Promise.reject(error) }),
  ),
];

let server: Server;
let base: string;
beforeAll(async () => {
  const handle = createRouter(routes, { logger });
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('an exception inside a route', () => {
  it('answers the fixed 500 text, with no message, stack or version, and logs the error', async () => {
    for (const [path, method] of [['/api/throws', 'GET'], ['/api/rejects', 'POST'], ['/api/unsendable', 'GET']] as const) {
      logger.error.mockClear();
      const res = await fetch(`${base}${path}`, { method });
      const text = await res.text();
      expect(res.status).toBe(500);
      expect(JSON.parse(text)).toEqual({ code: 500, result: 'Internal server error' });
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('x-powered-by')).toBeNull();
      expect(res.headers.get('server')).toBeNull();
      expect(logger.error).toHaveBeenCalledTimes(1);
      expect(logger.error.mock.calls[0]?.[0]).toBe(`${method} ${path} failed:`);
    }
  });
});

describe('a database that does not answer', () => {
  it('answers 503 with Retry-After, so the client tries again, and logs a warning', async () => {
    for (let i = 0; i < 4; i += 1) {
      logger.error.mockClear();
      logger.warn.mockClear();
      const res = await fetch(`${base}/api/database-down/${i}`, { method: 'POST' });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({ code: 503, result: 'The shop is not answering right now: please try again in a moment' });
      expect(logger.warn).toHaveBeenCalledTimes(1);
      expect(logger.error).not.toHaveBeenCalled();
    }
  });
});
