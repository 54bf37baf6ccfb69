import { describe, expect, it } from 'vitest';
import { fromCents, percentOf, roundTo, sumCents, toCents } from './money.ts';

describe('roundTo (vsf-utilities roundTo.test vectors)', () => {
  it.each([
    [1.005, 2, 1.01],
    [10, 2, 10],
    [1.777777, 2, 1.78],
    [9.1, 2, 9.1],
    [1234.5678, 2, 1234.57],
    [1.555, 2, 1.56],
    [1.5551, 2, 1.56],
    [1.3555, 2, 1.36],
    [1.35551, 2, 1.36],
  ])('roundTo(%d, %d) = %d', (x, digits, expected) => {
    expect(roundTo(x, digits)).toBe(expected);
  });

  it('is symmetric for negative values (half away from zero)', () => {
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(-1.555, 2)).toBe(-1.56);
    expect(roundTo(-2.5, 0)).toBe(-3);
    expect(roundTo(2.5, 0)).toBe(3);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundTo(-0.001, 2), 0)).toBe(true);
  });
});

describe('cents conversion', () => {
  it('converts euros to cents with the same rule', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(-1.005)).toBe(-101);
  });

  it('converts cents back to euros', () => {
    expect(fromCents(1999)).toBe(19.99);
    expect(fromCents(-999)).toBe(-9.99);
    expect(fromCents(6396)).toBe(63.96);
  });

  it('takes a percentage rounded to whole cents', () => {
    expect(percentOf(1999, 22)).toBe(440); // 439.78
    expect(percentOf(10000, 22)).toBe(2200);
    expect(percentOf(250, 10)).toBe(25);
    expect(percentOf(5, 10)).toBe(1); // 0.5 rounds away from zero
    expect(percentOf(-5, 10)).toBe(-1);
  });

  it('sums cents', () => {
    expect(sumCents([1400, 1700, 2100])).toBe(5200);
    expect(sumCents([])).toBe(0);
  });
});
