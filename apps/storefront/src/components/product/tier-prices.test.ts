import { describe, expect, it } from 'vitest';
import { guestTierPrices } from './tier-prices.ts';

describe('guestTierPrices', () => {
  it('lists the guest tiers by quantity with their saving', () => {
    const tiers = [
      { customer_group_id: 0, qty: 50, value: 90 },
      { customer_group_id: 0, qty: 10, value: 95 },
      { customer_group_id: 2, qty: 1, value: 92 },
      { customer_group_id: 32000, qty: 10, value: 94 },
    ];
    expect(guestTierPrices(tiers, 100)).toEqual([
      { qty: 10, cents: 9400, percent: 6 },
      { qty: 50, cents: 9000, percent: 10 },
    ]);
  });

  it('ignores tiers that are no discount and products without a price', () => {
    expect(guestTierPrices([{ customer_group_id: 0, qty: 5, value: 100 }], 100)).toEqual([]);
    expect(guestTierPrices([{ customer_group_id: 0, qty: 5, value: 1 }], 0)).toEqual([]);
    expect(guestTierPrices(undefined, 10)).toEqual([]);
  });
});
