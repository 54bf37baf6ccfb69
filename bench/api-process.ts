import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
// @ts-expect-error -- plain ESM shared with the scripts that start the API
import { apiNodeArgs } from '../apps/api/memory.mjs';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { repoRoot, waitFor, waitForUrl } from '../scripts/lib/processes.mjs';

/**
 * The API as its own process (the client must not share its event loop), on the embedded
 * database in `dataDir`, or on `databaseUrl` when given.
 */
export function startApi(dataDir: string, port: number, products: number, databaseUrl = '', env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [...apiNodeArgs(), '--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: repoRoot as string,
    // The cart and checkout benchmarks are one client writing as fast as it can: not a flood to refuse.
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, API_PORT: String(port), DEMO_PRODUCTS: String(products), CART_CREATE_LIMIT: '1000000', WRITE_LIMIT: '1000000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export async function timedStart(dataDir: string, port: number, products: number, databaseUrl?: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now();
  const child = startApi(dataDir, port, products, databaseUrl, env);
  await waitForUrl(`http://127.0.0.1:${port}/api/health`, { isAlive: () => child.exitCode === null });
  return { child, ms: performance.now() - started };
}

/**
 * Waits until the API started with API_METRICS_PORT=`metricsPort` has built its in-memory search
 * index (its metrics say so): at 200,000 products the build takes the first minute's CPU, which a
 * measurement started earlier would count.
 */
export async function searchIndexBuilt(child: ChildProcess, metricsPort: number): Promise<void> {
  const built = async () => {
    try {
      return /^shop_search_index_ready 1$/m.test(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text());
    } catch {
      return false;
    }
  };
  await waitFor(built, { what: 'the search index', isAlive: () => child.exitCode === null });
}

/** A child process's resident memory now and at its highest so far (Linux's VmRSS and VmHWM), in MB. */
export function residentMb(child: ChildProcess): { now: number; peak: number } {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}
