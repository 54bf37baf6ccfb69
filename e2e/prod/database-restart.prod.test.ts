import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { freePort, repoRoot, waitForUrl } from '../../scripts/lib/processes.mjs';
import { privatePostgres, privatePostgresAvailable, type PrivatePostgres } from './private-postgres.ts';

/*
 * PostgreSQL restarted under load (issue #17): the API answers 503 with Retry-After while the
 * database is away, never another error, keeps running, and answers again once it is back.
 */

let postgres: PrivatePostgres;
let api: ChildProcess;
let apiUrl: string;
let dataDir: string;

describe.skipIf(!privatePostgresAvailable)('a PostgreSQL restart (needs root and initdb)', () => {
  beforeAll(async () => {
    postgres = privatePostgres(await freePort());
    dataDir = mkdtempSync(join(tmpdir(), 'shop-pg-api-'));
    const port = await freePort();
    apiUrl = `http://127.0.0.1:${port}`;
    api = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: postgres.url, API_PORT: String(port), DATA_DIR: dataDir, DEMO_PRODUCTS: '100', WRITE_LIMIT: '100000', CART_CREATE_LIMIT: '100000' },
      stdio: 'ignore',
    });
    await waitForUrl(`${apiUrl}/api/health`, { isAlive: () => api.exitCode === null });
  });
  afterAll(() => {
    api?.kill('SIGTERM');
    postgres?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers only 503 with Retry-After while it is down, and recovers without a restart', async () => {
    const seen = new Map<string, number>();
    const requests: [string, RequestInit][] = [
      ['/api/health', {}],
      ['/api/catalog', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ entityType: 'category', size: 1 }) }],
      ['/api/cart/create', { method: 'POST' }],
    ];
    let running = true;
    const load = (async () => {
      while (running) {
        for (const [path, init] of requests) {
          const res = await fetch(`${apiUrl}${path}`, init);
          await res.text();
          const key = `${path} ${res.status}${res.status === 503 ? ` retry-after ${res.headers.get('retry-after')}` : ''}`;
          seen.set(key, (seen.get(key) ?? 0) + 1);
        }
      }
    })();
    const answered = (status: number) => [...seen.keys()].some((key) => key.includes(` ${status}`));
    await expect.poll(() => answered(200)).toBe(true);
    postgres.stop();
    await expect.poll(() => answered(503), { timeout: 20_000 }).toBe(true);
    postgres.start();
    const before = seen.get('/api/health 200') ?? 0;
    await expect.poll(() => (seen.get('/api/health 200') ?? 0) > before, { timeout: 30_000 }).toBe(true);
    running = false;
    await load;
    for (const key of seen.keys()) expect(key).toMatch(/ (200|503 retry-after 5)$/);
    expect(api.exitCode).toBeNull();
  });
});
