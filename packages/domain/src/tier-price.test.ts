import { describe, expect, it } from 'vitest';
import type { ProductDoc, TierPrice } from './catalog/types.ts';
import { calculateProductTax, type ProductTaxContext } from './product-tax.ts';
import { TAX_RULES } from './tax.fixture.ts';
import { ALL_GROUPS_ID, GUEST_GROUP_ID, groupUnitPrice, isTierOfGroup } from './tier-price.ts';

// The demo catalogue's groups: 0 not logged in, 1 retail, 2 wholesale; 32000 all groups.
const TIERS: TierPrice[] = [
  { customer_group_id: 0, qty: 10, value: 95 },
  { customer_group_id: 0, qty: 50, value: 90 },
  { customer_group_id: 1, qty: 5, value: 97 },
  { customer_group_id: 2, qty: 1, value: 92 },
  { customer_group_id: 2, qty: 20, value: 85 },
  { customer_group_id: ALL_GROUPS_ID, qty: 100, value: 88 },
];

describe('groupUnitPrice', () => {
  it.each([
    ['a guest below the first break', GUEST_GROUP_ID, 9, 10_000],
    ['a guest at the break', GUEST_GROUP_ID, 10, 9500],
    ['a guest past the second break', GUEST_GROUP_ID, 60, 9000],
    ['a guest at the all-groups break, lower than the own', GUEST_GROUP_ID, 100, 8800],
    ['a retail customer, who has no guest tiers', 1, 10, 9700],
    ['a wholesale customer at quantity 1', 2, 1, 9200],
    ['a wholesale customer at the all-groups break, higher than the own', 2, 100, 8500],
    ['a group without tiers of its own', 7, 100, 8800],
  ])('%s pays the lowest applicable price', (_name, groupId, qty, cents) => {
    expect(groupUnitPrice(10_000, TIERS, { groupId, qty })).toBe(cents);
  });

  it('keeps a final price below every tier (a special price beats the break)', () => {
    expect(groupUnitPrice(8000, TIERS, { groupId: 2, qty: 20 })).toBe(8000);
  });

  it('counts cents exactly and reads ids, quantities and values written as strings', () => {
    const fromDump = [{ customer_group_id: '2', qty: '1', value: '19.995' }] as unknown as TierPrice[];
    expect(groupUnitPrice(2500, fromDump, { groupId: 2, qty: 1 })).toBe(2000);
    expect(groupUnitPrice(2500, [{ customer_group_id: 2, qty: 1, value: 1.005 }], { groupId: 2, qty: 1 })).toBe(101);
  });

  it('ignores tiers of 0 or less, without a quantity, and missing tier lists', () => {
    const broken: TierPrice[] = [
      { customer_group_id: 0, qty: 1, value: 0 },
      { customer_group_id: 0, qty: 1, value: -5 },
      { customer_group_id: 0, qty: 0, value: 10 },
    ];
    expect(groupUnitPrice(5000, broken, { groupId: 0, qty: 5 })).toBe(5000);
    expect(groupUnitPrice(5000, undefined, { groupId: 0, qty: 5 })).toBe(5000);
  });

  it('tells which tiers are a group’s: its own and all groups’', () => {
    expect(TIERS.filter((tier) => isTierOfGroup(tier, 2)).map((tier) => tier.value)).toEqual([92, 85, 88]);
  });
});

describe('calculateProductTax with a tier context', () => {
  const IT: ProductTaxContext = { country: 'IT', region: '', now: new Date('2024-06-15T12:00:00Z') };
  const doc = (fields: Partial<ProductDoc>): ProductDoc => ({
    id: 1, sku: 'P', name: 'P', type_id: 'simple', status: 1, visibility: 4, price: 100, tax_class_id: '2', tier_prices: TIERS, ...fields,
  });
  const prices = (d: ProductDoc) => [d.price, d.price_tax, d.price_incl_tax, d.original_price_incl_tax, d.special_price];

  it('ignores tiers without one (as before tiers were applied)', () => {
    expect(prices(calculateProductTax(doc({}), TAX_RULES, IT))).toEqual([100, 22, 122, 122, 0]);
  });

  it('lowers the price to the group’s tier for the quantity, taxed, keeping the regular price', () => {
    expect(prices(calculateProductTax(doc({}), TAX_RULES, { ...IT, tier: { groupId: 2, qty: 1 } }))).toEqual([92, 20.24, 112.24, 122, 0]);
    expect(prices(calculateProductTax(doc({}), TAX_RULES, { ...IT, tier: { groupId: GUEST_GROUP_ID, qty: 1 } }))).toEqual([100, 22, 122, 122, 0]);
  });

  it('keeps an active special price below the tier, and goes below it when the tier is lower', () => {
    const special = doc({ special_price: 90 });
    expect(prices(calculateProductTax(special, TAX_RULES, { ...IT, tier: { groupId: 2, qty: 1 } }))).toEqual([90, 19.8, 109.8, 122, 90]);
    expect(calculateProductTax(special, TAX_RULES, { ...IT, tier: { groupId: 2, qty: 20 } }).price).toBe(85);
  });

  it('reads tiers of tax-inclusive sources as gross prices', () => {
    const gross = calculateProductTax(doc({ price: 122, tier_prices: [{ customer_group_id: 2, qty: 1, value: 61 }] }), TAX_RULES, {
      ...IT,
      sourcePriceInclTax: true,
      tier: { groupId: 2, qty: 1 },
    });
    expect([gross.price, gross.price_incl_tax]).toEqual([50, 61]);
  });

  it('prices each configurable child by its own tiers, and the parent shows the cheapest', () => {
    const parent = doc({
      type_id: 'configurable',
      tier_prices: [],
      configurable_children: [
        { sku: 'P-S', id: 2, status: 1, price: 100, tier_prices: [{ customer_group_id: 2, qty: 1, value: 70 }] },
        { sku: 'P-L', id: 3, status: 1, price: 80 },
      ],
    });
    const wholesale = calculateProductTax(parent, TAX_RULES, { ...IT, tier: { groupId: 2, qty: 1 } });
    expect(wholesale.configurable_children!.map((child) => child.price)).toEqual([70, 80]);
    expect(wholesale.price).toBe(70);
    expect(calculateProductTax(parent, TAX_RULES, { ...IT, tier: { groupId: 1, qty: 1 } }).price).toBe(80);
  });
});
