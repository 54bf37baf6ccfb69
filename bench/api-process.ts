import { spawn, type ChildProcess } from 'node:child_process';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { repoRoot, waitForUrl } from '../scripts/lib/processes.mjs';

/**
 * The API as its own process (the client must not share its event loop), on the embedded
 * database in `dataDir`, or on `databaseUrl` when given.
 */
export function startApi(dataDir: string, port: number, products: number, databaseUrl = ''): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: repoRoot as string,
    // The cart and checkout benchmarks are one client writing as fast as it can: not a flood to refuse.
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, API_PORT: String(port), DEMO_PRODUCTS: String(products), CART_CREATE_LIMIT: '1000000', WRITE_LIMIT: '1000000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export async function timedStart(dataDir: string, port: number, products: number, databaseUrl?: string): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now();
  const child = startApi(dataDir, port, products, databaseUrl);
  await waitForUrl(`http://127.0.0.1:${port}/api/health`, { isAlive: () => child.exitCode === null });
  return { child, ms: performance.now() - started };
}
