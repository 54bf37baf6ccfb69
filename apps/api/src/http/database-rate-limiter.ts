import { CompiledQuery } from 'kysely';
import type { Db } from '@shop/db';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * rate-limiter-flexible's PostgreSQL limiter over the shop's own database (its table is created by
 * migration 0012): several API instances on one PostgreSQL share the counts; on the embedded
 * database the one API process owns them. Queries go through Kysely, so PGlite works too.
 */
export function databaseRateLimiter(db: Db, keyPrefix: string, points: number, durationSeconds: number, blockSeconds = 0): RateLimiterPostgres {
  const storeClient = {
    query: async (q: { text: string; values?: unknown[] }) => {
      const result = await db.executeQuery(CompiledQuery.raw(q.text, q.values ?? []));
      return { rows: result.rows, rowCount: result.rows.length || Number(result.numAffectedRows ?? 0) };
    },
  };
  return new RateLimiterPostgres({ storeClient, storeType: 'pool', tableName: 'rate_limit', tableCreated: true, keyPrefix, points, duration: durationSeconds, blockDuration: blockSeconds });
}

/** How long until the key may try again, in ms (0: it may). */
export async function waitOf(rl: RateLimiterPostgres, key: string): Promise<number> {
  const res = await rl.get(key);
  return res !== null && res.remainingPoints <= 0 ? res.msBeforeNext : 0;
}

/** Counts one event (a failure) of the key; past the limit the key simply stays over it. */
export async function countOne(rl: RateLimiterPostgres, key: string): Promise<void> {
  try {
    await rl.consume(key);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
  }
}
