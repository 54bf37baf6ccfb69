import { deleteIdleGuestCarts, type Db } from '@shop/db';
import type { Logger } from '../../http/router.ts';
import { periodicJob, type PeriodicJob } from '../../jobs/periodic.ts';

const DAY_MS = 24 * 60 * 60_000;

export interface CartExpiry extends PeriodicJob {
  /** Deletes the guest carts idle longer than the TTL now; resolves with how many. */
  sweep(): Promise<number>;
}

/** The scheduled clean-up of abandoned guest carts; started and stopped by start-api.ts. */
export function createCartExpiry(
  db: Db,
  options: { ttlDays: number; sweepIntervalMs: number; now?: () => Date },
  logger: Pick<Logger, 'info' | 'error'> = console,
): CartExpiry {
  const now = options.now ?? (() => new Date());
  const sweep = () => deleteIdleGuestCarts(db, new Date(now().getTime() - options.ttlDays * DAY_MS));
  const logged = async () => {
    const deleted = await sweep();
    if (deleted > 0) logger.info(`Deleted ${deleted} guest carts idle for over ${options.ttlDays} days`);
  };
  return { sweep, ...periodicJob(options.sweepIntervalMs, logged, 'Idle cart clean-up failed:', logger) };
}
