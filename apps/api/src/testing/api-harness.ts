import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { TEST_BANK_ACCOUNT, type ApiConfig } from '../config.ts';
import { DEFAULT_WRITE_LIMITS } from '../http/write-limit.ts';
import { DEFAULT_SIGN_IN_DEFENCE } from '../modules/accounts/defence-config.ts';
import { DEFAULT_CART_LIMITS } from '../modules/cart/limits.ts';
import { startApi, type RunningApi } from '../start-api.ts';
import { TEMPLATE_PRODUCTS } from './global-setup.ts';

export interface TestApi extends RunningApi {
  /** The instance's DATA_DIR (its admin token, the embedded database when there is no DATABASE_URL). */
  dataDir: string;
  /** Its PostgreSQL database, password and all; undefined on the embedded database. */
  databaseUrl: string | undefined;
  /** GET or POST to the API, returning status and parsed JSON (or text when not JSON). */
  call(path: string, init?: { method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  /**
   * Another API instance on the same database and configuration, as in production (ADR 0024);
   * PostgreSQL only: the embedded database allows one process per data directory.
   */
  anotherInstance(): Promise<TestApi>;
  /** Stops the instance; the first one also drops the database. */
  dispose(): Promise<void>;
}

/**
 * A fresh database for one test file, copied from the run's seeded template (global-setup.ts):
 * a PostgreSQL database cloned next to DATABASE_URL's when that is set (the same tests then run
 * on the server), else a copy of the embedded template directory.
 */
export async function freshDatabase(fromTemplate: boolean): Promise<{ databaseUrl?: string; dataDir: string; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-api-test-'));
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    if (fromTemplate) cpSync(inject('pgliteTemplateDir'), dataDir, { recursive: true });
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `shop_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${fromTemplate ? ` TEMPLATE ${inject('postgresTemplateDb')}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startTestApi(overrides: Partial<ApiConfig> = {}): Promise<TestApi> {
  // seedDemo: false asks for an empty catalogue: a new database instead of the seeded template.
  return startTestApiOn(await freshDatabase(overrides.seedDemo !== false), overrides);
}

/** A test API on a database the test prepared (a restored backup, say); dispose() stops it and calls `db.drop`. */
export async function startTestApiOn(db: { databaseUrl?: string | undefined; dataDir: string; drop(): Promise<void> }, overrides: Partial<ApiConfig> = {}): Promise<TestApi> {
  const config: ApiConfig = {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: db.databaseUrl,
    dataDir: db.dataDir,
    poolSize: 4,
    defaultCountry: 'IT',
    seedDemo: true,
    demoProducts: TEMPLATE_PRODUCTS,
    logRequests: false,
    bankAccount: TEST_BANK_ACCOUNT,
    paymentTtlMinutes: 60,
    shopUrl: 'http://localhost:3000',
    // Every test file creates its carts and writes from 127.0.0.1; the limits have tests of their own.
    cartLimits: { ...DEFAULT_CART_LIMITS, createsPerWindow: 1_000_000 },
    writeLimits: { ...DEFAULT_WRITE_LIMITS, perWindow: 1_000_000 },
    // Likewise every registration: the registration limits have their tests (accounts/sign-in-defence.api.test.ts).
    signInDefence: { ...DEFAULT_SIGN_IN_DEFENCE, limits: { ...DEFAULT_SIGN_IN_DEFENCE.limits, registerPerHour: 1_000_000, registerChallengeAfter: 1_000_000, registerPerDomain: 1_000_000 } },
    ...overrides,
  };
  return serve(config, db.drop);
}

async function serve(config: ApiConfig, drop: () => Promise<void>): Promise<TestApi> {
  const api = await startApi(config, () => {});
  // Tests search the in-memory index, not the database that answers while it builds.
  await api.app.searchReady;
  return {
    ...api,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    async call(path, init = {}) {
      const hasBody = init.body !== undefined || init.rawBody !== undefined;
      const response = await fetch(`${api.url}${path}`, {
        method: init.method ?? (hasBody ? 'POST' : 'GET'),
        headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...init.headers },
        body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: the test sees the text
      }
      return { status: response.status, body, headers: response.headers };
    },
    async anotherInstance() {
      if (!config.databaseUrl) throw new Error('Another API instance needs PostgreSQL (DATABASE_URL)');
      return serve(config, async () => {});
    },
    async dispose() {
      await api.stop();
      await drop();
    },
  };
}
