/** Abuse limits of guest carts (issue 13 item 20); from CART_* variables (config.ts). */
export interface CartLimits {
  /** New carts one client address (http/client-address.ts) may create per window; past it, 429. */
  createsPerWindow: number;
  createWindowMs: number;
  /** Guest carts not used by their token for longer than this are deleted. */
  ttlDays: number;
  /** How often the clean-up of idle guest carts runs. */
  sweepIntervalMs: number;
}

/**
 * 30 carts in 10 minutes is far more than a shop (or an office behind one address) makes, and
 * far less than a script filling the table; a month idle is an abandoned cart.
 */
export const DEFAULT_CART_LIMITS: CartLimits = {
  createsPerWindow: 30,
  createWindowMs: 10 * 60_000,
  ttlDays: 30,
  sweepIntervalMs: 60 * 60_000,
};
