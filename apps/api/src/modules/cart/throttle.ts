import type { Db } from '@shop/db';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { countOne, databaseRateLimiter, waitOf } from '../../http/database-rate-limiter.ts';
import type { CartLimits } from './limits.ts';

/** Coupon guessing: 5 refusals per cart, 20 per client address (an office shares one), in 10 minutes. */
export const COUPON_REFUSALS = { cart: 5, address: 20 } as const;
const COUPON_WINDOW_SECONDS = 10 * 60;

/**
 * Coupon guessing and new guest carts, counted in the shop's database: every API instance on one
 * PostgreSQL server shares the counts (ADR 0024). Fixed windows, as the login lockout: a key's
 * window opens at its first event, and once the limit is reached the key waits for its end.
 */
export class CartThrottle {
  private readonly couponsByCart;
  private readonly couponsByAddress;
  private readonly creations;

  constructor(db: Db, limits: Pick<CartLimits, 'createsPerWindow' | 'createWindowMs'>) {
    this.couponsByCart = databaseRateLimiter(db, 'coupon-cart', COUPON_REFUSALS.cart, COUPON_WINDOW_SECONDS, COUPON_WINDOW_SECONDS);
    this.couponsByAddress = databaseRateLimiter(db, 'coupon-address', COUPON_REFUSALS.address, COUPON_WINDOW_SECONDS, COUPON_WINDOW_SECONDS);
    // The limiter stores whole milliseconds from a duration in seconds: round a fractional window up.
    const windowSeconds = Math.max(1, Math.ceil(limits.createWindowMs / 1000));
    this.creations = databaseRateLimiter(db, 'cart-create-address', limits.createsPerWindow, windowSeconds);
  }

  /** Milliseconds until this cart and this client address may try a coupon again (0: now). */
  async couponWait(cartId: number, address: string): Promise<number> {
    return Math.max(await waitOf(this.couponsByCart, String(cartId)), await waitOf(this.couponsByAddress, address));
  }

  /** Counts a refused coupon against the cart and the client address. */
  async couponRefused(cartId: number, address: string): Promise<void> {
    await Promise.all([countOne(this.couponsByCart, String(cartId)), countOne(this.couponsByAddress, address)]);
  }

  /**
   * Counts a new cart of the client address in one statement (instances cannot both take the
   * last one); past the limit, the milliseconds until the window ends (the cart is then not made).
   */
  async cartCreated(address: string): Promise<number> {
    try {
      await this.creations.consume(address);
      return 0;
    } catch (error) {
      if (error instanceof RateLimiterRes) return error.msBeforeNext;
      throw error;
    }
  }
}
