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

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Bounds the password hashing of this process (issue #43 point 2): a burst of registrations or
 * failed sign-ins no longer stalls everyone's sign-in behind an unbounded pile of hashes. A hash
 * that finds the queue full is refused at once with 503 and Retry-After, before anything is
 * written; a caller runs its writes only after its hash.
 *
 * The queue is shared fairly between sources (an account signing in, an address registering):
 * waiting hashes are served one source after another, and when the queue is full a newcomer takes
 * the place of the newest hash of the source holding the most, so a burst from one address or
 * against one account sheds its own hashes, not a third customer's sign-in.
 */
export class HashQueue {
  private running = 0;
  /** Waiting hashes by source, in the order the sources are served (a Map keeps insertion order). */
  private readonly waiting = new Map<string, Waiter[]>();
  private queued = 0;
  private peakQueued = 0;
  private shed = 0;

  constructor(private limits: HashQueueLimits = DEFAULT_HASH_QUEUE) {}

  configure(limits: HashQueueLimits): void {
    this.limits = limits;
  }

  async run<T>(source: string, work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) await this.wait(source);
    else this.running++;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next source's waiter (running stays the same), else it frees.
      const next = this.next();
      if (next) next.resolve();
      else this.running--;
    }
  }

  private wait(source: string): Promise<void> {
    const own = this.waiting.get(source) ?? [];
    if (this.queued >= this.limits.maxQueued) this.makeRoom(own.length);
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(source, [...own, { resolve, reject }]);
      this.queued++;
      this.peakQueued = Math.max(this.peakQueued, this.queued);
    });
  }

  /** A full queue: the source holding the most gives up its newest hash, unless that would be the newcomer's own share. */
  private makeRoom(ownWaiting: number): void {
    let largest: [string, Waiter[]] | undefined;
    for (const entry of this.waiting) if (!largest || entry[1].length > largest[1].length) largest = entry;
    if (!largest || largest[1].length <= ownWaiting + 1) {
      this.shed++;
      throw hashingBusy();
    }
    const evicted = largest[1].pop()!;
    if (largest[1].length === 0) this.waiting.delete(largest[0]);
    this.queued--;
    this.shed++;
    evicted.reject(hashingBusy());
  }

  /** The first source's oldest waiter; that source then goes to the back of the turn. */
  private next(): Waiter | undefined {
    const first = this.waiting.entries().next();
    if (first.done) return undefined;
    const [source, waiters] = first.value;
    const waiter = waiters.shift()!;
    this.waiting.delete(source);
    if (waiters.length > 0) this.waiting.set(source, waiters);
    this.queued--;
    return waiter;
  }

  stats(): HashQueueStats {
    return { running: this.running, queued: this.queued, peakQueued: this.peakQueued, shed: this.shed };
  }
}
