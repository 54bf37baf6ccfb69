import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { freePort } from '../../scripts/lib/processes.mjs';
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { startProduction } from '../../scripts/lib/topology.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The edge cache: the shop's public port. */
    edgeUrl: string;
    /** Each storefront instance and each API instance, straight. */
    storefronts: string[];
    apis: string[];
    /** Process ids of the storefront instances as started (the topology restarts one that dies). */
    storefrontPids: number[];
    /** Process ids of the API instances as started. */
    apiPids: number[];
    /** Process id of the storefronts' shared page cache (Redis) as started. */
    redisPid: number;
    /** Where the shared page cache (Redis) listens. */
    redisUrl: string;
    adminToken: string;
    /** Each process's standard output (request and access logs): edge.log, storefront-N.log, api-N.log. */
    logDir: string;
    /** Each storefront's and API's metrics (ADR 0033). */
    metrics: string[];
  }
}

/**
 * The production topology of `npm run start:prod` (edge cache, two storefront and two API
 * instances) on the PostgreSQL database `npm run test:prod` made for this run.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('The production tests need DATABASE_URL: run them with npm run test:prod');
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-prod-'));
  const shop = await startProduction({
    port: await freePort(),
    instances: 2,
    // Every test request comes from 127.0.0.1: the per-address limits would count them as one shopper.
    env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, HOST: '127.0.0.1', DEMO_PRODUCTS: '300', CART_CREATE_LIMIT: '100000', REGISTER_LIMIT: '100000', REGISTER_CHALLENGE_AFTER: '100000', REGISTER_DOMAIN_LIMIT: '100000', WRITE_LIMIT: '100000' },
    stdio: ['ignore', 'ignore', 'inherit'],
    logDir: join(dataDir, 'logs'),
  });
  project.provide('edgeUrl', shop.url);
  project.provide('storefronts', shop.storefronts);
  project.provide('apis', shop.apis);
  project.provide('adminToken', shop.adminToken);
  project.provide('logDir', shop.logDir);
  project.provide('metrics', shop.units.flatMap((unit: { metrics?: string }) => (unit.metrics ? [unit.metrics] : [])));
  const pids = (prefix: string) => shop.units.filter((unit: { name: string }) => unit.name.startsWith(prefix)).map((unit: { child: { pid: number } }) => unit.child.pid);
  project.provide('storefrontPids', pids('storefront'));
  project.provide('apiPids', pids('API'));
  project.provide('redisUrl', shop.redisUrl);
  project.provide('redisPid', shop.units.find((unit: { name: string }) => unit.name.includes('Redis')).child.pid);
  return async () => {
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
