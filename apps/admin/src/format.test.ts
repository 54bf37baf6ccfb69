import { describe, expect, it } from 'vitest';
import { centsToInput, formatCents, formatDateTime, formatDay, parseEuros } from './format.ts';

describe('money and dates as the staff read and type them', () => {
  it('reads euros typed the Italian way or with a dot, and refuses the rest', () => {
    expect(parseEuros('1.234,50')).toBe(123450);
    expect(parseEuros('1234,5')).toBe(123450);
    expect(parseEuros('1234.50')).toBe(123450);
    expect(parseEuros(' 12 € ')).toBe(1200);
    expect(parseEuros('1.234')).toBe(123400);
    expect(parseEuros(centsToInput(9999))).toBe(9999);
    for (const wrong of ['', 'abc', '1,2,3', '12,345', '-5']) expect(parseEuros(wrong), wrong).toBeNull();
  });

  it('writes euros and Rome times in it-IT', () => {
    expect(formatCents(1234550).replace(/\s/g, ' ')).toBe('12.345,50 €');
    // 23:30 UTC on 31 December is already 1 January in Rome.
    expect(formatDateTime('2026-12-31T23:30:00Z')).toBe('01/01/27, 00:30');
    expect(formatDay('2026-03-07')).toBe('07/03');
  });
});
