// `npm test`: every check, in order of cost. Prints one closing line "N passed, N failed".
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureChromium } from './lib/chromium.mjs';
import { DEFAULT_TEST_DATABASE_URL, serverReachable } from './lib/postgres.mjs';
import { ensureXmllint } from './lib/xmllint.mjs';
import { buildStorefrontIfStale, repoRoot, run } from './lib/processes.mjs';

const reportDir = join(repoRoot, 'var/test-reports');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each failed test as "step: file › test — first line of its error", printed last (CI shows only the end of the output). */
const failedTests = [];

async function step(name, command, args, env = {}) {
  console.log(`\n=== ${name}`);
  const code = await run(command, args, { env: { ...process.env, ...env } });
  if (code !== 0) failures.push(name);
  return code;
}

const vitestArgs = (project, report) => ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
const reportOf = (name) => join(reportDir, `${name.replace(/\W+/g, '-')}.json`);

/** Adds a Vitest JSON report's counts to the totals, and its failed tests to the list. */
function count(name, report) {
  try {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    for (const file of r.testResults ?? []) {
      const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failed) failedTests.push(`${name}: ${relative(repoRoot, file.name)} › ${test.fullName} — ${firstLine(test.failureMessages?.[0])}`);
      if (failed.length === 0 && file.status === 'failed') failedTests.push(`${name}: ${relative(repoRoot, file.name)} — ${firstLine(file.message)}`);
    }
  } catch {
    totals.failed += 1; // the runner died before writing its report
  }
}

const firstLine = (text) => (text ?? '').replace(/\x1b\[[0-9;]*m/g, '').split('\n').find((line) => line.trim())?.trim().slice(0, 300) ?? '';

async function vitest(name, project, env = {}) {
  await step(name, 'npx', vitestArgs(project, reportOf(name)), env);
  count(name, reportOf(name));
}

/**
 * A step whose output is kept and printed whole when it ends, so that two steps can share the
 * machine without interleaving their lines. Resolves when it has ended (a failure is recorded).
 */
function quietly(name, command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env, FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('exit', (code, signal) => {
      console.log(`\n=== ${name}`);
      process.stdout.write(Buffer.concat(output));
      if ((code ?? (signal ? 1 : 0)) !== 0) failures.push(name);
      resolve();
    });
  });
}

const vitestQuietly = (name, project, env) => quietly(name, 'npx', vitestArgs(project, reportOf(name)), env).then(() => count(name, reportOf(name)));

/** Runs the steps two at a time (the machines have two cores; each of these uses one). */
async function twoAtATime(steps) {
  const queue = [...steps];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await next();
  };
  await Promise.all([lane(), lane()]);
}

await twoAtATime([
  () => quietly('type check (packages, API, scripts)', 'npx', ['tsc', '-p', 'tsconfig.json']),
  () => quietly('type check (storefront)', 'npx', ['tsc', '-p', 'apps/storefront/tsconfig.json']),
  () => quietly('lint', 'npx', ['eslint', '.']),
  () => quietly('type check (back office)', 'npx', ['tsc', '-p', 'apps/admin/tsconfig.json']),
  () => quietly('type check (browser tests)', 'npx', ['tsc', '-p', 'e2e/tsconfig.json']),
]);
try {
  // Unit and API tests check every FatturaPA file with xmllint (modules/invoices).
  ensureXmllint();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failures.push('xmllint (libxml2-utils) for the FatturaPA schema checks');
}
// Installed (where missing) before the tests start: it blocks this process, which must keep
// reading the output of the API runs later.
let chromium = true;
try {
  ensureChromium();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failures.push('browser tests (no chromium)');
  chromium = false;
}
await vitest('unit tests', 'unit');
// The API tests on the two databases run side by side: each runs its files one after another and
// spends much of its time waiting on its database, so together they take little more than the longer.
const pgUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
console.log('\n=== API tests on embedded PGlite and on PostgreSQL, side by side (each one\'s output follows when it ends)');
// The OpenAPI fuzz checks the same validation on both: the embedded run, the longer, samples 60
// requests per operation and the server's 40 (the fuzz test's own default is 100).
const apiRuns = [vitestQuietly('API tests on embedded PGlite', 'api', { DATABASE_URL: '', FUZZ_RUNS: process.env.FUZZ_RUNS ?? '60' })];
if (await serverReachable(pgUrl)) {
  apiRuns.push(vitestQuietly('API tests on PostgreSQL', 'api', { DATABASE_URL: pgUrl, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '40' }));
} else {
  console.log(`\n=== API tests on PostgreSQL: skipped, no server at ${pgUrl} (set TEST_DATABASE_URL)`);
  failures.push('API tests on PostgreSQL (no server; CI starts one)');
}
// The storefront is built as soon as one of them has ended, on the core it leaves free.
const built = !chromium
  ? Promise.resolve(false)
  : Promise.race(apiRuns)
      .then(async () => {
        await buildStorefrontIfStale();
        return true;
      })
      .catch((error) => {
        console.error(error instanceof Error ? error.message : error);
        failures.push('browser tests (storefront build)');
        return false;
      });
await Promise.all(apiRuns);
if (await built) await vitest('browser tests', 'e2e', { DATABASE_URL: '' });

console.log('');
if (failedTests.length) console.log(`Failed tests:\n${failedTests.map((line) => `  ${line}`).join('\n')}`);
if (failures.length) console.log(`Failed steps: ${failures.join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
