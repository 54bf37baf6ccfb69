import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { startShopOnFreePorts } from '../scripts/lib/processes.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The shop's public address: what absolute URLs (canonical, sitemap, JSON-LD) name. */
    publicUrl: string;
    /** Where the API writes order mails (.eml files). */
    outboxDir: string;
    /** The shop's DATA_DIR: the admin token the back-office tests create staff users with. */
    dataDir: string;
  }
}

/** Starts the real shop (API + storefront, fresh embedded database) once for all browser tests. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  const outboxDir = join(dataDir, 'outbox');
  const shop = await startShopOnFreePorts({
    // Every browser test shops from 127.0.0.1: the per-address cart and write limits would count them all as one shopper.
    // Access tokens live 20 s, so that the account test sees one expire during a visit (and every test refreshes for real).
    // The newsletter popup would cover what the other tests click: e2e/newsletter.e2e.test.ts tests it on a shop of its own.
    env: { DATA_DIR: dataDir, DATABASE_URL: '', DEMO_PRODUCTS: '1500', CART_CREATE_LIMIT: '100000', WRITE_LIMIT: '100000', REGISTER_LIMIT: '100000', REGISTER_CHALLENGE_AFTER: '100000', REGISTER_DOMAIN_LIMIT: '100000', MAIL_OUTBOX_DIR: outboxDir, ACCESS_TOKEN_SECONDS: '20', NEWSLETTER_POPUP: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  project.provide('baseUrl', shop.url);
  project.provide('publicUrl', shop.publicUrl);
  project.provide('outboxDir', outboxDir);
  project.provide('dataDir', dataDir);
  return async () => {
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
