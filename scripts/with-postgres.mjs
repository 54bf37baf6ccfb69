// `npm run test:api:pg`: the API tests against a PostgreSQL server (TEST_DATABASE_URL).
import { DEFAULT_TEST_DATABASE_URL, serverReachable } from './lib/postgres.mjs';
import { run } from './lib/processes.mjs';

const url = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
if (!(await serverReachable(url))) {
  console.error(`No PostgreSQL server at ${url}. Start one or set TEST_DATABASE_URL.`);
  process.exit(1);
}
const [command, ...args] = process.argv.slice(2);
process.exit(await run(command === 'vitest' ? 'npx' : command, command === 'vitest' ? ['vitest', ...args] : args, { env: { ...process.env, DATABASE_URL: url } }));
