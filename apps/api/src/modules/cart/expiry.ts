import { deleteIdleGuestCarts, type Db } from '@shop/db';
import type { Logger } from '../../http/router.ts';

const DAY_MS = 24 * 60 * 60_000;

export interface CartExpiry {
  /** Deletes the guest carts idle longer than the TTL now; resolves with how many. */
  sweep(): Promise<number>;
  /** Sweeps now and then every interval (the timer does not keep the process alive). */
  start(): void;
  /** Stops the timer and waits for a sweep under way. */
  stop(): Promise<void>;
}

/** The scheduled clean-up of abandoned guest carts; started and stopped by start-api.ts. */
export function createCartExpiry(
  db: Db,
  options: { ttlDays: number; sweepIntervalMs: number; now?: () => Date },
  logger: Pick<Logger, 'info' | 'error'> = console,
): CartExpiry {
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;

  const sweep = () => deleteIdleGuestCarts(db, new Date(now().getTime() - options.ttlDays * DAY_MS));
  const scheduled = () => {
    // A sweep slower than the interval is not run twice at once.
    if (busy) return;
    busy = true;
    running = sweep()
      .then(
        (deleted) => deleted > 0 && logger.info(`Deleted ${deleted} guest carts idle for over ${options.ttlDays} days`),
        (error: unknown) => logger.error('Idle cart clean-up failed:', error),
      )
      .finally(() => (busy = false));
  };

  return {
    sweep,
    start() {
      if (timer) return;
      scheduled();
      timer = setInterval(scheduled, options.sweepIntervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
