import { describe, expect, it } from 'vitest';
import { syncPlatformPrice } from './platform-price.ts';

const info = (final: number, regular: number, special: number) => ({
  final_price: final * 1.22,
  regular_price: regular * 1.22,
  special_price: special * 1.22,
  extension_attributes: { tax_adjustments: { final_price: final, regular_price: regular, special_price: special } },
});
const now = new Date('2026-11-25T10:00:00Z');

describe('syncPlatformPrice (catalogue §3–4 price freshness)', () => {
  it('takes the newer platform prices and marks the document current, with the time', () => {
    expect(syncPlatformPrice(info(80, 100, 80), now)).toEqual({
      price: 80,
      price_tax: 17.6,
      price_incl_tax: 97.6,
      final_price: 80,
      final_price_tax: 17.6,
      final_price_incl_tax: 97.6,
      original_price: 100,
      original_price_tax: 22,
      original_price_incl_tax: 122,
      special_price: 80,
      special_price_tax: 17.6,
      special_price_incl_tax: 97.6,
      price_is_current: true,
      price_refreshed_at: '2026-11-25T10:00:00.000Z',
    });
  });

  it('zeroes the special price when the final price is at or above the original', () => {
    expect(syncPlatformPrice(info(100, 100, 90), now)?.special_price).toBe(0);
    expect(syncPlatformPrice(info(110, 100, 90), now)).toMatchObject({ special_price: 0, special_price_tax: 0, special_price_incl_tax: 0, final_price: 110, final_price_incl_tax: 134.2 });
  });

  it('leaves the document as it is when the answer is incomplete', () => {
    expect(syncPlatformPrice({ final_price: 1, regular_price: 1, special_price: 0 }, now)).toBeNull();
    expect(syncPlatformPrice(undefined, now)).toBeNull();
  });
});
