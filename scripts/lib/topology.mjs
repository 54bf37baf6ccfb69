// The production topology on one machine (`npm run start:prod`, ADR 0024): the edge cache on the
// public port, N storefront instances behind it sharing their page cache in Redis, N API
// instances on one PostgreSQL server; storefront i uses API i, or another while API i does not
// answer.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiNodeArgs } from '../../apps/api/memory.mjs';
import { storefrontNodeArgs } from '../../apps/storefront/memory.mjs';
import { accessLogCommand, edgeCommand } from './edge.mjs';
import { freePort, repoRoot, storefrontDir, waitFor, waitForUrl } from './processes.mjs';
import { redisAnswers, redisCommand } from './redis.mjs';
import { checkShopUrl } from './shop-url.mjs';

/**
 * A process of the topology, restarted when it ends on its own (a crash, kill -9): the edge and
 * the other instances serve meanwhile. Resolves once its health URL answers.
 */
async function supervise(name, command, args, { cwd, env, stdio, health, ready, timeoutMs }) {
  const unit = { name, health, child: undefined, stopping: false, restarts: 0 };
  const launch = () => {
    // A log file (logDir) is opened for each start and appended to: a restarted process goes on in it.
    const out = typeof stdio === 'string' && stdio.startsWith('file:') ? openSync(stdio.slice(5), 'a') : undefined;
    const child = spawn(command, args, { cwd, env, stdio: out === undefined ? stdio : ['ignore', out, 'inherit'] });
    if (out !== undefined) closeSync(out);
    unit.child = child;
    child.on('exit', (code, signal) => {
      if (unit.stopping) return;
      unit.restarts += 1;
      console.error(`${name} ended (${code ?? signal}); starting it again`);
      setTimeout(() => unit.stopping || launch(), 1000);
    });
    return child;
  };
  const first = launch();
  try {
    const isAlive = () => first.exitCode === null && first.signalCode === null;
    await (ready ? waitFor(ready, { what: health, timeoutMs, isAlive }) : waitForUrl(health, { timeoutMs, isAlive }));
  } catch (error) {
    unit.stopping = true;
    first.kill('SIGTERM');
    throw new Error(`${name}: ${error instanceof Error ? error.message : error}`, { cause: error });
  }
  unit.stop = async () => {
    unit.stopping = true;
    const child = unit.child;
    if (child.exitCode !== null || child.signalCode) return;
    const ended = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await ended;
  };
  return unit;
}

/**
 * Starts the topology and resolves once every process answers its health URL. The secrets the
 * instances must share (revalidation, admin, customer tokens) are made here when not given.
 * Each API and storefront instance serves its Prometheus metrics on a port of its own (ADR 0033;
 * `metrics` of its unit); with `logDir`, each process's standard output (its request log, the
 * edge's access log) goes to `<logDir>/<unit>.log` instead of `stdio`.
 * The first API instance migrates (and seeds an empty catalogue) before the others start; Kysely
 * runs migrations under a PostgreSQL advisory lock anyway, so a second deploy racing it is safe.
 */
export async function startProduction({ port, instances = 2, env = {}, stdio = 'inherit', logDir }) {
  const baseEnv = { ...process.env, ...env };
  if (!baseEnv.DATABASE_URL) throw new Error('start:prod runs on a PostgreSQL server: set DATABASE_URL=postgres://user:password@host:5432/shop');
  baseEnv.REVALIDATE_SECRET ||= randomBytes(32).toString('hex');
  baseEnv.TOKEN_SECRET ||= randomBytes(32).toString('hex');
  baseEnv.DATA_DIR ||= join(repoRoot, 'var/prod');
  if (!baseEnv.ADMIN_TOKEN) {
    // One for all instances, left where `catalog:import` looks (as a single API does, ADR 0005).
    baseEnv.ADMIN_TOKEN = randomBytes(32).toString('hex');
    mkdirSync(baseEnv.DATA_DIR, { recursive: true });
    writeFileSync(join(baseEnv.DATA_DIR, 'admin-token'), `${baseEnv.ADMIN_TOKEN}\n`, { mode: 0o600 });
  }
  const publicUrl = checkShopUrl(baseEnv, port);
  if (publicUrl.error) throw new Error(publicUrl.error);
  if (publicUrl.warning) console.warn(`\n\u26a0 ${publicUrl.warning}\n`);
  baseEnv.SHOP_URL = publicUrl.url;

  const ports = await Promise.all(Array.from({ length: 4 * instances }, freePort));
  const [apiPorts, webPorts] = [ports.slice(0, instances), ports.slice(instances, 2 * instances)];
  const [apiMetricsPorts, webMetricsPorts] = [ports.slice(2 * instances, 3 * instances), ports.slice(3 * instances)];
  if (logDir) mkdirSync(logDir, { recursive: true });
  /** Where a unit's output goes: its log file under logDir, else as asked. */
  const outputOf = (file) => (logDir ? `file:${join(logDir, `${file}.log`)}` : stdio);
  const apiUrls = apiPorts.map((apiPort) => `http://127.0.0.1:${apiPort}`);
  const storefronts = webPorts.map((webPort) => `http://127.0.0.1:${webPort}`).join(',');
  const edgeUrl = `http://127.0.0.1:${port}`;
  const workDir = mkdtempSync(join(tmpdir(), 'shop-edge-'));
  const units = [];

  const stop = async () => {
    await Promise.all(units.map((unit) => unit.stop()));
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    // The storefronts' shared page cache: a Redis of this topology's own unless REDIS_URL names one.
    if (!baseEnv.REDIS_URL) {
      const redisPort = await freePort();
      const redis = redisCommand({ port: redisPort, memoryMb: Number(baseEnv.REDIS_CACHE_MB ?? 256) });
      units.push(await supervise('shared page cache (Redis)', redis.command, redis.args, { env: baseEnv, stdio, health: `redis://127.0.0.1:${redisPort}`, ready: () => redisAnswers(redisPort), timeoutMs: 30_000 }));
      baseEnv.REDIS_URL = `redis://127.0.0.1:${redisPort}`;
    }
    for (const [i, apiPort] of apiPorts.entries()) {
      // Two malloc arenas: with glibc's default, the native work of libuv's threads (argon2 among
      // it) left a slow RSS rise in the soak; with two, the soak showed none (ADR 0024).
      const apiEnv = { MALLOC_ARENA_MAX: '2', ...baseEnv, API_PORT: String(apiPort), API_HOST: '127.0.0.1', API_METRICS_PORT: String(apiMetricsPorts[i]), STOREFRONT_INTERNAL_URL: storefronts, EDGE_PURGE_URL: edgeUrl };
      const api = await supervise(`API ${i + 1}`, process.execPath, [...apiNodeArgs(apiEnv), '--import', 'tsx', 'apps/api/src/main.ts'], {
        cwd: repoRoot,
        env: apiEnv,
        stdio: outputOf(`api-${i + 1}`),
        health: `http://127.0.0.1:${apiPort}/api/health`,
        timeoutMs: 600_000,
      });
      units.push(Object.assign(api, { metrics: `http://127.0.0.1:${apiMetricsPorts[i]}/metrics` }));
    }
    // Storefront i prefers API i and fails over to the others while it does not answer
    // (apps/storefront/src/lib/api/api-instances.ts); the edge (on this machine) is the proxy whose
    // X-Forwarded-For it keeps.
    const webs = webPorts.map((webPort, i) =>
      supervise(`storefront ${i + 1}`, process.execPath, [...storefrontNodeArgs(baseEnv), 'front-server.mjs', '-p', String(webPort), '-H', '127.0.0.1'], {
        cwd: storefrontDir,
        env: {
          // The allocator's arenas, as for the APIs: with glibc's default they held ~90 MB more (memory.mjs).
          MALLOC_ARENA_MAX: '2',
          ...baseEnv,
          API_INTERNAL_URL: [apiUrls[i], ...apiUrls.filter((_, j) => j !== i)].join(','),
          PORT: String(webPort),
          STOREFRONT_METRICS_PORT: String(webMetricsPorts[i]),
          SHOP_TRUSTED_PROXIES: '127.0.0.1',
          WARM_UP: '1',
        },
        stdio: outputOf(`storefront-${i + 1}`),
        health: `http://127.0.0.1:${webPort}/internal/health`,
        timeoutMs: 120_000,
      }).then((unit) => Object.assign(unit, { metrics: `http://127.0.0.1:${webMetricsPorts[i]}/metrics` })),
    );
    const started = await Promise.allSettled(webs);
    for (const web of started) if (web.status === 'fulfilled') units.push(web.value);
    const failed = started.find((web) => web.status === 'rejected');
    if (failed) throw failed.reason;
    const edge = edgeCommand({
      port,
      host: baseEnv.HOST ?? '0.0.0.0',
      backends: webPorts.map((webPort) => ({ host: '127.0.0.1', port: webPort })),
      workDir,
      memoryMb: Number(baseEnv.EDGE_CACHE_MB ?? 256),
    });
    units.push(await supervise('edge cache', edge.command, edge.args, { env: baseEnv, stdio, health: `${edgeUrl}/internal/edge-health`, timeoutMs: 30_000 }));
    // Its access log, read from the running edge's shared memory.
    const accessLog = accessLogCommand({ workDir });
    units.push(await supervise('edge access log', accessLog.command, accessLog.args, { env: baseEnv, stdio: outputOf('edge'), health: 'varnishncsa', ready: () => true, timeoutMs: 30_000 }));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: edgeUrl,
    publicUrl: publicUrl.url,
    adminToken: baseEnv.ADMIN_TOKEN,
    apis: apiUrls,
    storefronts: webPorts.map((webPort) => `http://127.0.0.1:${webPort}`),
    logDir,
    redisUrl: baseEnv.REDIS_URL,
    units,
    stop,
  };
}
