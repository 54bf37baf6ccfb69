import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { isEmbeddedBackup } from '@shop/db';

/** What a backup file holds: the embedded database's data directory, or a PostgreSQL server's pg_dump. */
export type BackupKind = 'embedded' | 'server';

export const KIND_TEXT: Record<BackupKind, string> = {
  embedded: 'the embedded database (PGlite)',
  server: 'a PostgreSQL server (pg_dump)',
};

/** `2026-05-01T10-30-00Z`: sorts by time, and is a valid file name everywhere. */
export function timeStamp(now: Date): string {
  return `${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z`;
}

/** `shop-embedded-<time>.tar.gz` or `shop-postgres-<time>.dump` in `dir`; `note` is added before the extension. */
export function backupFileName(dir: string, kind: BackupKind, now: Date, note = ''): string {
  return join(dir, kind === 'embedded' ? `shop-embedded-${timeStamp(now)}${note}.tar.gz` : `shop-postgres-${timeStamp(now)}${note}.dump`);
}

/** pg_dump's custom format starts with this. */
const PG_DUMP_MAGIC = 'PGDMP';

/**
 * The kind of backup a file is, read from its content (never its name): a pg_dump custom-format
 * archive, or a gzipped tar of a data directory (PG_VERSION at its root); undefined for anything else.
 */
export async function backupKindOf(path: string): Promise<BackupKind | undefined> {
  const file = await open(path, 'r');
  const head = Buffer.alloc(PG_DUMP_MAGIC.length);
  try {
    await file.read(head, 0, head.length, 0);
  } finally {
    await file.close();
  }
  if (head.toString('latin1') === PG_DUMP_MAGIC) return 'server';
  return (await isEmbeddedBackup(path)) ? 'embedded' : undefined;
}

/** An empty file only its owner may read: a backup holds customers' data, password hashes and the shop's secrets. */
async function createPrivateFile(path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const file = await open(path, 'w', 0o600);
  try {
    await file.chmod(0o600); // a leftover file keeps its mode through open()
  } finally {
    await file.close();
  }
}

/**
 * Writes a backup as `<path>.partial` and renames it into place once complete, so a failed run
 * (a full disk, a killed cron job) never leaves a file that looks like a good backup.
 */
export async function writeAtomically(path: string, write: (partial: string) => Promise<void>): Promise<number> {
  const partial = `${path}.partial`;
  try {
    await createPrivateFile(partial);
    await write(partial);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return (await stat(path)).size;
}

/** 12.3 MB */
export function formatSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Where backups go unless `--out` names a file: BACKUP_DIR, default var/backups (relative to where npm runs, as DATA_DIR). */
export function backupDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.BACKUP_DIR || 'var/backups');
}
