import { toCents } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { decimalString } from './provider-http.ts';

describe('amounts for the providers', () => {
  it('turns euros into integer cents without float slips, and cents into PayPal decimal strings', () => {
    // The spec's "total × 100" truncated gives 1998 for 19.99: the shop rounds to cents instead.
    expect(Math.trunc(19.99 * 100)).toBe(1998);
    expect([19.99, 4.35, 8.2, 0.29].map(toCents)).toEqual([1999, 435, 820, 29]);
    expect([1999, 435, 820, 29, 100, 0, 1_000_005].map(decimalString)).toEqual(['19.99', '4.35', '8.20', '0.29', '1.00', '0.00', '10000.05']);
  });
});
