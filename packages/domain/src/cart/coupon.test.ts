import { describe, expect, it } from 'vitest';
import { couponRefusalReason, type CouponRule } from './coupon.ts';
import { CART_MESSAGES } from './messages.ts';

const rule = (minSubtotal: number): CouponRule => ({ code: 'X', type: 'fixed', value: 500, categoryIds: null, minSubtotal, validFrom: null, validTo: null, active: true });

describe('couponRefusalReason (issue 42)', () => {
  it('names the minimum and the end date, which the shopper was given with the code', () => {
    expect(couponRefusalReason('below_minimum', rule(5000))).toBe('This coupon code is valid from 50 EUR of purchases (VAT excluded).');
    expect(couponRefusalReason('below_minimum', rule(4990))).toBe('This coupon code is valid from 49.90 EUR of purchases (VAT excluded).');
    expect(couponRefusalReason('expired', rule(0))).toBe(CART_MESSAGES.couponExpired);
  });

  it('says nothing of codes not handed out yet or switched off', () => {
    expect(couponRefusalReason('not_started', rule(0))).toBeNull();
    expect(couponRefusalReason('inactive', rule(0))).toBeNull();
    expect(couponRefusalReason(null, rule(0))).toBeNull();
  });
});
