// `npm run test:e2e`: the browser tests alone, with what they need (Debian's chromium, a build).
import { ensureChromium } from './lib/chromium.mjs';
import { buildStorefrontIfStale, run } from './lib/processes.mjs';

ensureChromium();
await buildStorefrontIfStale();
process.exit(await run('npx', ['vitest', 'run', '--project', 'e2e', ...process.argv.slice(2)], { env: { ...process.env, DATABASE_URL: '' } }));
