import { describe, expect, it } from 'vitest';
import { isValidIban, normaliseIban } from './iban.ts';

describe('isValidIban', () => {
  it('accepts well-formed IBANs with their check digits, as typed with spaces or lower case', () => {
    expect(isValidIban('IT60 X054 2811 1010 0000 0123 456')).toBe(true);
    expect(isValidIban('it60x0542811101000000123456')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(normaliseIban('it60 x054-2811')).toBe('IT60X0542811');
  });

  it('refuses wrong check digits, a wrong length for the country and what is not an IBAN', () => {
    expect(isValidIban('IT61X0542811101000000123456')).toBe(false);
    expect(isValidIban('IT60X054281110100000012345')).toBe(false);
    expect(isValidIban('DE8937040044053201300')).toBe(false);
    expect(isValidIban('12345')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });
});
