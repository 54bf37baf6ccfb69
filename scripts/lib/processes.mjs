// Small helpers shared by the start, test and benchmark scripts.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiNodeArgs } from '../../apps/api/memory.mjs';
import { storefrontNodeArgs } from '../../apps/storefront/memory.mjs';
import { startServiceSandboxes } from './sandboxes.mjs';
import { checkShopUrl } from './shop-url.mjs';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const storefrontDir = join(repoRoot, 'apps/storefront');
export const adminDir = join(repoRoot, 'apps/admin');

// Next.js would otherwise try to send anonymous telemetry; this machine has no network for it.
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: repoRoot, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Asks the OS for a free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once a child process has exited. */
const exited = (child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', resolve)));

/**
 * Whether a child started with an IPC channel has reported that it listens (it sends
 * { listening: true }); `notices` collects the lines it asks the parent to print (the API's demo
 * back-office owner).
 */
function saysListening(child, notices = []) {
  let said = false;
  child.on('message', (message) => {
    said ||= message?.listening === true;
    if (typeof message?.notice === 'string') notices.push(message.notice);
  });
  return () => said;
}

/** A started process ended before it answered: e.g. another process took its port first. */
export class ExitedBeforeReady extends Error {}

/** Polls `check` until it holds or the time is up; `what` names what is awaited in the error. */
export async function waitFor(check, { what, timeoutMs = 600_000, isAlive = () => true }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new ExitedBeforeReady(`The process serving ${what} exited before it was ready`);
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/**
 * Polls a URL until it answers (any HTTP status below 500) or the time is up. With `listening`,
 * answers count only once it holds: a child's own word that it listens, so that another process
 * that took the port first is never mistaken for it.
 */
export function waitForUrl(url, options = {}) {
  const { listening = () => true } = options;
  const answers = async () => {
    if (!listening()) return false;
    try {
      return (await fetch(url)).status < 500;
    } catch {
      return false; // not listening yet
    }
  };
  return waitFor(answers, { ...options, what: url });
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.next')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when the storefront has no production build, or its sources changed since. */
export function storefrontBuildIsStale() {
  const buildId = join(storefrontDir, process.env.NEXT_DIST_DIR ?? '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  const sources = [
    join(storefrontDir, 'src'),
    join(storefrontDir, 'messages'),
    join(storefrontDir, 'public'),
    join(storefrontDir, 'next.config.ts'),
    join(storefrontDir, 'cache'),
    // The build's own steps after `next build` (compile hints, brotli copies).
    join(storefrontDir, 'scripts'),
    join(repoRoot, 'scripts/precompress.mjs'),
    join(storefrontDir, 'package.json'),
    join(repoRoot, 'packages/domain/src'),
    join(repoRoot, 'packages/contracts/src'),
  ];
  return sources.some((p) => newestMtime(p) > built);
}

/** True when the back office (apps/admin, served by the storefront's front server at /admin) has no build, or its sources changed since. */
export function adminBuildIsStale() {
  const built = join(adminDir, 'dist/index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  const sources = ['src', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(adminDir, p));
  return [...sources, join(repoRoot, 'packages/contracts/src'), join(repoRoot, 'scripts/precompress.mjs')].some((p) => newestMtime(p) > builtAt);
}

/** Builds what `npm start` serves when it is missing or older than its sources: the back office, then the storefront. */
export async function buildStorefrontIfStale() {
  if (adminBuildIsStale()) {
    console.log('Building the back office (first start or changed sources)…');
    const code = await run('npm', ['run', 'build', '--workspace', '@shop/admin']);
    if (code !== 0) throw new Error(`Back-office build failed with exit code ${code}`);
  }
  if (!storefrontBuildIsStale()) return;
  console.log('Building the storefront (first start or changed sources)…');
  const code = await run('npm', ['run', 'build', '--workspace', '@shop/storefront']);
  if (code !== 0) throw new Error(`Storefront build failed with exit code ${code}`);
}

/**
 * startShop on ports the OS says are free. Another process can take one between that answer and
 * our listen (tests start shops side by side): the process then exits before it is ready, and
 * the shop starts again on new ports, up to three times. Resolves with the shop and its API port.
 */
export async function startShopOnFreePorts(options) {
  for (let attempt = 1; ; attempt++) {
    const apiPort = await freePort();
    try {
      return { ...(await startShop({ ...options, port: await freePort(), apiPort })), apiPort };
    } catch (error) {
      if (attempt === 3 || !(error instanceof ExitedBeforeReady)) throw error;
    }
  }
}

/**
 * Starts the API and the storefront as two processes behind one public port: the storefront
 * listens on `port` and forwards /api/* to the API, which alone opens the database. The API
 * expires the storefront's cache tags after catalogue changes, with a secret made per start.
 */
export async function startShop({ port, apiPort, sandboxPort, env = {}, stdio = 'inherit' }) {
  // An IPC channel besides the given streams: each process reports there that it listens.
  const withIpc = [...(Array.isArray(stdio) ? stdio : [stdio, stdio, stdio]), 'ipc'];
  const baseEnv = { ...process.env, ...env };
  baseEnv.REVALIDATE_SECRET ||= randomBytes(32).toString('hex');
  const publicUrl = checkShopUrl(baseEnv, port);
  if (publicUrl.error) throw new Error(publicUrl.error);
  if (publicUrl.warning) console.warn(`\n\u26a0 ${publicUrl.warning}\n`);
  baseEnv.SHOP_URL = publicUrl.url;
  // Checked before anything starts: a bad PAGE_CACHE_MB would otherwise leave the API running.
  const storefrontArgs = storefrontNodeArgs(baseEnv);
  const sandboxes = await startServiceSandboxes(baseEnv, { apiPort, stdio, firstPort: sandboxPort });
  const api = spawn(process.execPath, [...apiNodeArgs(baseEnv), '--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: repoRoot,
    env: { ...baseEnv, ...sandboxes.apiEnv, API_PORT: String(apiPort), API_HOST: '127.0.0.1', STOREFRONT_INTERNAL_URL: `http://127.0.0.1:${port}` },
    stdio: withIpc,
  });
  let apiExit;
  api.on('exit', (code) => (apiExit = code ?? 1));
  const notices = [];
  const apiListening = saysListening(api, notices);
  try {
    await waitForUrl(`http://127.0.0.1:${apiPort}/api/health`, { isAlive: () => apiExit === undefined, listening: apiListening });
  } catch (error) {
    await sandboxes.stop();
    throw error;
  }

  // Next's handler behind the shop's edge (client address, methods, small error answers).
  const web = spawn(process.execPath, [...storefrontArgs, 'front-server.mjs', '-p', String(port), '-H', baseEnv.HOST ?? '0.0.0.0'], {
    cwd: storefrontDir,
    env: { ...baseEnv, API_INTERNAL_URL: `http://127.0.0.1:${apiPort}`, PORT: String(port) },
    stdio: withIpc,
  });
  let webExit;
  web.on('exit', (code) => (webExit = code ?? 1));
  const webListening = saysListening(web);
  try {
    await waitForUrl(`http://127.0.0.1:${port}/api/health`, { timeoutMs: 120_000, isAlive: () => webExit === undefined, listening: webListening });
  } catch (error) {
    api.kill('SIGTERM');
    web.kill('SIGTERM');
    // Gone before a caller starts again on the same data directory (the API holds its lock).
    await Promise.all([exited(web), exited(api)]);
    await sandboxes.stop();
    throw error;
  }

  const stop = async () => {
    web.kill('SIGTERM');
    api.kill('SIGTERM');
    await Promise.all([exited(web), exited(api)]);
    await sandboxes.stop();
  };
  return { api, web, sandboxes: sandboxes.urls, stop, url: `http://127.0.0.1:${port}`, publicUrl: publicUrl.url, notices };
}
