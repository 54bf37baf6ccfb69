import { describe, expect, it } from 'vitest';
import { formatVatNumber, isEuCountry, isValidEuVatNumber } from './vat-number.ts';

describe('EU VAT numbers', () => {
  it('checks Italian numbers with the partita IVA rule, with or without prefix', () => {
    expect(isValidEuVatNumber('IT00743110157')).toBe(true);
    expect(isValidEuVatNumber('00743110157', 'IT')).toBe(true);
    expect(isValidEuVatNumber('IT00000000000')).toBe(false);
    expect(isValidEuVatNumber('00743110157')).toBe(false); // no prefix, no country
  });

  it('checks other EU member states by format and checksum', () => {
    expect(isValidEuVatNumber('PL8951930748')).toBe(true);
    expect(isValidEuVatNumber('8951930748', 'PL')).toBe(true);
    expect(isValidEuVatNumber('DE 129273398')).toBe(true);
    expect(isValidEuVatNumber('DE123456789')).toBe(false);
    expect(isValidEuVatNumber('PL895193074')).toBe(false);
  });

  it('refuses numbers of countries outside the EU', () => {
    expect(isValidEuVatNumber('CHE123456789', 'CH')).toBe(false);
    expect(isEuCountry('US')).toBe(false);
    expect(isEuCountry('at')).toBe(true);
  });

  it('formats the stored number', () => {
    expect(formatVatNumber('IT 00743110157', 'IT')).toBe('00743110157');
    expect(formatVatNumber('8951930748', 'PL')).toBe('PL8951930748');
    expect(formatVatNumber('de-129273398', 'DE')).toBe('DE129273398');
  });
});
