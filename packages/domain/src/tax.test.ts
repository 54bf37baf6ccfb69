import { describe, expect, it } from 'vitest';
import { TAX_RULES } from './tax.fixture.ts';
import { catalogueTaxCountry, FALLBACK_TAX_COUNTRY, findTaxRate, priceFromGross, priceWithTax } from './tax.ts';

describe('findTaxRate', () => {
  it.each([
    ['class string 2, IT', '2', { country: 'IT' }, 22],
    ['class 2, DE', 2, { country: 'DE' }, 19],
    ['class 2, country without rate', 2, { country: 'FR' }, 0],
    ['class 0', '0', { country: 'IT' }, 0],
    ['unknown class 9', 9, { country: 'IT' }, 0],
    ['missing class', undefined, { country: 'IT' }, 0],
    ['class 5, no region (T11)', 5, { country: 'IT', region: '' }, 0],
    ['class 5, Lombardia (T12)', 5, { country: 'IT', region: 'Lombardia' }, 10],
    ['class 6, group 1 (T13)', 6, { country: 'IT', userGroupId: 1 }, 4],
    ['class 6, group 3 (T14)', 6, { country: 'IT', userGroupId: 3 }, 0],
    ['class 6, no group (T15)', 6, { country: 'IT', userGroupId: null }, 4],
  ])('%s', (_label, taxClass, ctx, expected) => {
    expect(findTaxRate(taxClass, TAX_RULES, ctx)).toBe(expected);
  });
});

describe('priceWithTax / priceFromGross', () => {
  it('adds tax rounded to cents', () => {
    expect(priceWithTax(1999, 22)).toEqual({ net: 1999, tax: 440, gross: 2439 });
    expect(priceWithTax(10000, 0)).toEqual({ net: 10000, tax: 0, gross: 10000 });
  });

  it('splits a gross price and keeps the gross exact', () => {
    expect(priceFromGross(12200, 22)).toEqual({ net: 10000, tax: 2200, gross: 12200 });
    expect(priceFromGross(1000, 22)).toEqual({ net: 820, tax: 180, gross: 1000 });
    expect(priceFromGross(2439, 22)).toEqual({ net: 1999, tax: 440, gross: 2439 });
  });
});

describe('catalogue tax country (catalogue §4)', () => {
  it('is the configured default, else PL', () => {
    expect(catalogueTaxCountry('IT')).toBe('IT');
    expect(catalogueTaxCountry('')).toBe('PL');
    expect(catalogueTaxCountry(undefined)).toBe(FALLBACK_TAX_COUNTRY);
  });
});
