import { describe, expect, it } from 'vitest';
import { parseVsfDate } from './vsf-date.ts';

describe('parseVsfDate', () => {
  it('reads the VSF format as UTC', () => {
    expect(parseVsfDate('2017-10-31 00:07:05')?.toISOString()).toBe('2017-10-31T00:07:05.000Z');
    expect(parseVsfDate('2017-10-31T00:07')?.toISOString()).toBe('2017-10-31T00:07:00.000Z');
  });

  it('reads ISO 8601 with its own zone and date-only values', () => {
    expect(parseVsfDate('2024-06-01T10:00:00+02:00')?.toISOString()).toBe('2024-06-01T08:00:00.000Z');
    expect(parseVsfDate('2000-01-01')?.toISOString()).toBe('2000-01-01T00:00:00.000Z');
  });

  it('returns null for missing or unreadable values', () => {
    expect(parseVsfDate(null)).toBeNull();
    expect(parseVsfDate(undefined)).toBeNull();
    expect(parseVsfDate('')).toBeNull();
    expect(parseVsfDate('not a date')).toBeNull();
    expect(parseVsfDate(new Date(Number.NaN))).toBeNull();
  });
});
