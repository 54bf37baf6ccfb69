import { healthResult, readinessResult } from '@shop/contracts';
import { countProducts, type Database } from '@shop/db';
import { sql } from 'kysely';
import { defineRoute } from './route.ts';

/** How old the health's product count may be. */
const PRODUCT_COUNT_MAX_AGE_MS = 30_000;

export function healthRoutes(database: Database, startedAt: number) {
  const products = recentCount(() => countProducts(database.db), PRODUCT_COUNT_MAX_AGE_MS);
  const databaseAnswers = () => sql`SELECT 1`.execute(database.db);
  return [
    defineRoute({
      method: 'GET',
      path: '/api/health/ready',
      tag: 'system',
      summary: 'Readiness, for probes that ask every second (the storefronts, a load balancer): the database is asked, nothing is counted',
      response: readinessResult,
      handler: async () => {
        await databaseAnswers();
        return { status: 'ok' as const, database: database.kind };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/health',
      tag: 'system',
      summary: `Liveness and database readiness (the database is asked on every call; the product count may be up to ${PRODUCT_COUNT_MAX_AGE_MS / 1000} s old)`,
      response: healthResult,
      handler: async () => {
        await databaseAnswers();
        return {
          status: 'ok' as const,
          database: database.kind,
          products: await products(),
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        };
      },
    }),
  ];
}

/**
 * `count`'s answer, asked at most once at a time and again only when older than `maxAgeMs`; a
 * stale answer is returned at once while the new count runs. For the health's product count: a
 * count reads every row (~0.3 s of the database's CPU at a million products). When the
 * storefronts' probes asked this route every second, counts on every probe piled up on the
 * database until the probes timed out and the edge took every instance for dead, and counts every
 * 30 s still cost each API's database a burst (issue #46, the edge bench at 1,000,000 products):
 * the probes now ask `/api/health/ready`, and this bounds what a monitor asking here costs.
 */
export function recentCount(count: () => Promise<number>, maxAgeMs: number, now = Date.now): () => Promise<number> {
  let last: { n: number; at: number } | undefined;
  let counting: Promise<number> | undefined;
  const refresh = () =>
    (counting ??= count()
      .then((n) => {
        last = { n, at: now() };
        return n;
      })
      .finally(() => {
        counting = undefined;
      }));
  return async () => {
    if (!last) return refresh();
    if (now() - last.at > maxAgeMs) refresh().catch(() => {});
    return last.n;
  };
}
