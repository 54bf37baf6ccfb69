import type { Db } from '@shop/db';
import { countOne, databaseRateLimiter as limiter, waitOf } from '../../http/database-rate-limiter.ts';

/** Failures before an account or an address is locked, and for how long (Magento's baseline). */
export const LOGIN_FAILURES = 10;
export const LOCK_SECONDS = 10 * 60;
/** Reset mails: 5 an hour per account, 20 per address. */
export const RESET_PER_HOUR = { account: 5, address: 20 } as const;

export class AccountThrottle {
  private readonly loginByAccount;
  private readonly loginByAddress;
  private readonly resetByAccount;
  private readonly resetByAddress;

  constructor(db: Db) {
    this.loginByAccount = limiter(db, 'login-account', LOGIN_FAILURES, LOCK_SECONDS, LOCK_SECONDS);
    this.loginByAddress = limiter(db, 'login-address', LOGIN_FAILURES, LOCK_SECONDS, LOCK_SECONDS);
    this.resetByAccount = limiter(db, 'reset-account', RESET_PER_HOUR.account, 3600);
    this.resetByAddress = limiter(db, 'reset-address', RESET_PER_HOUR.address, 3600);
  }

  /** Milliseconds until this account and address may try to sign in again (0: now). */
  async loginWait(account: string, address: string): Promise<number> {
    return Math.max(await waitOf(this.loginByAccount, account), await waitOf(this.loginByAddress, address));
  }

  async loginFailed(account: string, address: string): Promise<void> {
    await Promise.all([countOne(this.loginByAccount, account), countOne(this.loginByAddress, address)]);
  }

  /** A successful sign-in clears the account's failures (the address keeps its count). */
  async loginSucceeded(account: string): Promise<void> {
    await this.loginByAccount.delete(account);
  }

  /** Counts a reset request; answers the wait when over the limit (the request is then not served). */
  async resetRequested(account: string, address: string): Promise<number> {
    const wait = Math.max(await waitOf(this.resetByAccount, account), await waitOf(this.resetByAddress, address));
    if (wait > 0) return wait;
    await Promise.all([countOne(this.resetByAccount, account), countOne(this.resetByAddress, address)]);
    return 0;
  }
}
