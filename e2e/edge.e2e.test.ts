import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { freePort, storefrontDir, waitForUrl } from '../scripts/lib/processes.mjs';
import { copyBuild, removeBuild, startOwnShop } from './own-shop.ts';

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
function call(
  path: string,
  init: { method?: string; headers?: Record<string, string>; localAddress?: string; origin?: URL } = {},
): Promise<Answer> {
  const origin = init.origin ?? base;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: origin.hostname, port: origin.port, path, method: init.method ?? 'GET', headers: init.headers, localAddress: init.localAddress },
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

async function oneWrongCoupon(localAddress: string, headers: Record<string, string> = {}, origin = base): Promise<number> {
  const created = await call('/api/cart/create', { method: 'POST', localAddress, headers, origin });
  const cart = (JSON.parse(created.body) as { result: string }).result;
  return (await call(`/api/cart/apply-coupon?cartId=${cart}&coupon=WRONG-${Math.random()}`, { method: 'POST', localAddress, headers, origin })).status;
}

describe('client address behind the storefront', () => {
  it("one shopper's wrong coupon codes do not lock out another, and X-Forwarded-For from the public is not believed", async () => {
    // The attacker names a new address on every call: the storefront replaces it with the real one.
    for (let i = 0; i < 20; i++) expect(await oneWrongCoupon('127.0.0.2', { 'x-forwarded-for': `198.51.100.${i}` })).toBe(400);
    expect(await oneWrongCoupon('127.0.0.2', { 'x-forwarded-for': '198.51.100.250' })).toBe(429);
    expect(await oneWrongCoupon('127.0.0.3')).toBe(400);
  });
});

describe('client address behind a reverse proxy of the shop (SHOP_TRUSTED_PROXIES)', () => {
  it('believes the X-Forwarded-For of the listed proxy only', async () => {
    const shop = await startOwnShop('edge-proxy', { SHOP_TRUSTED_PROXIES: '127.0.0.4' });
    try {
      const origin = new URL(shop.url);
      const viaProxy = (client: string) => oneWrongCoupon('127.0.0.4', { 'x-forwarded-for': client }, origin);
      for (let i = 0; i < 20; i++) expect(await viaProxy('198.51.100.77')).toBe(400);
      expect(await viaProxy('198.51.100.77')).toBe(429);
      expect(await viaProxy('198.51.100.78')).toBe(400);
      // Any other peer is the client itself, whatever it says.
      for (let i = 0; i < 20; i++) expect(await oneWrongCoupon('127.0.0.5', { 'x-forwarded-for': `192.0.2.${i}` }, origin)).toBe(400);
      expect(await oneWrongCoupon('127.0.0.5', { 'x-forwarded-for': '192.0.2.200' }, origin)).toBe(429);
    } finally {
      await shop.stop();
    }
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

  /** The raw answer of the front server to bytes written straight to its socket. */
  const rawAnswer = (bytes: string) =>
    new Promise<string>((resolve, reject) => {
      let answer = '';
      const socket = connect(Number(base.port), base.hostname, () => socket.write(bytes));
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });

  it('answers a request line it cannot parse with a 400 in the envelope', async () => {
    const raw = await rawAnswer('NOT A REQUEST\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw.slice(raw.indexOf('\r\n\r\n') + 4)).toBe(JSON.stringify({ code: 400, result: 'Bad request' }));
  });

  it('answers CONNECT 405 with Allow in the envelope, like TRACE (issue 43)', async () => {
    const raw = await rawAnswer('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 405 /);
    expect(raw).toMatch(/\r\nAllow: GET, HEAD, POST\r\n/);
    expect(raw.slice(raw.indexOf('\r\n\r\n') + 4)).toBe(JSON.stringify({ code: 405, result: 'Method CONNECT is not allowed' }));
  });

  it('keeps long but acceptable URLs small in the answer headers', async () => {
    const answer = await call(`/api/health?q=${'a'.repeat(10_000)}`);
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.headers).length).toBeLessThan(1_000);
  });
});

describe('an API that does not answer', () => {
  it('gets /api callers a 502 in the envelope, not a plain-text 500', async () => {
    // A storefront of its own whose API address nobody listens on: port 1 (tcpmux), not a port
    // freed a moment ago, which another test's server may take meanwhile (CI once got its 404).
    const distName = copyBuild('edge');
    const port = (await freePort()) as number;
    const deadApi = 1;
    const web = spawn(process.execPath, ['front-server.mjs', '-p', String(port), '-H', '127.0.0.1'], {
      cwd: storefrontDir as string,
      env: { ...process.env, NEXT_DIST_DIR: distName, API_INTERNAL_URL: `http://127.0.0.1:${deadApi}` },
      stdio: 'ignore',
    });
    try {
      const origin = new URL(`http://127.0.0.1:${port}`);
      await waitForUrl(`${origin.href}robots.txt`, { timeoutMs: 60_000, isAlive: () => web.exitCode === null });
      for (const method of ['GET', 'POST']) {
        const answer = await call('/api/cart/create', { method, origin });
        expect(answer.status, method).toBe(502);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        expect(JSON.parse(answer.body)).toEqual({ code: 502, result: 'The shop is not answering right now: please try again in a moment' });
      }
    } finally {
      const exited = new Promise((resolve) => web.once('exit', resolve));
      web.kill('SIGTERM');
      await exited;
      removeBuild(distName);
    }
  });
});
