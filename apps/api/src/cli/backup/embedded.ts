import { createWriteStream, existsSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { dataDirOwner, embeddedBackup, extractEmbeddedBackup, lockDataDir, openDatabase, shopTotals, type ShopTotals } from '@shop/db';
import { DATA_DIR_HEADER } from '../../modules/backup/routes.ts';
import { timeStamp, writeAtomically } from './files.ts';

/**
 * The snapshot taken by the running API that holds the data directory (GET /api/internal/db-backup),
 * streamed to `file`; refuses an API that answers for another directory.
 */
export async function backupThroughApi(apiUrl: string, token: string, dataDir: string, file: string): Promise<number> {
  return writeAtomically(file, async (partial) => {
    const response = await fetch(`${apiUrl}/api/internal/db-backup`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30 * 60_000) });
    if (!response.ok || !response.body) {
      const answer = (await response.json().catch(() => undefined)) as { result?: unknown } | undefined;
      if (response.status === 401) throw new Error(`The API at ${apiUrl} refused the admin token (401): set ADMIN_TOKEN to the API's token`);
      throw new Error(`The API at ${apiUrl} answered ${response.status}: ${String(answer?.result ?? 'no message')}`);
    }
    const served = decodeURIComponent(response.headers.get(DATA_DIR_HEADER) ?? '');
    if (served !== dataDir) {
      await response.body.cancel();
      throw new Error(`The API at ${apiUrl} runs on ${served || 'another database'}, not on ${dataDir}: set API_URL to the API that holds DATA_DIR`);
    }
    await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), createWriteStream(partial));
  });
}

/** The backup taken here, when no process holds the data directory; the database is left as found (no migrations). */
export async function backupDirectly(dataDir: string, file: string): Promise<number> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`There is no embedded database at ${dataDir} (DATA_DIR): nothing to back up`);
  const database = await openDatabase({ dataDir, migrate: false });
  try {
    return await writeAtomically(file, (partial) => pipeline(Readable.from(embeddedBackup(database)), createWriteStream(partial)));
  } finally {
    await database.close();
  }
}

export interface EmbeddedRestore {
  totals: ShopTotals;
  /** Where the directory's previous content was moved (--force). */
  keptAside?: string;
}

/**
 * Restores a backup as the embedded database in `dataDir`. The data is unpacked into a new
 * directory beside it and checked (it opens, its tables count) before it takes the place of the
 * old one, which is kept aside, never deleted; refused while a process holds `dataDir`, and over
 * a non-empty directory without `force`.
 */
export async function restoreEmbedded(file: string, dataDir: string, options: { force: boolean; now: Date }): Promise<EmbeddedRestore> {
  const owner = dataDirOwner(dataDir);
  if (owner !== undefined) {
    throw new Error(`The embedded database at ${dataDir} is in use by process ${owner} (the shop's API): stop the shop first; a restore never replaces a database in use.`);
  }
  const occupied = existsSync(dataDir) && readdirSync(dataDir).length > 0;
  if (occupied && !options.force) {
    const what = existsSync(join(dataDir, 'PG_VERSION')) ? 'a database' : 'files';
    throw new Error(
      `${dataDir} already holds ${what}: restore into an empty or new directory (--data-dir, or DATA_DIR), ` +
        `or add --force to move the present one aside to ${dataDir}.before-restore-<time> and restore in its place.`,
    );
  }
  const stamp = timeStamp(options.now);
  const staging = `${dataDir}.restoring-${stamp}`;
  let totals: ShopTotals;
  try {
    await extractEmbeddedBackup(file, staging);
    const database = await openDatabase({ dataDir: staging, migrate: false });
    try {
      totals = await shopTotals(database.db);
    } finally {
      await database.close();
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  try {
    return { totals, ...swapIn(staging, dataDir, occupied ? `${dataDir}.before-restore-${stamp}` : undefined) };
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/** Puts the restored directory in place; the present one, if any, is moved to `aside` first. */
function swapIn(staging: string, dataDir: string, aside: string | undefined): { keptAside?: string } {
  if (!aside) {
    if (existsSync(dataDir)) rmdirSync(dataDir); // empty
    renameSync(staging, dataDir);
    return {};
  }
  // Held through the swap: an API starting meanwhile (since the check above) stops at the lock
  // instead of opening a directory on the move; and one that took it since stops the restore here.
  const release = lockDataDir(dataDir);
  renameSync(dataDir, aside);
  try {
    renameSync(staging, dataDir);
  } catch (error) {
    renameSync(aside, dataDir);
    release();
    throw error;
  }
  release(); // removes nothing now: the lock file moved aside with the old directory
  rmSync(join(aside, '.shop.lock'), { force: true });
  return { keptAside: aside };
}
