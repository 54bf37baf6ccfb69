import type { Db } from '@shop/db';
import { NEWSLETTER_MESSAGES } from '@shop/contracts';
import { RateLimiterRes, type RateLimiterPostgres } from 'rate-limiter-flexible';
import { tooManyRequests } from '../../http/errors.ts';
import { databaseRateLimiter } from '../../http/database-rate-limiter.ts';

/**
 * The newsletter's own limits, inside the general write limit (ADR 0018): a subscription mails
 * a stranger's inbox, so it is held far tighter — per client address against a script, per
 * e-mail against flooding one inbox with confirmation mails. Status reads and unsubscribes
 * (which anyone may ask for an address, as in VSF1) are held to a human pace so the list cannot
 * be probed address by address.
 */
export const NEWSLETTER_LIMITS = {
  subscribesPerAddress: 10,
  subscribesPerEmail: 3,
  lookupsPerAddress: 60,
  windowSeconds: 3600,
} as const;

async function take(limiter: RateLimiterPostgres, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooManyRequests(NEWSLETTER_MESSAGES.tooManyRequests, error.msBeforeNext);
    throw error;
  }
}

export class NewsletterLimits {
  private readonly subscribeByAddress;
  private readonly subscribeByEmail;
  private readonly lookupByAddress;

  constructor(db: Db, limits = NEWSLETTER_LIMITS) {
    this.subscribeByAddress = databaseRateLimiter(db, 'newsletter-subscribe-address', limits.subscribesPerAddress, limits.windowSeconds);
    this.subscribeByEmail = databaseRateLimiter(db, 'newsletter-subscribe-email', limits.subscribesPerEmail, limits.windowSeconds);
    this.lookupByAddress = databaseRateLimiter(db, 'newsletter-lookup-address', limits.lookupsPerAddress, limits.windowSeconds);
  }

  async subscribe(emailKey: string, clientAddress: string): Promise<void> {
    await take(this.subscribeByAddress, clientAddress);
    await take(this.subscribeByEmail, emailKey);
  }

  /** A status read or an unsubscribe. */
  async lookup(clientAddress: string): Promise<void> {
    await take(this.lookupByAddress, clientAddress);
  }
}
