import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error -- plain ESM helpers
import { freePort, startShop } from './scripts/lib/processes.mjs';
import { formatLighthouse, lighthouseScores } from './bench/lighthouse.ts';
import { firstLoadJsGzip } from './bench/pages.ts';

const shop = await startShop({ port: await freePort(), apiPort: await freePort(), env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'm-')), DATABASE_URL: '', DEMO_PRODUCTS: '5000' }, stdio: ['ignore', 'ignore', 'inherit'] });
try {
  for (const path of ['/checkout', '/thank-you', '/payment-cancelled']) {
    const js = await firstLoadJsGzip(shop.url, path);
    console.log(`first-load JS ${path}: ${(js / 1024).toFixed(1)} KiB (${(js / 1000).toFixed(1)} kB)`);
  }
  console.log(`Lighthouse mobile /checkout: ${formatLighthouse(await lighthouseScores(`${shop.url}/checkout`))}`);
} finally {
  await shop.stop();
}
