// `npm run db:restore -- --file F [--database-url URL | --data-dir DIR] [--force]`: puts a db:backup back.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { redactDatabaseUrl, type ShopTotals } from '@shop/db';
import { loadConfig } from '../config.ts';
import { restoreEmbedded } from './backup/embedded.ts';
import { backupDir, backupKindOf, KIND_TEXT, type BackupKind } from './backup/files.ts';
import { restoreServer } from './backup/server.ts';

const USAGE = `Usage: npm run db:restore -- --file <backup> [--database-url <url> | --data-dir <dir>] [--force]

Restores a file made by npm run db:backup. The file says which database it is of, and goes back
into the same kind only:

Embedded database: into --data-dir, or DATA_DIR (default var/db), while no process holds it (stop
the shop first). The target must be empty or missing; with --force a present one is moved aside
to <dir>.before-restore-<time>, never deleted. The backup is loaded and checked beside the target
before it takes its place.
PostgreSQL server: into --database-url, or DATABASE_URL, with pg_restore (--clean --if-exists
--no-owner, in one transaction) while no other session uses that database (stop the shop's API
instances first). A missing database is created; one holding tables needs --force, which first
saves it with pg_dump into BACKUP_DIR (var/backups). The client tools are taken from the PATH, or
from PG_BIN_DIR.

Start the shop on the restored database afterwards: it applies any newer migrations.`;

function usageError(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        file: { type: 'string' },
        'database-url': { type: 'string' },
        'data-dir': { type: 'string' },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return usageError((error as Error).message);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!values.file) usageError('--file: give the backup to restore');
if (values['database-url'] !== undefined && values['data-dir'] !== undefined) usageError('--database-url and --data-dir: give one target, a server or a data directory');
if (values['database-url'] !== undefined && !/^postgres(ql)?:\/\/./.test(values['database-url'])) usageError('--database-url: give a postgres://… URL');

function describe(totals: ShopTotals): string {
  return `${totals.products} products, ${totals.categories} categories, ${totals.customers} customers, ${totals.orders} orders, ${totals.invoices} invoices`;
}

try {
  const config = loadConfig();
  const file = resolve(values.file);
  if (!existsSync(file)) throw new Error(`There is no file ${file}`);
  const databaseUrl = values['data-dir'] !== undefined ? undefined : (values['database-url'] ?? config.databaseUrl);
  const dataDir = resolve(values['data-dir'] ?? config.dataDir);
  const target: BackupKind = databaseUrl ? 'server' : 'embedded';
  const targetText = databaseUrl ? `the PostgreSQL server database ${redactDatabaseUrl(databaseUrl)}` : `the embedded database at ${dataDir}`;
  const kind = await backupKindOf(file);
  if (!kind) throw new Error(`${file} is not a backup made by npm run db:backup (neither a tarball of an embedded database nor a pg_dump custom-format archive)`);
  if (kind !== target) {
    const how = kind === 'server' ? 'give the server database with --database-url <url> (or DATABASE_URL)' : 'give a data directory with --data-dir <dir> (or unset DATABASE_URL and set DATA_DIR)';
    throw new Error(`${file} is a backup of ${KIND_TEXT[kind]}, and the target is ${targetText}: a backup goes back into the same kind of database; ${how}`);
  }
  const now = new Date();
  const force = values.force === true;
  if (databaseUrl) {
    const { totals, savedTo } = await restoreServer(file, databaseUrl, { force, backupDir: backupDir(), now });
    console.log(`Restored ${file} into ${targetText}: ${describe(totals)}`);
    if (savedTo) console.log(`Its previous content is saved in ${savedTo}`);
  } else {
    const { totals, keptAside } = await restoreEmbedded(file, dataDir, { force, now });
    console.log(`Restored ${file} into ${targetText}: ${describe(totals)}`);
    if (keptAside) console.log(`The database that was there is kept in ${keptAside}: delete it once the restored shop is checked`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
