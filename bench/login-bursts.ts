// Sign-in under bursts for `npm run bench` (issue #43 point 2): a third customer's login p95 while
// (a) 120 registrations arrive at once from one address, (b) 100 failed logins for one account
// arrive from 100 addresses, and (c) 100 failed logins for 100 unknown e-mails from 100 addresses
// (every one a password check); with the hashing queue's peak and the 503s it shed. Addresses
// come as X-Forwarded-For from the trusted loopback proxy (README, TRUSTED_PROXIES). The shop's own
// limits, on the embedded database and on PostgreSQL when a server answers. Target: p95 ≤ 500 ms. Alone: `node --import tsx bench/login-bursts.ts`.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { freePort, repoRoot } from '../scripts/lib/processes.mjs';
import { stop, timedStart } from './api-process.ts';
import { percentile } from './load.ts';
import { withBenchDatabase } from './pg-database.ts';

const PASSWORD = 'Bench-password-1';
const TARGET_P95_MS = 500;

interface Answer {
  status: number;
  ms: number;
}

async function post(base: string, path: string, body: unknown, address: string): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

interface QueueStats {
  running: number;
  queued: number;
  peakQueued: number;
  shed: number;
}
const queueStats = async (base: string) => ((await (await fetch(`${base}/api/health/password-hashing`)).json()) as { result: QueueStats }).result;

const signIn = (base: string, email: string) => post(base, '/api/user/login', { username: email, password: PASSWORD }, '203.0.113.250');

/** The third customer signs in one login after another while `burst` runs (and at least `minimum` times). */
async function duringBurst(base: string, email: string, burst: () => Promise<Answer[]>, minimum = 10) {
  let done = false;
  let maxQueued = 0;
  const sampler = (async () => {
    while (!done) {
      maxQueued = Math.max(maxQueued, (await queueStats(base)).queued);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const before = await queueStats(base);
  const answers = burst().finally(() => (done = true));
  const logins: Answer[] = [];
  while (!done || logins.length < minimum) logins.push(await signIn(base, email));
  const burstAnswers = await answers;
  await sampler;
  const after = await queueStats(base);
  return { logins, burstAnswers, maxQueued: Math.max(maxQueued, after.peakQueued > before.peakQueued ? after.peakQueued : 0), shed: after.shed - before.shed };
}

function describe(label: string, run: { logins: Answer[]; burstAnswers: Answer[]; maxQueued: number; shed: number }): string[] {
  const ms = run.logins.map((a) => a.ms).sort((a, b) => a - b);
  const statuses = new Map<number, number>();
  for (const a of run.burstAnswers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
  const failedLogins = run.logins.filter((a) => a.status !== 200).length;
  const p95 = percentile(ms, 95);
  return [
    `${label}: third customer's login p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${ms.at(-1)!.toFixed(0)} ms over ${ms.length} logins (${failedLogins} not 200) ${p95 <= TARGET_P95_MS ? '✓' : '✗'} ≤ ${TARGET_P95_MS} ms`,
    `${label}: burst answers ${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(', ')}; hashing queue at most ${run.maxQueued} waiting; ${run.shed} shed with 503`,
  ];
}

export async function loginBurstsBench(base: string): Promise<string[]> {
  const third = 'terzo-cliente@example.it';
  const victim = 'bersaglio@example.it';
  await post(base, '/api/user/create', { customer: { email: third, firstname: 'Terzo', lastname: 'Cliente' }, password: PASSWORD }, '203.0.113.251');
  await post(base, '/api/user/create', { customer: { email: victim, firstname: 'Bersaglio', lastname: 'Cliente' }, password: PASSWORD }, '203.0.113.252');

  const idle: Answer[] = [];
  for (let i = 0; i < 20; i++) idle.push(await signIn(base, third));
  const idleMs = idle.map((a) => a.ms).sort((a, b) => a - b);
  const lines = [`idle: third customer's login p50 ${percentile(idleMs, 50).toFixed(0)} ms, p95 ${percentile(idleMs, 95).toFixed(0)} ms`];

  const registrations = await duringBurst(base, third, () =>
    Promise.all(Array.from({ length: 120 }, (_, i) => post(base, '/api/user/create', { customer: { email: `raffica${i}@example.it`, firstname: 'Raffica', lastname: 'Cliente' }, password: PASSWORD }, '198.51.100.7'))),
  );
  lines.push(...describe('(a) 120 registrations from one address', registrations));

  const oneAccount = await duringBurst(base, third, () =>
    Promise.all(Array.from({ length: 100 }, (_, i) => post(base, '/api/user/login', { username: victim, password: `Sbagliata-${i}` }, `198.18.${i}.1`))),
  );
  lines.push(...describe('(b) 100 failed logins for one account from 100 addresses', oneAccount));

  const manyAccounts = await duringBurst(base, third, () =>
    Promise.all(Array.from({ length: 100 }, (_, i) => post(base, '/api/user/login', { username: `ignoto${i}@example.it`, password: `Sbagliata-${i}` }, `198.19.${i}.1`))),
  );
  lines.push(...describe('(c) 100 failed logins for 100 e-mails from 100 addresses', manyAccounts));
  return lines.map((line) => `login bursts ${line}`);
}

/** The bursts with the shop's default limits on a fresh embedded database, then on a fresh PostgreSQL database when one answers. */
export async function benchLoginBursts(say: (line: string) => void): Promise<void> {
  const dataDir = join(repoRoot as string, 'var/bench/login-bursts');
  const runOn = async (label: string, databaseUrl?: string) => {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const port = await freePort();
    const { child } = await timedStart(dataDir, port, 100, databaseUrl);
    try {
      for (const line of await loginBurstsBench(`http://127.0.0.1:${port}`)) say(line.replace('login bursts ', `login bursts (${label}) `));
    } finally {
      await stop(child);
    }
  };
  await runOn('embedded');
  await withBenchDatabase(`bench_login_bursts_${process.pid}`, (url) => runOn('PostgreSQL', url));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log('## Login bursts');
  await benchLoginBursts(console.log);
}
