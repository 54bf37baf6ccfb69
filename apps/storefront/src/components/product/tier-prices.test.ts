import { GUEST_GROUP_ID } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { groupTierPrices } from './tier-prices.ts';

describe('groupTierPrices', () => {
  const tiers = [
    { customer_group_id: 0, qty: 50, value: 90 },
    { customer_group_id: 0, qty: 10, value: 95 },
    { customer_group_id: 2, qty: 1, value: 92 },
    { customer_group_id: 2, qty: 20, value: 85 },
    { customer_group_id: 32000, qty: 10, value: 94 },
  ];

  it('lists the guest tiers by quantity with their saving', () => {
    expect(groupTierPrices(tiers, 100, GUEST_GROUP_ID)).toEqual([
      { qty: 10, cents: 9400, percent: 6 },
      { qty: 50, cents: 9000, percent: 10 },
    ]);
  });

  it('lists a signed-in customer’s group tiers and all groups’, not the guests’', () => {
    expect(groupTierPrices(tiers, 100, 2)).toEqual([
      { qty: 1, cents: 9200, percent: 8 },
      { qty: 10, cents: 9400, percent: 6 },
      { qty: 20, cents: 8500, percent: 15 },
    ]);
    expect(groupTierPrices(tiers, 100, 1)).toEqual([{ qty: 10, cents: 9400, percent: 6 }]);
  });

  it('ignores tiers that are no discount and products without a price', () => {
    expect(groupTierPrices([{ customer_group_id: 0, qty: 5, value: 100 }], 100, GUEST_GROUP_ID)).toEqual([]);
    expect(groupTierPrices([{ customer_group_id: 0, qty: 5, value: 1 }], 0, GUEST_GROUP_ID)).toEqual([]);
    expect(groupTierPrices(undefined, 10, GUEST_GROUP_ID)).toEqual([]);
  });
});
