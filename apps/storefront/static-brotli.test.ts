import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM build step
import { precompress } from '../../scripts/precompress.mjs';
// @ts-expect-error -- plain ESM module loaded by the front server at run time
import { acceptsBrotli, brotliStatic } from './static-brotli.mjs';

const SCRIPT = 'self.chunk = "tiles";'.repeat(50);
const STYLE = '.tile{display:grid}'.repeat(50);
let dist: string;
let server: Server;
let base: string;

beforeAll(async () => {
  // A build as Next leaves it: its header rules in routes-manifest.json, its files under static/.
  dist = mkdtempSync(join(tmpdir(), 'next-dist-'));
  mkdirSync(join(dist, 'static/chunks'), { recursive: true });
  mkdirSync(join(dist, 'static/media'));
  writeFileSync(join(dist, 'static/chunks/a.js'), SCRIPT);
  writeFileSync(join(dist, 'static/chunks/b.css'), STYLE);
  writeFileSync(join(dist, 'static/chunks/late.js'), SCRIPT);
  writeFileSync(join(dist, 'static/media/font.woff2'), 'woff2');
  const rule = { source: '/:path((?!api/).*)', regex: '^(?:/((?!api/).*))(?:/)?$', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }, { key: 'X-Frame-Options', value: 'DENY' }] };
  writeFileSync(join(dist, 'routes-manifest.json'), JSON.stringify({ headers: [rule] }));
  expect(precompress(join(dist, 'static')).sort()).toEqual(['chunks/a.js', 'chunks/b.css', 'chunks/late.js']);
  // A file added after the build's copies were made has none: Next answers it.
  rmSync(join(dist, 'static/chunks/late.js.br'));
  const send = brotliStatic(dist);
  server = createServer((req, res) => {
    if (send(req, res)) return;
    res.writeHead(299, { 'content-type': 'text/plain' });
    res.end('left to Next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(dist, { recursive: true, force: true });
});

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe("the build's scripts and styles in brotli", () => {
  it('sends the copy with the headers Next would, its type and a year of caching', async () => {
    for (const [path, body, type] of [['/_next/static/chunks/a.js', SCRIPT, 'application/javascript'], ['/_next/static/chunks/b.css?dpl=1', STYLE, 'text/css']] as const) {
      const response = await fetch(`${base}${path}`, { headers: BROWSER });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('content-type')).toContain(type);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect([response.headers.get('x-content-type-options'), response.headers.get('x-frame-options')]).toEqual(['nosniff', 'DENY']);
      expect(Number(response.headers.get('content-length'))).toBeLessThan(body.length / 5);
      // fetch decodes it: the same file.
      expect(await response.text()).toBe(body);
    }
    const head = await fetch(`${base}/_next/static/chunks/a.js`, { method: 'HEAD', headers: BROWSER });
    expect([head.status, head.headers.get('content-encoding'), await head.text()]).toEqual([200, 'br', '']);
  });

  it('leaves to Next a client without brotli, other methods, files without a copy and fonts', async () => {
    for (const encodings of ['gzip', 'br;q=0, gzip', 'identity']) {
      expect((await fetch(`${base}/_next/static/chunks/a.js`, { headers: { 'accept-encoding': encodings } })).status, encodings).toBe(299);
    }
    expect((await fetch(`${base}/_next/static/chunks/a.js`, { method: 'POST', headers: BROWSER })).status).toBe(299);
    for (const path of ['/_next/static/chunks/late.js', '/_next/static/media/font.woff2', '/_next/static/chunks/a.js.br', '/_next/static/chunks/%61.js']) {
      expect((await fetch(`${base}${path}`, { headers: BROWSER })).status, path).toBe(299);
    }
  });

  it('reads Accept-Encoding as RFC 9110 says: a q of 0 refuses', () => {
    expect(['br', 'gzip, deflate, br, zstd', 'BR;q=0.5', 'gzip;q=1.0, br; q=0.1'].every(acceptsBrotli)).toBe(true);
    expect(['gzip', 'br;q=0', 'br;q=0.0, gzip', 'brotli', '', undefined].some(acceptsBrotli)).toBe(false);
  });
});
