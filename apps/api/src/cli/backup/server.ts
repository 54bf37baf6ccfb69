import { openDatabase, redactDatabaseUrl, shopTotals, type ShopTotals } from '@shop/db';
import pg from 'pg';
import { backupFileName, writeAtomically } from './files.ts';
import { pgDump, pgRestore, requireTools } from './pg-tools.ts';

/** pg_dump of the server database to `file`; resolves with its size. */
export async function backupServer(databaseUrl: string, file: string): Promise<number> {
  await requireTools(['pg_dump']);
  return writeAtomically(file, (partial) => pgDump(databaseUrl, partial));
}

interface Target {
  /** Tables in its public schema: a database the shop has used. */
  tables: number;
  /** Other sessions on it: the shop's API instances, most likely. */
  others: number;
}

/** What the target database holds; undefined when it does not exist. */
async function inspect(databaseUrl: string): Promise<Target | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code === '3D000') return undefined; // invalid_catalog_name: no such database
    throw error;
  }
  try {
    const { rows } = await client.query<{ tables: number; others: number }>(
      `SELECT (SELECT count(*)::int FROM pg_tables WHERE schemaname = 'public') AS tables,
              (SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()) AS others`,
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

/** Creates the target database on its server (through the `postgres` database), as an empty target. */
async function createDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

export interface ServerRestore {
  totals: ShopTotals;
  /** Where the target's previous content was saved (--force on a database in use before). */
  savedTo?: string;
}

/**
 * Restores a pg_dump into the server database: into an empty or new one (created), or with
 * `force` over the shop's tables after saving them; never while other sessions use the database.
 */
export async function restoreServer(file: string, databaseUrl: string, options: { force: boolean; backupDir: string; now: Date }): Promise<ServerRestore> {
  await requireTools(options.force ? ['pg_restore', 'pg_dump'] : ['pg_restore']);
  const shown = redactDatabaseUrl(databaseUrl);
  const target = await inspect(databaseUrl);
  let savedTo: string | undefined;
  if (!target) {
    await createDatabase(databaseUrl);
  } else {
    if (target.others > 0) {
      throw new Error(
        `${target.others} other session(s) are connected to ${shown} (the shop's API instances?): stop them first, ` +
          'since the restore replaces the tables they use; or restore into a new database (--database-url) and point DATABASE_URL at it.',
      );
    }
    if (target.tables > 0) {
      if (!options.force) {
        throw new Error(
          `${shown} already holds ${target.tables} tables: restore into an empty or new database (--database-url; a missing one is created), ` +
            `or add --force to save its present content to ${options.backupDir} first and replace it.`,
        );
      }
      savedTo = backupFileName(options.backupDir, 'server', options.now, '-before-restore');
      await backupServer(databaseUrl, savedTo);
    }
  }
  await pgRestore(databaseUrl, file);
  const database = await openDatabase({ databaseUrl, dataDir: '', poolSize: 1, migrate: false });
  try {
    return { totals: await shopTotals(database.db), ...(savedTo ? { savedTo } : {}) };
  } finally {
    await database.close();
  }
}
