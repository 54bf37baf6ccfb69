import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM module loaded by the front server at run time
import { isBackOfficePath, serveBackOffice } from './back-office.mjs';
// @ts-expect-error -- plain ESM build step
import { precompress } from '../../scripts/precompress.mjs';

let dist: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'admin-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>BO</title>');
  writeFileSync(join(dist, 'assets/app-1.js'), 'export {}');
  writeFileSync(join(dist, 'assets/app-2.js'), 'export const b = 2;');
  precompress(join(dist, 'assets'));
  writeFileSync(join(tmpdir(), 'outside.js'), 'secret');
  server = createServer((req, res) => void serveBackOffice(req, res, `${dist}/`));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(join(tmpdir(), 'outside.js'), { force: true });
});

describe('the back office at /admin', () => {
  it('answers its client routes with index.html: not stored, not indexed, own scripts only', async () => {
    for (const path of ['/admin/', '/admin/ordini/000000123', '/admin/accedi?x=1']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<title>BO</title>');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self';");
    }
  });

  it('serves hashed assets privately and nothing outside its build', async () => {
    const asset = await fetch(`${base}/admin/assets/app-1.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toMatch(/^private\b/);
    expect((await fetch(`${base}/admin/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}/admin/..%2Foutside.js`)).status).toBe(404);
    expect((await fetch(`${base}/admin/assets/app-1.js`, { method: 'POST' })).status).toBe(405);
    const bare = await fetch(`${base}/admin`, { redirect: 'manual' });
    expect([bare.status, bare.headers.get('location')]).toEqual([308, '/admin/']);
  });

  it("sends a script's brotli copy to a browser that takes brotli, and the file itself otherwise", async () => {
    const brotli = await fetch(`${base}/admin/assets/app-2.js`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect([brotli.headers.get('content-encoding'), brotli.headers.get('vary')]).toEqual(['br', 'Accept-Encoding']);
    expect(brotli.headers.get('cache-control')).toMatch(/^private\b/);
    // fetch decodes it: the same script.
    expect(await brotli.text()).toBe('export const b = 2;');
    for (const encodings of ['gzip', 'br;q=0, gzip']) {
      const plain = await fetch(`${base}/admin/assets/app-2.js`, { headers: { 'accept-encoding': encodings } });
      expect(plain.headers.get('content-encoding'), encodings).toBeNull();
      expect(await plain.text()).toBe('export const b = 2;');
    }
  });

  it('claims /admin and what is under it only', () => {
    expect(['/admin', '/admin/', '/admin?x', '/admin/ordini'].every(isBackOfficePath)).toBe(true);
    expect(['/administrator', '/api/admin/orders', '/c/admin'].some(isBackOfficePath)).toBe(false);
  });
});
