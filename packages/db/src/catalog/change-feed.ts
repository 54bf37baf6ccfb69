import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../connect.ts';

/**
 * Catalogue changes between API instances (ADR 0024): an import on one instance (or the import
 * CLI writing straight to the database) announces itself on a PostgreSQL channel, and every
 * other instance on the same database drops what it caches about the catalogue (tax rules,
 * attributes, facet counts, its search index), as the importing instance does itself.
 */
const CHANNEL = 'shop_catalog_changed';

/** This process, so that it skips its own announcements. */
const INSTANCE = randomUUID();

/** Sent at once; PGlite answers it too (nobody listens there). */
export async function announceCatalogChange(db: Db): Promise<void> {
  await sql`select pg_notify(${CHANNEL}, ${INSTANCE})`.execute(db);
}

const RECONNECT_MS = 1000;

/**
 * Listens on its own connection until `stop()`. A lost connection (a database restart) is opened
 * again; changes announced meanwhile are unknown, so the caches are dropped once reconnected.
 */
export function followCatalogChanges(databaseUrl: string, onChange: () => void, warn: (message: string) => void): { stop(): Promise<void> } {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (again: boolean) => {
    const current = new pg.Client({ connectionString: databaseUrl });
    client = current;
    current.on('notification', (message) => message.payload !== INSTANCE && onChange());
    current.on('error', (error) => warn(`Catalogue change feed: ${error.message}`));
    current.on('end', () => {
      if (!stopped) timer = setTimeout(() => void connect(true), RECONNECT_MS);
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${CHANNEL}`);
      if (again) onChange();
    } catch (error) {
      warn(`Catalogue change feed: ${error instanceof Error ? error.message : String(error)}; trying again`);
      await current.end().catch(() => {});
    }
  };
  void connect(false);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
