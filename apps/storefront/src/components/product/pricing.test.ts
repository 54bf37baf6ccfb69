import { describe, expect, it } from 'vitest';
import type { ProductLink } from '@shop/domain';
import { bundleTotal, defaultBundleChoices } from './bundle-pricing.ts';
import { groupedFromPrice, groupedHeadline, groupedSelectionTotal } from './grouped-pricing.ts';
import { applyRenderList, chosenOptionValues, withCustomOptions } from './pricing.ts';
import type { BundleOptionView, CustomOptionView, GroupedMember, PriceDoc, SellableItem } from './types.ts';

const item = (sku: string, price: number, gross: number, extra: Partial<SellableItem> = {}): SellableItem => ({
  sku,
  id: 1,
  name: sku,
  status: 1,
  price,
  price_incl_tax: gross,
  availability: { tone: 'neutral', text: '' },
  ...extra,
});

describe('withCustomOptions', () => {
  const base = { net: 10000, gross: 12200, originalNet: null, originalGross: null };

  it('adds fixed prices and percents of the product price (spec vector 100/122 → +25/+28.30)', () => {
    const values = [
      { option_type_id: 1, title: 'a', price: 10, price_type: 'fixed' as const },
      { option_type_id: 2, title: 'b', price: 10, price_type: 'percent' as const },
      { option_type_id: 3, title: 'c', price: 5, price_type: 'percent' as const },
    ];
    expect(withCustomOptions(base, values)).toEqual({ net: 12500, gross: 15030, originalNet: null, originalGross: null });
  });

  it('ignores values whose option_type_id is not above 0', () => {
    expect(withCustomOptions(base, [{ option_type_id: 0, title: 'x', price: 50, price_type: 'fixed' }]).net).toBe(10000);
  });

  it('adds the options to the struck-through original and the 30-day lowest price too', () => {
    const discounted = { net: 8000, gross: 9760, originalNet: 10000, originalGross: 12200, lowestNet: 8500, lowestGross: 10370 };
    const result = withCustomOptions(discounted, [{ option_type_id: 5, title: 'p', price: 10, price_type: 'percent' }]);
    expect(result).toEqual({ net: 8800, gross: 10736, originalNet: 11000, originalGross: 13420, lowestNet: 9350, lowestGross: 11407 });
  });
});

describe('chosenOptionValues', () => {
  const options: CustomOptionView[] = [
    { option_id: 10, title: 'Lunghezza', type: 'drop_down', is_require: true, values: [
      { option_type_id: 100, title: '40 cm', price: 0, price_type: 'fixed' },
      { option_type_id: 101, title: '50 cm', price: 8, price_type: 'fixed' },
    ] },
    { option_id: 11, title: 'Note', type: 'area', is_require: false },
  ];

  it('returns the chosen values and ignores text options', () => {
    expect(chosenOptionValues(options, { 10: [101], 11: 'angoli smussati' }).map((v) => v.title)).toEqual(['50 cm']);
    expect(chosenOptionValues(options, {})).toEqual([]);
  });
});

describe('grouped prices', () => {
  const members: GroupedMember[] = [
    { ...item('A', 14, 17.22), qty: 1 },
    { ...item('B', 17, 20.91), qty: 1 },
    { ...item('C', 21, 25.83), qty: 1 },
  ];
  const links: ProductLink[] = members.map((m, position) => ({
    sku: 'G', link_type: 'associated', linked_product_sku: m.sku, linked_product_type: 'simple', position,
  }));

  it('sums the associated products at quantity 1 (spec vector 52 / 63.96)', () => {
    expect(groupedHeadline(links, members)).toMatchObject({ net: 5200, gross: 6396 });
  });

  it('reads "da" the cheapest member that can be bought (issue 42 point 10)', () => {
    expect(groupedFromPrice(members.map((member, i) => ({ member, buyable: i > 0 })))).toMatchObject({ net: 1700, gross: 2091 });
    expect(groupedFromPrice(members.map((member) => ({ member, buyable: false })))).toBeNull();
  });

  it('totals a selection by the chosen quantities', () => {
    expect(groupedSelectionTotal(members, { A: 2, B: 0, C: 1 })).toMatchObject({ net: 4900, gross: 6027 });
    expect(groupedSelectionTotal(members, {})).toMatchObject({ net: 0, gross: 0 });
  });
});

describe('bundle prices', () => {
  const options: BundleOptionView[] = [
    { option_id: 1, title: 'Pentola', required: true, type: 'radio', product_links: [
      { id: '25', sku: 'P25', qty: 1, is_default: true, canChangeQty: false },
      { id: '26', sku: 'P26', qty: 1, is_default: false, canChangeQty: false },
    ] },
    { option_id: 2, title: 'Padella', required: true, type: 'radio', product_links: [
      { id: '29', sku: 'P29', qty: 2, is_default: true, canChangeQty: true },
    ] },
  ];
  const items = { P25: item('P25', 26.9, 32.82), P26: item('P26', 155.9, 190.2), P29: item('P29', 21.9, 26.72) };

  it('starts from the default link of each option at its quantity', () => {
    const choices = defaultBundleChoices(options);
    expect(choices).toEqual({ 1: { ids: ['25'], qty: 1 }, 2: { ids: ['29'], qty: 2 } });
    expect(bundleTotal(options, items, choices)).toMatchObject({ net: 2690 + 2 * 2190, gross: 3282 + 2 * 2672 });
  });

  it('never preselects a sold-out link: the first buyable one, or none (issue 42 point 10)', () => {
    const soldOut = { qty: 0, is_in_stock: false };
    const withStock = { ...items, P25: item('P25', 26.9, 32.82, { stock: soldOut }), P29: item('P29', 21.9, 26.72, { stock: soldOut }) };
    expect(defaultBundleChoices(options, withStock)).toEqual({ 1: { ids: ['26'], qty: 1 }, 2: { ids: [], qty: 1 } });
  });

  it('follows a changed selection and quantity', () => {
    const choices = { 1: { ids: ['26'], qty: 1 }, 2: { ids: ['29'], qty: 3 } };
    expect(bundleTotal(options, items, choices)).toMatchObject({ net: 15590 + 3 * 2190 });
  });

  it('counts nothing for an option left empty', () => {
    expect(bundleTotal(options, items, { 1: { ids: [], qty: 1 }, 2: { ids: ['29'], qty: 1 } })).toMatchObject({ net: 2190 });
  });
});

describe('applyRenderList', () => {
  const docs: Record<string, PriceDoc> = {
    A: { sku: 'A', status: 1, price: 100, price_incl_tax: 122, original_price: 100, original_price_incl_tax: 122, special_price: 0 },
    B: { sku: 'B', status: 1, price: 50, price_incl_tax: 61, special_price: 0 },
  };
  const prices = (final: number, regular: number, special: number, rate = 1.22) => ({
    final_price: final * rate,
    regular_price: regular * rate,
    special_price: special * rate,
    extension_attributes: { tax_adjustments: { final_price: final, regular_price: regular, special_price: special } },
  });

  it('writes the current prices over the cached ones', () => {
    const next = applyRenderList(docs, [{ sku: 'A', price_info: prices(80, 100, 80) }]);
    expect(next['A']).toMatchObject({ price: 80, price_incl_tax: 97.6, original_price: 100, original_price_incl_tax: 122, special_price: 80, price_is_current: true });
    expect(next['B']).toBe(docs['B']);
    expect(next['B']).not.toHaveProperty('price_is_current');
  });

  it('drops the special price when the final price is not below the regular one', () => {
    expect(applyRenderList(docs, [{ sku: 'A', price_info: prices(100, 100, 90) }])['A']!.special_price).toBe(0);
  });

  it('ignores unknown skus and malformed entries', () => {
    const bad = { sku: 'A', price_info: { final_price: 1, regular_price: 1, special_price: 0 } };
    expect(applyRenderList(docs, [{ sku: 'Z', price_info: prices(1, 1, 0) }, bad])).toEqual(docs);
  });
});
