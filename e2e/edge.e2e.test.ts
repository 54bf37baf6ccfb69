import { request } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, inject, it } from 'vitest';

/*
 * The shop's public edge (apps/storefront/front-server.mjs in front of Next and proxy.ts), probed
 * over plain HTTP as an attacker would (issue 13 items 17 and 21).
 */

const base = new URL(inject('baseUrl'));

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request; `localAddress` picks the client's own loopback address (127.0.0.2, …). */
function call(path: string, init: { method?: string; headers?: Record<string, string>; localAddress?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: base.hostname, port: base.port, path, method: init.method ?? 'GET', headers: init.headers, localAddress: init.localAddress },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function oneWrongCoupon(localAddress: string, headers: Record<string, string> = {}): Promise<number> {
  const created = await call('/api/cart/create', { method: 'POST', localAddress, headers });
  const cart = (JSON.parse(created.body) as { result: string }).result;
  return (await call(`/api/cart/apply-coupon?cartId=${cart}&coupon=WRONG-${Math.random()}`, { method: 'POST', localAddress, headers })).status;
}

describe('client address behind the storefront', () => {
  it("one shopper's wrong coupon codes do not lock out another, and X-Forwarded-For from the public is not believed", async () => {
    // The attacker names a new address on every call: the storefront replaces it with the real one.
    for (let i = 0; i < 20; i++) expect(await oneWrongCoupon('127.0.0.2', { 'x-forwarded-for': `198.51.100.${i}` })).toBe(400);
    expect(await oneWrongCoupon('127.0.0.2', { 'x-forwarded-for': '198.51.100.250' })).toBe(429);
    expect(await oneWrongCoupon('127.0.0.3')).toBe(400);
  });
});

describe('header hygiene', () => {
  it('leaks no internal address or rewrite target in x-middleware-* headers', async () => {
    for (const path of ['/api/health', '/', '/c/no-such-category']) {
      const answer = await call(path);
      expect(Object.keys(answer.headers).filter((name) => name.startsWith('x-middleware-')), path).toEqual([]);
      expect(JSON.stringify(answer.headers), path).not.toMatch(/127\.0\.0\.1:\d+/);
    }
  });

  it('answers TRACE and other unknown methods 405 with Allow, in the envelope', async () => {
    for (const [method, path] of [
      ['TRACE', '/'],
      ['TRACE', '/api/health'],
      ['PROPFIND', '/c/qualsiasi'],
      ['PUT', '/'],
    ] as const) {
      const answer = await call(path, { method });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers['allow'], `${method} ${path}`).toMatch(/^GET, HEAD, POST/);
      expect(JSON.parse(answer.body)).toEqual({ code: 405, result: `Method ${method} is not allowed` });
    }
  });

  it('answers a query string too long to parse with a small 431 in the envelope', async () => {
    const answer = await call(`/api/health?q=${'a'.repeat(20_000)}`);
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ code: 431, result: 'Request header fields too large' });
    expect(JSON.stringify(answer.headers).length + answer.body.length).toBeLessThan(1_000);
  });

  it('answers a request line it cannot parse with a 400 in the envelope', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      let answer = '';
      const socket = connect(Number(base.port), base.hostname, () => socket.write('NOT A REQUEST\r\n\r\n'));
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw.slice(raw.indexOf('\r\n\r\n') + 4)).toBe(JSON.stringify({ code: 400, result: 'Bad request' }));
  });

  it('keeps long but acceptable URLs small in the answer headers', async () => {
    const answer = await call(`/api/health?q=${'a'.repeat(10_000)}`);
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.headers).length).toBeLessThan(1_000);
  });
});
