import { describe, expect, it } from 'vitest';
import { customOptionsDelta, type PricedOptionValue } from './custom-option-price.ts';

const base = { net: 10000, gross: 12200 };

describe('customOptionsDelta', () => {
  it('adds fixed prices and percentages of net and gross (vector 25 / 28.30)', () => {
    const values: PricedOptionValue[] = [
      { option_type_id: 1, price: 10, price_type: 'fixed' },
      { option_type_id: 2, price: 10, price_type: 'percent' },
      { option_type_id: 3, price: 5, price_type: 'percent' },
    ];
    expect(customOptionsDelta(values, base)).toEqual({ net: 2500, gross: 2830 });
  });

  it('ignores values whose option_type_id is not above 0', () => {
    const values: PricedOptionValue[] = [
      { option_type_id: 0, price: 10, price_type: 'fixed' },
      { option_type_id: -1, price: 10, price_type: 'percent' },
      { option_type_id: 4, price: 0, price_type: 'fixed' },
    ];
    expect(customOptionsDelta(values, base)).toEqual({ net: 0, gross: 0 });
  });

  it('rounds each percentage to whole cents', () => {
    const values: PricedOptionValue[] = [{ option_type_id: 1, price: 7.5, price_type: 'percent' }];
    expect(customOptionsDelta(values, { net: 1999, gross: 2439 })).toEqual({ net: 150, gross: 183 });
  });
});
