import { availableParallelism } from 'node:os';
import { ACCOUNT_MESSAGES as A } from '@shop/contracts';
import { formatMessage } from '@shop/domain';
import { HttpError } from '../../http/errors.ts';

/** How many hashes run at once and how many may wait; from HASH_CONCURRENCY and HASH_QUEUE (config.ts). */
export interface HashQueueLimits {
  concurrency: number;
  maxQueued: number;
}

/**
 * One argon2id hash takes a core for ~70 ms: as many at once as there are cores, and a short queue
 * behind them (a waiting hash then waits at most maxQueued / concurrency hashes, ~300 ms).
 */
export const DEFAULT_HASH_QUEUE: HashQueueLimits = { concurrency: availableParallelism(), maxQueued: availableParallelism() * 4 };

/** Seconds a shed client is told to wait: the queue drains in well under that. */
const RETRY_AFTER_SECONDS = 2;

export const hashingBusy = () => new HttpError(503, formatMessage(A.hashingBusy, { seconds: RETRY_AFTER_SECONDS }), { 'retry-after': String(RETRY_AFTER_SECONDS) });

/** What the queue has seen since the process started (the bench reads it). */
export interface HashQueueStats {
  running: number;
  queued: number;
  peakQueued: number;
  shed: number;
}

/**
 * Bounds the password hashing of this process (issue #43 point 2): a burst of registrations or
 * failed sign-ins no longer stalls everyone's sign-in behind an unbounded pile of hashes. A hash
 * that finds the queue full is refused at once with 503 and Retry-After, before anything is
 * written; a caller runs its writes only after its hash.
 */
export class HashQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private peakQueued = 0;
  private shed = 0;

  constructor(private limits: HashQueueLimits = DEFAULT_HASH_QUEUE) {}

  configure(limits: HashQueueLimits): void {
    this.limits = limits;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.maxQueued) {
        this.shed++;
        throw hashingBusy();
      }
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        this.peakQueued = Math.max(this.peakQueued, this.waiting.length);
      });
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter (running stays the same), else it frees.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  stats(): HashQueueStats {
    return { running: this.running, queued: this.waiting.length, peakQueued: this.peakQueued, shed: this.shed };
  }
}
