// `npm run test:prod`: the production topology's tests (e2e/prod, ADR 0024) — Varnish, two
// storefront and two API instances on a fresh database of the PostgreSQL server at
// TEST_DATABASE_URL. Not part of `npm test`: it needs Varnish and a PostgreSQL server.
import { benchServerUrl, withBenchDatabase } from '../bench/pg-database.ts';
import { buildStorefrontIfStale, run } from './lib/processes.mjs';

if (!(await benchServerUrl())) {
  console.error('No PostgreSQL server at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). Start one or set TEST_DATABASE_URL.');
  process.exit(1);
}
await buildStorefrontIfStale();
let code = 1;
await withBenchDatabase(`shop_prodtest_${process.pid}`, async (url) => {
  code = await run('npx', ['vitest', 'run', '--project', 'prod', ...process.argv.slice(2)], { env: { ...process.env, DATABASE_URL: url } });
});
process.exit(code);
