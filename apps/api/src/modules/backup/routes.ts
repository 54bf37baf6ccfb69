import { ADMIN_MESSAGES as M } from '@shop/contracts';
import { embeddedBackup, type Database } from '@shop/db';
import { z } from 'zod';
import { HttpError, tooManyRequests } from '../../http/errors.ts';
import { defineRoute, FileAnswer, type AnyRoute } from '../../http/route.ts';
import { toolsOnThisMachine } from '../admin/routes.ts';

/** Header naming the data directory the backup is of, so `npm run db:backup` knows it asked the right API. */
export const DATA_DIR_HEADER = 'x-shop-data-dir';

/**
 * Least time between the starts of two backups through the API. Each copies the whole data
 * directory and holds the shop's queries while it does (under a second at 5,000 products): a
 * script calling in a loop would keep the shop pausing, and copies piling up would fill the disk.
 */
export const BACKUP_INTERVAL_MS = 60_000;

/** The chunks, then `done()`, also when the reader stops early or the backup fails. */
async function* thenDone(chunks: AsyncIterable<Buffer>, done: () => void): AsyncGenerator<Buffer> {
  try {
    yield* chunks;
  } finally {
    done();
  }
}

/**
 * `npm run db:backup` on the running shop: the embedded database belongs to the API process, so
 * the backup is taken there (a server database is backed up with pg_dump, never through the API).
 * One at a time, one a minute at most.
 */
export function internalBackupRoutes(database: Database, adminToken: string, trustedProxies?: readonly string[]): AnyRoute[] {
  let running = false;
  let lastStart = Number.NEGATIVE_INFINITY;
  return [
    defineRoute({
      method: 'GET',
      path: '/api/internal/db-backup',
      tag: 'internal',
      summary: 'A consistent copy of the embedded database’s data directory as a gzipped tar, streamed (npm run db:backup on the running shop); loopback clients with the admin token only; one a minute (429 with Retry-After); 409 on a PostgreSQL server',
      authorize: toolsOnThisMachine(adminToken, trustedProxies),
      produces: 'application/gzip',
      response: z.instanceof(FileAnswer),
      handler: () => {
        if (!database.snapshotDataDir) throw new HttpError(409, M.backupNotEmbedded);
        const now = Date.now();
        if (running || now - lastStart < BACKUP_INTERVAL_MS) throw tooManyRequests(M.backupTooSoon, running ? BACKUP_INTERVAL_MS : lastStart + BACKUP_INTERVAL_MS - now);
        running = true;
        lastStart = now;
        return new FileAnswer(
          thenDone(embeddedBackup(database), () => (running = false)),
          { 'content-disposition': 'attachment; filename="shop-embedded.tar.gz"', [DATA_DIR_HEADER]: encodeURIComponent(database.location) },
        );
      },
    }),
  ];
}
