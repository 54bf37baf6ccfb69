// `npm test`: every check, in order of cost. Prints one closing line "N passed, N failed".
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './lib/chromium.mjs';
import { DEFAULT_TEST_DATABASE_URL, serverReachable } from './lib/postgres.mjs';
import { ensureXmllint } from './lib/xmllint.mjs';
import { buildStorefrontIfStale, repoRoot, run } from './lib/processes.mjs';

const reportDir = join(repoRoot, 'var/test-reports');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

async function step(name, command, args, env = {}) {
  console.log(`\n=== ${name}`);
  const code = await run(command, args, { env: { ...process.env, ...env } });
  if (code !== 0) failures.push(name);
  return code;
}

async function vitest(name, project, env = {}) {
  const report = join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  await step(name, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
  try {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  } catch {
    totals.failed += 1; // the runner died before writing its report
  }
}

await step('type check (packages, API, scripts)', 'npx', ['tsc', '-p', 'tsconfig.json']);
await step('type check (storefront)', 'npx', ['tsc', '-p', 'apps/storefront/tsconfig.json']);
await step('type check (back office)', 'npx', ['tsc', '-p', 'apps/admin/tsconfig.json']);
await step('type check (browser tests)', 'npx', ['tsc', '-p', 'e2e/tsconfig.json']);
await step('lint', 'npx', ['eslint', '.']);
try {
  // Unit and API tests check every FatturaPA file with xmllint (modules/invoices).
  ensureXmllint();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failures.push('xmllint (libxml2-utils) for the FatturaPA schema checks');
}
await vitest('unit tests', 'unit');
await vitest('API tests on embedded PGlite', 'api', { DATABASE_URL: '' });

const pgUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
if (await serverReachable(pgUrl)) {
  await vitest('API tests on PostgreSQL', 'api', { DATABASE_URL: pgUrl });
} else {
  console.log(`\n=== API tests on PostgreSQL: skipped, no server at ${pgUrl} (set TEST_DATABASE_URL)`);
  failures.push('API tests on PostgreSQL (no server; CI starts one)');
}

try {
  ensureChromium();
  await buildStorefrontIfStale();
  await vitest('browser tests', 'e2e', { DATABASE_URL: '' });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failures.push('browser tests');
}

console.log('');
if (failures.length) console.log(`Failed steps: ${failures.join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
