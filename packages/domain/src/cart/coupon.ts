import { percentOf, type Cents } from '../money.ts';
import { allocateCents } from './allocate.ts';
import { CART_MESSAGES, formatMessage } from './messages.ts';

/** A coupon rule as data (the shop configures it; nothing about it is code). */
export interface CouponRule {
  code: string;
  type: 'percent' | 'fixed';
  /** Percent (10 = 10 %) or, for fixed, cents. */
  value: number;
  /** Only lines in these categories are discounted; null: the whole subtotal. */
  categoryIds: readonly number[] | null;
  /** Smallest subtotal (excl. tax) the coupon needs, cents. */
  minSubtotal: Cents;
  validFrom: Date | null;
  validTo: Date | null;
  active: boolean;
}

export type CouponProblem = 'inactive' | 'not_started' | 'expired' | 'below_minimum';

/** Why the coupon does not apply now to a cart with this subtotal, or null. */
export function couponProblem(rule: CouponRule, subtotal: Cents, now: Date): CouponProblem | null {
  if (!rule.active) return 'inactive';
  if (rule.validFrom && now < rule.validFrom) return 'not_started';
  if (rule.validTo && now >= rule.validTo) return 'expired';
  if (subtotal < rule.minSubtotal) return 'below_minimum';
  return null;
}

/**
 * Why a coupon is refused, when that is no secret (else null: the shop's vague couponInvalid): the shopper was
 * given the code, and a minimum or an end date is printed with it ("valido da 50 EUR di spesa").
 * A code that is unknown, switched off or not yet started stays vague, so guessing learns nothing
 * about codes the shop has not handed out (issue 42).
 */
export function couponRefusalReason(problem: CouponProblem | null, rule: CouponRule): string | null {
  if (problem === 'below_minimum') return formatMessage(CART_MESSAGES.couponBelowMinimum, { amount: wholeOrCents(rule.minSubtotal) });
  if (problem === 'expired') return CART_MESSAGES.couponExpired;
  return null;
}

/** 5000 → "50", 4990 → "49.90". */
const wholeOrCents = (cents: Cents) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

export interface DiscountableLine {
  rowTotal: Cents;
  categoryIds: readonly number[];
}

/**
 * The coupon's discount per line, cents. The discount is computed once on the eligible base
 * (percent of it, or the fixed amount capped at it) and then spread over the eligible lines in
 * proportion to their row totals, so the lines always add up to the cart's discount.
 */
export function couponLineDiscounts(rule: CouponRule, lines: readonly DiscountableLine[]): Cents[] {
  const eligible = (line: DiscountableLine) =>
    rule.categoryIds === null || line.categoryIds.some((id) => rule.categoryIds!.includes(id));
  const weights = lines.map((line) => (eligible(line) ? line.rowTotal : 0));
  const base = weights.reduce((a, b) => a + b, 0);
  const total = rule.type === 'percent' ? percentOf(base, Math.min(100, rule.value)) : Math.min(rule.value, base);
  return allocateCents(total, weights);
}
