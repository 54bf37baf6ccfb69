import { describe, expect, it } from 'vitest';
import { isSpecialPriceActive } from './special-price.ts';

const now = new Date('2024-06-15T12:00:00Z');

describe('isSpecialPriceActive', () => {
  it('is active without bounds', () => {
    expect(isSpecialPriceActive(null, undefined, now)).toBe(true);
    expect(isSpecialPriceActive('', '', now)).toBe(true);
  });

  it('checks each bound alone', () => {
    expect(isSpecialPriceActive('2024-06-01 00:00:00', null, now)).toBe(true);
    expect(isSpecialPriceActive('2025-01-01 00:00:00', null, now)).toBe(false);
    expect(isSpecialPriceActive(null, '2000-01-01 00:00:00', now)).toBe(false);
    expect(isSpecialPriceActive(null, '2024-07-01', now)).toBe(true);
  });

  it('needs now strictly inside both bounds', () => {
    expect(isSpecialPriceActive('2000-01-01 00:00:00', '2025-01-01 00:00:00', now)).toBe(true);
    expect(isSpecialPriceActive('2024-06-15 12:00:00', '2025-01-01', now)).toBe(false);
    expect(isSpecialPriceActive('2024-01-01', '2024-06-15T12:00:00Z', now)).toBe(false);
  });

  it('reads VSF dates as UTC, not local time', () => {
    const justBefore = new Date('2024-06-15T11:59:59Z');
    expect(isSpecialPriceActive('2024-06-15 12:00:00', null, justBefore)).toBe(false);
    expect(isSpecialPriceActive('2024-06-15 11:59:58', null, justBefore)).toBe(true);
  });

  it('treats an unreadable bound as inactive', () => {
    expect(isSpecialPriceActive('soon', null, now)).toBe(false);
  });
});
