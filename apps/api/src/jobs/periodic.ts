import type { Logger } from '../http/router.ts';

export interface PeriodicJob {
  /** Runs now and then every interval (the timer does not keep the process alive). */
  start(): void;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

/**
 * A job the API runs on its own schedule (start-api.ts starts and stops it): never two runs at
 * once (a run slower than the interval skips the next), each failure logged, not thrown.
 */
export function periodicJob(intervalMs: number, run: () => Promise<unknown>, failure: string, logger: Pick<Logger, 'error'> = console): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const scheduled = () => {
    if (busy) return;
    busy = true;
    running = run()
      .catch((error: unknown) => logger.error(failure, error))
      .finally(() => (busy = false));
  };
  return {
    start() {
      if (timer) return;
      scheduled();
      timer = setInterval(scheduled, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
