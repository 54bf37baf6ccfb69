import { describe, expect, it } from 'vitest';
import { priceView } from './price.ts';

describe('priceView', () => {
  it('shows the net price and its VAT-inclusive twin', () => {
    expect(priceView({ price: 100, price_incl_tax: 122, original_price: 100, original_price_incl_tax: 122, special_price: 0 })).toEqual({
      net: 10000,
      gross: 12200,
      originalNet: null,
      originalGross: null,
    });
  });

  it('strikes the original price through while a special price is active', () => {
    expect(
      priceView({ price: 79.9, price_incl_tax: 97.48, original_price: 99.9, original_price_incl_tax: 121.88, special_price: 79.9 }),
    ).toEqual({ net: 7990, gross: 9748, originalNet: 9990, originalGross: 12188 });
  });

  it('ignores a special price that is not below the original', () => {
    expect(priceView({ price: 50, price_incl_tax: 61, original_price: 50, original_price_incl_tax: 61, special_price: 50 }).originalNet).toBeNull();
  });

  it('copes with untaxed documents and numeric strings', () => {
    expect(priceView({ price: '12.5' as unknown as number })).toEqual({ net: 1250, gross: 1250, originalNet: null, originalGross: null });
    expect(priceView({ price: undefined as unknown as number }).net).toBe(0);
  });
});

describe('priceView: lowest price of the previous 30 days', () => {
  const discounted = { price: 80, price_incl_tax: 97.6, original_price: 100, original_price_incl_tax: 122, special_price: 80 };

  it('carries the lowest 30-day price while a discount is shown', () => {
    expect(priceView({ ...discounted, lowest_price_30d: 85, lowest_price_30d_incl_tax: 103.7 })).toMatchObject({
      lowestNet: 8500,
      lowestGross: 10370,
    });
  });

  it('leaves it out without a discount or without the field', () => {
    expect(priceView(discounted).lowestNet).toBeUndefined();
    expect(priceView({ ...discounted, special_price: 0, lowest_price_30d: 85 }).lowestNet).toBeUndefined();
  });
});
