import type { PriceHistoryEntry } from '@shop/db';
import type { ProductDoc } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { discountedSkus, lowestPriceBeforeDiscount, withLowestPrice30d } from './lowest-price-30d.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW - days * 86_400_000);

function entry(
  recordedDaysAgo: number,
  regular: number,
  special: number | null = null,
  window: { from?: number; to?: number } = {},
): PriceHistoryEntry {
  return {
    regular_price_cents: regular,
    special_price_cents: special,
    special_from: window.from === undefined ? null : daysAgo(window.from),
    special_to: window.to === undefined ? null : daysAgo(window.to),
    recorded_at: daysAgo(recordedDaysAgo),
  };
}

describe('lowestPriceBeforeDiscount', () => {
  it('knows nothing without history or without a current discount', () => {
    expect(lowestPriceBeforeDiscount([])).toBeNull();
    expect(lowestPriceBeforeDiscount([entry(10, 10_000)])).toBeNull();
  });

  it('knows nothing when the discount was running when the history began', () => {
    expect(lowestPriceBeforeDiscount([entry(5, 10_000, 8_000)])).toBeNull();
  });

  it('is the regular price that held before the discount', () => {
    expect(lowestPriceBeforeDiscount([entry(100, 10_000), entry(0, 10_000, 8_000)])).toBe(10_000);
  });

  it('takes the lowest of the prices of the 30 days before', () => {
    const history = [entry(100, 10_000), entry(20, 9_000), entry(10, 12_000), entry(1, 12_000, 9_900)];
    expect(lowestPriceBeforeDiscount(history)).toBe(9_000);
  });

  it('ignores prices that ended before the 30 days', () => {
    const history = [entry(60, 7_000), entry(35, 10_000), entry(1, 10_000, 8_000)];
    expect(lowestPriceBeforeDiscount(history)).toBe(10_000);
  });

  it('counts a price set before the 30 days that still held inside them', () => {
    const history = [entry(60, 7_000), entry(20, 10_000), entry(1, 10_000, 8_000)];
    expect(lowestPriceBeforeDiscount(history)).toBe(7_000);
  });

  it('measures the 30 days from when a scheduled discount opens', () => {
    // Recorded 20 days ago, opening 5 days ago: the 30 days run from 35 to 5 days ago.
    const history = [entry(60, 9_500), entry(38, 10_000), entry(20, 10_000, 8_000, { from: 5 })];
    expect(lowestPriceBeforeDiscount(history)).toBe(10_000);
    const earlier = [entry(60, 9_500), entry(34, 10_000), entry(20, 10_000, 8_000, { from: 5 })];
    expect(lowestPriceBeforeDiscount(earlier)).toBe(9_500);
  });

  it('counts an earlier promotion inside the 30 days, but not one whose window lay outside them', () => {
    const inside = [entry(90, 10_000, 8_500, { from: 25, to: 15 }), entry(1, 10_000, 8_000)];
    expect(lowestPriceBeforeDiscount(inside)).toBe(8_500);
    const outside = [entry(90, 10_000, 7_000, { from: 80, to: 50 }), entry(1, 10_000, 8_000)];
    expect(lowestPriceBeforeDiscount(outside)).toBe(10_000);
  });

  it('skips the regular price where an earlier promotion covered the whole period', () => {
    const history = [entry(200, 10_000, 9_000, { from: 150 }), entry(1, 10_000, 8_000)];
    expect(lowestPriceBeforeDiscount(history)).toBe(9_000);
  });

  it('does not treat a special price at or above the regular price as a promotion', () => {
    const history = [entry(90, 10_000, 10_500), entry(1, 10_000, 8_000)];
    expect(lowestPriceBeforeDiscount(history)).toBe(10_000);
  });

  it('dates the discount from the first entry of the unbroken run with its amount', () => {
    // The regular price changed while the same discount ran: the discount began 50 days ago.
    const history = [entry(70, 9_000), entry(50, 12_000, 8_000), entry(10, 13_000, 8_000)];
    expect(lowestPriceBeforeDiscount(history)).toBe(9_000);
  });
});

describe('withLowestPrice30d', () => {
  const taxed = (fields: Partial<ProductDoc>): ProductDoc => ({
    id: 1,
    sku: 'P',
    name: 'P',
    type_id: 'simple',
    status: 1,
    visibility: 4,
    price: 80,
    original_price: 100,
    special_price: 0,
    price_incl_tax: 97.6,
    ...fields,
  });
  const history = new Map([['P', [entry(100, 9_000), entry(1, 10_000, 8_000)]]]);

  it('adds the net value and the value with tax at the given rate to a discounted document', () => {
    const doc = withLowestPrice30d(taxed({ special_price: 80 }), history, 22);
    expect(doc).toMatchObject({ lowest_price_30d: 90, lowest_price_30d_incl_tax: 109.8 });
  });

  it('falls back to the regular price without history', () => {
    const doc = withLowestPrice30d(taxed({ special_price: 80 }), new Map(), 22);
    expect(doc).toMatchObject({ lowest_price_30d: 100, lowest_price_30d_incl_tax: 122 });
  });

  it('leaves a document without a discount alone', () => {
    const doc = taxed({});
    expect(withLowestPrice30d(doc, history, 22)).toBe(doc);
    expect(discountedSkus([doc])).toEqual([]);
  });

  it('gives a configurable parent the values of the child whose discount it shows', () => {
    const child = (sku: string, special: number, incl: number) => ({ sku, id: 2, status: 1, price: special, special_price: special, price_incl_tax: incl, original_price: 100 });
    const parent = taxed({
      sku: 'C',
      type_id: 'configurable',
      special_price: 70,
      price_incl_tax: 85.4,
      configurable_children: [child('C-1', 75, 91.5), child('C-2', 70, 85.4)],
    });
    expect(discountedSkus([parent])).toEqual(['C', 'C-1', 'C-2']);
    const childHistory = new Map([
      ['C-1', [entry(100, 9_500), entry(1, 10_000, 7_500)]],
      ['C-2', [entry(100, 8_800), entry(1, 10_000, 7_000)]],
    ]);
    const doc = withLowestPrice30d(parent, childHistory, 0);
    expect(doc.lowest_price_30d).toBe(88);
    expect(doc.configurable_children!.map((c) => c.lowest_price_30d)).toEqual([95, 88]);
  });
});
