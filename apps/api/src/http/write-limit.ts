import type { Db } from '@shop/db';
import { TOO_MANY_REQUESTS } from '@shop/domain';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { databaseRateLimiter } from './database-rate-limiter.ts';
import { tooManyRequests } from './errors.ts';

/** Writes (POST, PUT, DELETE) one client address may send per window; from WRITE_LIMIT* variables (config.ts). */
export interface WriteLimits {
  perWindow: number;
  windowSeconds: number;
}

/**
 * Two writes a second, sustained for a minute, is far more than a shopper clicking through cart
 * and checkout (or an office behind one address), and far less than a script placing orders or
 * testing cards.
 */
export const DEFAULT_WRITE_LIMITS: WriteLimits = { perWindow: 120, windowSeconds: 60 };

/** Counts one write of a client address; past the limit, a 429 with Retry-After. */
export type WriteLimit = (address: string) => Promise<void>;

/** The write limit, counted in the shop's database: several API instances share one count per address. */
export function writeLimit(db: Db, limits: WriteLimits): WriteLimit {
  const limiter = databaseRateLimiter(db, 'writes-address', limits.perWindow, limits.windowSeconds);
  return async (address) => {
    try {
      await limiter.consume(address);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooManyRequests(TOO_MANY_REQUESTS, error.msBeforeNext);
      throw error;
    }
  };
}
