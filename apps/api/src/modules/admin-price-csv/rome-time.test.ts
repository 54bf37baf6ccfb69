import { describe, expect, it } from 'vitest';
import { fromRomeTime, romeInstant } from './rome-time.ts';

describe('the shop’s clock for the price CSV', () => {
  it('writes an instant with Italy’s offset of the day, winter and summer', () => {
    expect(romeInstant(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01T00:00:00+01:00');
    expect(romeInstant(new Date('2026-07-01T06:30:05.900Z'))).toBe('2026-07-01T08:30:05+02:00');
  });

  it('reads a time of day in Italy back as the instant, across the clock changes', () => {
    expect(fromRomeTime(2027, 1, 1).toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(fromRomeTime(2026, 7, 1, 8, 30, 5).toISOString()).toBe('2026-07-01T06:30:05.000Z');
    // 29 March 2026: 02:00 becomes 03:00 (a skipped time lands an hour later).
    expect(fromRomeTime(2026, 3, 29, 1, 59).toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(fromRomeTime(2026, 3, 29, 2, 30).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(fromRomeTime(2026, 3, 29, 3, 0).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // 25 October 2026: 03:00 becomes 02:00 again (the first 02:30 is taken).
    expect(fromRomeTime(2026, 10, 25, 2, 30).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(fromRomeTime(2026, 10, 25, 3, 30).toISOString()).toBe('2026-10-25T02:30:00.000Z');
    // A day past the month's end is the next month's (the end of a day-only window).
    expect(fromRomeTime(2026, 12, 32).toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });

  it('reads what it writes, to the second, a whole year long', () => {
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 3_600_000 * 7 + 61_000) {
      const written = romeInstant(new Date(at));
      expect(new Date(written).getTime(), written).toBe(Math.floor(at / 1000) * 1000);
    }
  });
});
