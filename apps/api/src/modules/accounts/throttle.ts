import { sql } from 'kysely';
import type { Db } from '@shop/db';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { countOne, databaseRateLimiter as limiter, waitOf } from '../../http/database-rate-limiter.ts';

/** Failures before an account-and-address pair, or an address, is locked, and for how long (Magento's baseline). */
export const LOGIN_FAILURES = 10;
export const LOCK_SECONDS = 10 * 60;
/** Reset mails: 5 an hour per account, 20 per address. */
export const RESET_PER_HOUR = { account: 5, address: 20 } as const;

/** The sign-in and registration limits of issue #43 (ADR 0025); from the variables of config.ts. */
export interface SignInLimits {
  /** Distinct addresses failing for one account within the attack window that put it behind the challenge (LOGIN_CHALLENGE_ADDRESSES). */
  challengeAddresses: number;
  /** The attack window: failing addresses are remembered this long, and the owner is mailed once per window (LOGIN_ATTACK_WINDOW_MINUTES). */
  attackWindowSeconds: number;
  /** Extra wait of every sign-in attempt on an account behind the challenge (LOGIN_CHALLENGE_DELAY_MS). */
  challengeDelayMs: number;
  /** Registrations an address may start in an hour (REGISTER_LIMIT). */
  registerPerHour: number;
  /** Registrations of an address in the hour past which each needs the challenge (REGISTER_CHALLENGE_AFTER). */
  registerChallengeAfter: number;
  /** Registrations with one e-mail domain within the burst window (REGISTER_DOMAIN_LIMIT / REGISTER_DOMAIN_WINDOW_SECONDS). */
  registerPerDomain: number;
  registerDomainWindowSeconds: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  challengeAddresses: 5,
  attackWindowSeconds: 3600,
  challengeDelayMs: 1000,
  registerPerHour: 10,
  registerChallengeAfter: 3,
  registerPerDomain: 20,
  registerDomainWindowSeconds: 600,
};

/** A limit's refusal: how long to wait (the caller words it). */
export class OverLimit extends Error {
  constructor(
    readonly which: 'address' | 'domain',
    readonly waitMs: number,
  ) {
    super(`registration limit per ${which}`);
  }
}

async function consume(rl: ReturnType<typeof limiter>, key: string): Promise<RateLimiterRes> {
  try {
    return await rl.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) return error;
    throw error;
  }
}

/**
 * The counts behind sign-in and registration, in the shop's database so that every API instance
 * shares them. Sign-in failures lock an (account, address) pair and a guessing address, never an
 * account: an account failing from many addresses is put behind a proof-of-work challenge instead.
 */
export class AccountThrottle {
  private readonly loginByPair;
  private readonly loginByAddress;
  private readonly resetByAccount;
  private readonly resetByAddress;
  private readonly registerByAddress;
  private readonly registerByDomain;

  constructor(
    private readonly db: Db,
    readonly limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
  ) {
    this.loginByPair = limiter(db, 'login-pair', LOGIN_FAILURES, LOCK_SECONDS, LOCK_SECONDS);
    this.loginByAddress = limiter(db, 'login-address', LOGIN_FAILURES, LOCK_SECONDS, LOCK_SECONDS);
    this.resetByAccount = limiter(db, 'reset-account', RESET_PER_HOUR.account, 3600);
    this.resetByAddress = limiter(db, 'reset-address', RESET_PER_HOUR.address, 3600);
    this.registerByAddress = limiter(db, 'register-address', limits.registerPerHour, 3600);
    this.registerByDomain = limiter(db, 'register-domain', limits.registerPerDomain, limits.registerDomainWindowSeconds);
  }

  /** Milliseconds until this address may try this account again (0: now): the pair's lock, or the address's. */
  async loginWait(account: string, address: string): Promise<number> {
    return Math.max(await waitOf(this.loginByPair, `${account} ${address}`), await waitOf(this.loginByAddress, address));
  }

  /** Whether enough distinct addresses failed for this account lately that each attempt needs the challenge. */
  async challengeNeeded(account: string, now: Date): Promise<boolean> {
    return (await this.failingAddresses(account, now)) >= this.limits.challengeAddresses;
  }

  /** Counts a failure of the pair and the address; answers how many distinct addresses failed for the account in the window. */
  async loginFailed(account: string, address: string, now: Date): Promise<number> {
    await Promise.all([countOne(this.loginByPair, `${account} ${address}`), countOne(this.loginByAddress, address)]);
    const since = new Date(now.getTime() - this.limits.attackWindowSeconds * 1000);
    await sql`DELETE FROM login_failure_address WHERE email_key = ${account} AND failed_at < ${since}`.execute(this.db);
    await sql`
      INSERT INTO login_failure_address (email_key, address, failed_at) VALUES (${account}, ${address}, ${now})
      ON CONFLICT (email_key, address) DO UPDATE SET failed_at = excluded.failed_at`.execute(this.db);
    return this.failingAddresses(account, now);
  }

  private async failingAddresses(account: string, now: Date): Promise<number> {
    const since = new Date(now.getTime() - this.limits.attackWindowSeconds * 1000);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM login_failure_address WHERE email_key = ${account} AND failed_at >= ${since}`.execute(this.db);
    return Number(rows[0]?.n ?? 0);
  }

  /** A successful sign-in clears the pair's failures (the address keeps its count, the account its attack window). */
  async loginSucceeded(account: string, address: string): Promise<void> {
    await this.loginByPair.delete(`${account} ${address}`);
  }

  /**
   * Counts a registration attempt of the address (throws OverLimit past the hour's limit) and
   * answers its number in the hour, which tells whether the challenge is needed.
   */
  async registrationAttempt(address: string): Promise<number> {
    const res = await consume(this.registerByAddress, address);
    if (res.consumedPoints > this.limits.registerPerHour) throw new OverLimit('address', res.msBeforeNext);
    return res.consumedPoints;
  }

  /** Counts a registration with the e-mail domain; throws OverLimit past the burst. */
  async registrationDomain(domain: string): Promise<void> {
    const res = await consume(this.registerByDomain, domain);
    if (res.consumedPoints > this.limits.registerPerDomain) throw new OverLimit('domain', res.msBeforeNext);
  }

  /** Gives back a count of a registration refused for another reason (nothing was created). */
  async registrationRefused(address: string, domain?: string): Promise<void> {
    await Promise.all([this.registerByAddress.reward(address, 1), domain === undefined ? undefined : this.registerByDomain.reward(domain, 1)]);
  }

  /** Counts a reset request; answers the wait when over the limit (the request is then not served). */
  async resetRequested(account: string, address: string): Promise<number> {
    const wait = Math.max(await waitOf(this.resetByAccount, account), await waitOf(this.resetByAddress, address));
    if (wait > 0) return wait;
    await Promise.all([countOne(this.resetByAccount, account), countOne(this.resetByAddress, address)]);
    return 0;
  }
}
