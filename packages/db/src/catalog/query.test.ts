import { describe, expect, it } from 'vitest';
import { filtersOnClockPrice } from './query.ts';

describe('filtersOnClockPrice', () => {
  it('knows the product filters on the effective price, whose matches move with special-price windows', () => {
    expect(filtersOnClockPrice({ entityType: 'product', filters: { price: { gte: 50, lt: 100 } } })).toBe(true);
    expect(filtersOnClockPrice({ entityType: 'product', filters: { category_ids: { in: [3] }, final_price: { gte: 150 } } })).toBe(true);
  });

  it('leaves filters the catalogue alone decides', () => {
    expect(filtersOnClockPrice({ entityType: 'product', filters: { category_ids: { in: [3] }, visibility: { in: [2, 4] }, color: { in: ['49'] } } })).toBe(false);
    expect(filtersOnClockPrice({ entityType: 'category', filters: { level: { eq: 2 } } })).toBe(false);
  });
});
