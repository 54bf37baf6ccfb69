import type { CustomerRow, Db } from '@shop/db';
import { personEmailKey } from '@shop/domain';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { databaseRateLimiter } from '../../http/database-rate-limiter.ts';

/** Copies of a form (quote request, contact message) one mailbox may receive a day, from any client address. */
export const COPIES_PER_RECIPIENT_PER_DAY = 3;

/**
 * What the sender of a form gets back (issue #43 point 7): a form names any e-mail address, so
 * its copy would mail a stranger whatever text an attacker types. `full`: the sender is signed in
 * with that address (their own words, to themselves); `brief`: an acknowledgement without
 * anything typed into the form; `none`: that mailbox already had its copies today.
 */
export type CopyKind = 'full' | 'brief' | 'none';

/** The rule shared by every form that mails its sender; the count lives in the database (several API instances). */
export class RecipientCopies {
  private readonly perRecipient;

  constructor(db: Db) {
    this.perRecipient = databaseRateLimiter(db, 'copy-recipient', COPIES_PER_RECIPIENT_PER_DAY, 86_400);
  }

  async decide(email: string, customer: CustomerRow | null): Promise<CopyKind> {
    const key = personEmailKey(email);
    if (customer && personEmailKey(customer.email) === key) return 'full';
    try {
      await this.perRecipient.consume(key);
      return 'brief';
    } catch (error) {
      if (error instanceof RateLimiterRes) return 'none';
      throw error;
    }
  }
}
