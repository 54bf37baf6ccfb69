import { createReadStream } from 'node:fs';
import { mkdir, open, rm, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Database } from '../connect.ts';
import { packDirectory, readTar } from './tar.ts';

/**
 * Files of a data directory that belong to the process that has it open, not to the data: the
 * shop's lock and admin token, PostgreSQL's postmaster files. A backup leaves them out.
 */
export const PROCESS_FILES: ReadonlySet<string> = new Set(['.shop.lock', 'admin-token', 'postmaster.pid', 'postmaster.opts']);

/**
 * A backup of the embedded database as a gzipped tar, streamed. The data directory is first
 * copied beside itself while the database is held still (Database.snapshotDataDir), then the
 * copy is archived and compressed at zlib's fastest level — 3-4x quicker than its default for a
 * file some 15 % larger — and deleted, also when the reader stops early.
 */
export async function* embeddedBackup(database: Database): AsyncGenerator<Buffer> {
  if (!database.snapshotDataDir) throw new Error('Only the embedded database is backed up as a data directory');
  const snapshot = `${database.location}.backup-snapshot-${process.pid}-${Date.now()}`;
  try {
    await database.snapshotDataDir(snapshot);
    const gzip = createGzip({ level: 1 });
    // pipeline() ends the archive's reading too when the consumer stops early.
    const piped = pipeline(Readable.from(packDirectory(snapshot)), gzip);
    piped.catch(() => {}); // seen through the gzip stream below
    for await (const chunk of gzip) yield chunk as Buffer;
    await piped;
  } finally {
    await rm(snapshot, { recursive: true, force: true });
  }
}

/** Whether the file is a gzipped tar with PG_VERSION at its root: a data directory, as embeddedBackup writes it. */
export async function isEmbeddedBackup(file: string): Promise<boolean> {
  try {
    for await (const event of readTar(createReadStream(file).pipe(createGunzip()))) {
      if ('entry' in event && event.entry.name === 'PG_VERSION') return true;
    }
  } catch {
    // not gzip, not tar, or cut short
  }
  return false;
}

/**
 * Unpacks an embeddedBackup file into `dir` (new or empty): regular files and directories only,
 * each inside `dir`, readable by their owner only. The caller opens the result to check it.
 */
export async function extractEmbeddedBackup(file: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let output: FileHandle | undefined;
  try {
    for await (const event of readTar(createReadStream(file).pipe(createGunzip()))) {
      if ('data' in event) {
        if (!output) throw new Error('Not a backup of the embedded database');
        await output.write(event.data);
        continue;
      }
      await output?.close();
      output = undefined;
      const { name, type } = event.entry;
      const parts = name.replace(/\/$/, '').split('/');
      if (name.startsWith('/') || parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\'))) throw new Error(`Unsafe path in the backup: ${name}`);
      const path = join(dir, ...parts);
      if (type === 'directory') {
        await mkdir(path, { recursive: true, mode: 0o700 });
      } else {
        await mkdir(dirname(path), { recursive: true, mode: 0o700 });
        output = await open(path, 'wx', 0o600);
      }
    }
  } finally {
    await output?.close();
  }
}
