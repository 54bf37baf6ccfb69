import { describe, expect, it } from 'vitest';
import { currencySign, formatDate, formatDateTime, formatLongDateTime, formatNumber, formatPrice, formatPriceRangeLabel, shopDateParts } from './format-price.ts';

describe('formatPrice', () => {
  it.each([
    [123450, '€1234,50'],
    [100000000, '€1.000.000,00'],
    [-999, '-€9,99'],
    [0, '€0,00'],
    [5, '€0,05'],
  ])('it-IT EUR %d → %s', (cents, expected) => {
    expect(formatPrice(cents)).toBe(expected);
  });

  it('formats en-US dollars (VSF price filter vectors)', () => {
    expect(formatPrice(2099, { locale: 'en-US', currency: 'USD' })).toBe('$20.99');
    expect(formatPrice(-999, { locale: 'en-US', currency: 'USD' })).toBe('-$9.99');
    expect(formatPrice(123450, { locale: 'en-US', currency: 'USD' })).toBe('$1,234.50');
  });

  it('falls back to en-US separators for an unknown locale', () => {
    expect(formatPrice(123450, { locale: 'not a locale!' })).toBe('€1,234.50');
  });

  it('takes the sign from Intl', () => {
    expect(currencySign()).toBe('€');
    expect(currencySign({ locale: 'en-US', currency: 'USD' })).toBe('$');
  });
});

describe('formatPriceRangeLabel', () => {
  const buckets: [number, number | null][] = [
    [0, 5000],
    [5000, 10000],
    [10000, 15000],
    [15000, null],
  ];

  it('labels the spec ranges like VSF', () => {
    expect(buckets.map(([from, to], i) => formatPriceRangeLabel(i, buckets.length, from, to))).toEqual([
      '< €50',
      '€50 - 100',
      '€100 - 150',
      '> €150',
    ]);
  });

  it('shows decimals only when a bound is not whole', () => {
    expect(formatPriceRangeLabel(1, 3, 4999, 9950)).toBe('€49,99 - 99,50');
  });

  it('reads an open upper bound as "over"', () => {
    expect(formatPriceRangeLabel(1, 4, 5000, null)).toBe('> €50');
  });
});

describe('formatNumber', () => {
  it('groups and separates decimals the locale\'s way', () => {
    expect(formatNumber(12345)).toBe('12.345');
    expect(formatNumber(1234)).toBe('1234'); // it-IT does not group 4 digits
    expect(formatNumber(4.5, 'it-IT', { maximumFractionDigits: 1 })).toBe('4,5');
    expect(formatNumber(4.56, 'it-IT', { maximumFractionDigits: 1 })).toBe('4,6');
    expect(formatNumber(12345, 'en-US')).toBe('12,345');
  });

  it('keeps formatters apart by their options', () => {
    expect(formatNumber(4.56, 'it-IT', { maximumFractionDigits: 1 })).toBe('4,6');
    expect(formatNumber(4.56)).toBe('4,56');
  });

  it('falls back to en-US for an unknown or malformed locale', () => {
    expect(formatNumber(12345, 'not a locale')).toBe('12,345');
  });
});

describe('formatDateTime', () => {
  it('writes HH:mm D/M/YYYY in Rome time', () => {
    expect(formatDateTime(new Date('2024-03-05T23:07:00Z'))).toBe('00:07 6/3/2024'); // CET, UTC+1
    expect(formatDateTime(new Date('2024-07-09T08:30:00Z'))).toBe('10:30 9/7/2024'); // CEST, UTC+2
  });

  it('accepts VSF date strings (UTC)', () => {
    expect(formatDateTime('2017-10-31 00:07:05', 'en-US')).toBe('01:07 31/10/2017');
    expect(formatDateTime('garbage')).toBe('');
  });
});

describe('dates in the shop time zone (Europe/Rome)', () => {
  it('gives Rome\'s day to a moment just before midnight UTC, in winter (UTC+1) and summer (UTC+2)', () => {
    expect(formatDateTime('2026-01-31T23:30:00Z')).toBe('00:30 1/2/2026');
    expect(formatDate('2026-01-31T23:30:00Z')).toBe('1/2/2026');
    expect(formatDateTime('2026-06-30T22:15:00Z')).toBe('00:15 1/7/2026');
    expect(formatDateTime('2026-06-30T21:59:00Z')).toBe('23:59 30/6/2026');
    expect(formatDate('2026-12-31T23:00:00Z', { padded: true })).toBe('01/01/2027');
  });

  it('follows the clock change (last Sunday of March and of October)', () => {
    expect(formatDateTime('2026-03-29T00:59:00Z')).toBe('01:59 29/3/2026'); // still CET
    expect(formatDateTime('2026-03-29T01:00:00Z')).toBe('03:00 29/3/2026'); // CEST from 02:00
    expect(formatDateTime('2026-10-25T00:30:00Z')).toBe('02:30 25/10/2026'); // CEST
    expect(formatDateTime('2026-10-25T01:30:00Z')).toBe('02:30 25/10/2026'); // CET again
  });

  it('writes the same text whatever the locale (the spec pattern, Latin digits)', () => {
    for (const locale of ['it-IT', 'en-US', 'de-DE', 'ar-EG', 'not a locale']) expect(formatDateTime('2026-05-04T07:05:00Z', locale)).toBe('09:05 4/5/2026');
  });

  it('gives the parts, and nothing for unreadable dates', () => {
    expect(shopDateParts('2026-12-31 23:30:00')).toEqual({ year: 2027, month: 1, day: 1, hour: 0, minute: 30 });
    expect(shopDateParts('')).toBeNull();
    expect(formatDate('garbage')).toBe('');
    expect(formatLongDateTime('garbage')).toBe('');
  });

  it('writes a letter\'s date out in Italian', () => {
    expect(formatLongDateTime('2026-11-25T10:00:00Z')).toBe('25 novembre 2026 alle ore 11:00');
    expect(formatLongDateTime('2026-07-31T22:05:00Z')).toBe('1 agosto 2026 alle ore 00:05');
  });
});
