import { describe, expect, it } from 'vitest';
import { loyaltyCardNumber, luhnDigit } from './loyalty-card.ts';

describe('loyalty card number', () => {
  it('computes the Luhn check digit', () => {
    expect(luhnDigit('7992739871')).toBe(3); // the textbook example 79927398713
  });

  it('is 12 digits in groups of four, different for every customer', () => {
    expect(loyaltyCardNumber(42)).toMatch(/^9000 0000 042\d$/);
    expect(loyaltyCardNumber(42)).not.toBe(loyaltyCardNumber(43));
    const digits = loyaltyCardNumber(123456).replace(/ /g, '');
    expect(luhnDigit(digits.slice(0, -1))).toBe(Number(digits.at(-1)));
  });
});
