// `npm run db:backup [-- --out FILE]`: backs up the shop's database, embedded or on the server.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { dataDirOwner, redactDatabaseUrl } from '@shop/db';
import { loadConfig, type ApiConfig } from '../config.ts';
import { adminTokenPath, readAdminToken } from '../http/admin-token.ts';
import { backupDirectly, backupThroughApi } from './backup/embedded.ts';
import { backupDir, backupFileName, formatSize } from './backup/files.ts';
import { backupServer } from './backup/server.ts';
import { apiAnswers } from './import/sinks.ts';

const USAGE = `Usage: npm run db:backup [-- --out <file>]

Backs up the shop's database to <file>, by default into BACKUP_DIR (var/backups) as
shop-embedded-<time>.tar.gz (the embedded database) or shop-postgres-<time>.dump (a server).

Embedded database (DATA_DIR, default var/db): a consistent snapshot of its data directory. While
the shop runs, the API that holds the directory takes it (found at API_URL, default
http://127.0.0.1:$API_PORT, with ADMIN_TOKEN or the token the API wrote to $DATA_DIR/admin-token);
otherwise this tool opens the directory itself.
PostgreSQL server (DATABASE_URL): pg_dump in its custom format, while the shop runs. The client
tools are taken from the PATH, or from PG_BIN_DIR.

The file holds customers' data, password hashes and the shop's secrets, so only its owner may
read it. npm run db:restore puts it back.`;

function usageError(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    return usageError((error as Error).message);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.out === '') usageError('--out: give the backup file');

/** The embedded database: through the API that holds it, else opened here. */
async function backupEmbedded(config: ApiConfig, file: string): Promise<string> {
  const owner = dataDirOwner(config.dataDir);
  if (owner === undefined) {
    const size = await backupDirectly(config.dataDir, file);
    return `Backed up the embedded database at ${config.dataDir} to ${file} (${formatSize(size)})`;
  }
  const apiUrl = (process.env.API_URL || `http://127.0.0.1:${config.port}`).replace(/\/+$/, '');
  if (!(await apiAnswers(apiUrl))) {
    throw new Error(`The embedded database at ${config.dataDir} is in use by process ${owner}, but no API answers at ${apiUrl}: set API_URL to the API that holds it`);
  }
  const token = config.adminToken ?? readAdminToken(config.dataDir);
  if (!token) throw new Error(`The API at ${apiUrl} runs, but there is no admin token: set ADMIN_TOKEN, or run where ${adminTokenPath(config.dataDir)} is readable`);
  const size = await backupThroughApi(apiUrl, token, config.dataDir, file);
  return `Backed up the embedded database at ${config.dataDir} through the API at ${apiUrl} to ${file} (${formatSize(size)})`;
}

try {
  const config = loadConfig();
  const now = new Date();
  const kind = config.databaseUrl ? 'server' : 'embedded';
  const file = values.out ? resolve(values.out) : backupFileName(backupDir(), kind, now);
  if (config.databaseUrl) {
    const size = await backupServer(config.databaseUrl, file);
    console.log(`Backed up the database ${redactDatabaseUrl(config.databaseUrl)} to ${file} (${formatSize(size)})`);
  } else {
    console.log(await backupEmbedded(config, file));
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
