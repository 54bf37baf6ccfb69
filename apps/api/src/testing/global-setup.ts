import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@shop/db';
import { seedDemoCatalog } from '../seed/seed-demo.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, seeded embedded database directory that test files copy. */
    pgliteTemplateDir: string;
    /** Name of a migrated, seeded PostgreSQL database that test files clone. */
    postgresTemplateDb: string;
  }
}

/** Demo catalogue size of the template every API test starts from. */
export const TEMPLATE_PRODUCTS = 400;

/**
 * Creating a PGlite database (initdb) takes seconds; copying one takes milliseconds. So the API
 * tests migrate and seed one template per run and give every test file a copy of it.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `shop_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir() });
    await seedDemoCatalog(database.db, TEMPLATE_PRODUCTS);
    await database.close();
    project.provide('postgresTemplateDb', name);
    project.provide('pgliteTemplateDir', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'shop-api-template-'));
  const database = await openDatabase({ dataDir: dir });
  await seedDemoCatalog(database.db, TEMPLATE_PRODUCTS);
  await database.close();
  project.provide('pgliteTemplateDir', dir);
  project.provide('postgresTemplateDb', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
