import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type DatabaseConnection, type Driver } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../connect.ts';
import type { SearchProvider } from '../provider.ts';
import { MemorySearchProvider } from './memory-search.ts';

/** A database on `driver`, with PostgreSQL's SQL. */
function database(driver: Driver): Db {
  return new Kysely({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }) as Db;
}

/** An empty catalogue: every query answers no rows. */
const emptyDatabase = () => database(new DummyDriver());

/** A database whose every query fails, as one closed under a build does. */
function closedDatabase(): Db {
  return database({
    init: async () => {},
    acquireConnection: async (): Promise<DatabaseConnection> => {
      throw new Error('driver has already been destroyed');
    },
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  });
}

describe('MemorySearchProvider start and stop', () => {
  const unused = {} as SearchProvider;

  it('answers from the index once built', async () => {
    const provider = new MemorySearchProvider(emptyDatabase(), unused);
    await provider.start();
    provider.stop();
    expect(provider.ready).toBe(true);
  });

  it('does not take up an index built after it was stopped', async () => {
    const provider = new MemorySearchProvider(emptyDatabase(), unused);
    const started = provider.start();
    provider.stop();
    await started;
    expect(provider.ready).toBe(false);
  });

  it('reports a build that fails while it runs', async () => {
    const provider = new MemorySearchProvider(closedDatabase(), unused);
    await expect(provider.start()).rejects.toThrow('driver has already been destroyed');
    provider.stop();
    expect(provider.ready).toBe(false);
  });

  it('gives up quietly when stopped while it builds and its database closes', async () => {
    const provider = new MemorySearchProvider(closedDatabase(), unused);
    const started = provider.start();
    provider.stop();
    await expect(started).resolves.toBeUndefined();
    expect(provider.ready).toBe(false);
  });
});
