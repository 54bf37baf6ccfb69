import { resolve } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PROCESS_FILES } from './backup/data-dir.ts';
import { lockDataDir } from './driver/data-dir-lock.ts';
import { PgliteWorkerDialect } from './driver/pglite-worker-dialect.ts';
import { PgliteWorkerClient } from './driver/worker-client.ts';
import { migrateToLatest } from './migrations/index.ts';
import type { ShopDatabase } from './schema.ts';

export type Db = Kysely<ShopDatabase>;

export interface DatabaseOptions {
  /** postgres://… to use a PostgreSQL server; otherwise the embedded database is used. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database (created when missing). */
  dataDir: string;
  /** Connections in the server pool. */
  poolSize?: number;
  /** false: leave the schema as found (a backup takes the database as it is); default true. */
  migrate?: boolean;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for logs: a directory or the server URL without password. */
  location: string;
  close(): Promise<void>;
  /** Embedded only: copies the data directory to `target` (new), consistent, the database held still meanwhile (pglite-worker.mjs). */
  snapshotDataDir?(target: string): Promise<void>;
}

// int8 (counts, sums) as JS numbers on the server driver too; PGlite already does this.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** How long an idle pooled connection to a PostgreSQL server is kept. */
const POOL_IDLE_TIMEOUT_MS = 5 * 60_000;

/** The URL without its password, for logs and messages. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unparsable url)';
  }
}

/**
 * Opens the shop database and applies pending migrations. The embedded PGlite database runs in
 * a worker thread and is locked to this process; a server database is reached through a pool.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let database: Database;
  if (options.databaseUrl) {
    // Idle connections are kept for minutes, not pg's 10 s: a new one costs a connection set-up
    // and a server backend whose catalogue caches start empty, which made the first pages after
    // a quiet spell 2-3x slower (ADR 0024).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 8, idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS });
    // An idle client can lose its connection (server restart, terminated backend); pg emits that
    // on the pool, and an unhandled 'error' event would end the process. The pool replaces it.
    pool.on('error', (error) => console.warn(`Database connection lost: ${error.message}`));
    const db = new Kysely<ShopDatabase>({ dialect: new PostgresDialect({ pool }) });
    database = { db, kind: 'postgres', location: redactDatabaseUrl(options.databaseUrl), close: () => db.destroy() };
  } else {
    const dataDir = resolve(options.dataDir);
    const release = lockDataDir(dataDir);
    try {
      const client = await PgliteWorkerClient.start(dataDir);
      const db = new Kysely<ShopDatabase>({ dialect: new PgliteWorkerDialect(client) });
      database = {
        db,
        kind: 'pglite',
        location: dataDir,
        close: async () => {
          await db.destroy();
          // Kysely closes its driver only once it has run a query; a database left as found may have run none.
          await client.close();
          release();
        },
        snapshotDataDir: (target) => client.call({ op: 'snapshot', target, skip: [...PROCESS_FILES] }),
      };
    } catch (error) {
      release();
      throw error;
    }
  }
  if (options.migrate === false) return database;
  try {
    await migrateToLatest(database.db as Kysely<unknown>);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
