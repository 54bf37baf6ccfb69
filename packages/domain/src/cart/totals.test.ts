import { describe, expect, it } from 'vitest';
import { allocateCents } from './allocate.ts';
import type { CouponRule } from './coupon.ts';
import { feeOptionAmount, isFeeApplied, toggleFeeOption } from './fees.ts';
import { isPaymentAllowed, isVirtualCart, shippingRate, type ShippingRateRule } from './methods.ts';
import { computeCartTotals, totalSegments, type TotalsInput, type TotalsLine } from './totals.ts';

const now = new Date('2026-06-01T12:00:00Z');
const line = (id: number, unitNet: number, qty: number, taxRate = 22, categoryIds: number[] = []): TotalsLine => ({
  id,
  sku: `S${id}`,
  name: `Item ${id}`,
  qty,
  unitNet,
  taxRate,
  categoryIds,
  options: [],
  productFee: 0,
});
const input = (lines: TotalsLine[], extra: Partial<TotalsInput> = {}): TotalsInput => ({
  lines,
  shipping: null,
  shippingFee: 0,
  surcharge: 0,
  serviceTaxRate: 22,
  coupon: null,
  now,
  ...extra,
});
const coupon = (o: Partial<CouponRule>): CouponRule => ({
  code: 'C',
  type: 'percent',
  value: 10,
  categoryIds: null,
  minSubtotal: 0,
  validFrom: null,
  validTo: null,
  active: true,
  ...o,
});

describe('computeCartTotals', () => {
  it('taxes each row once after its discount and adds up exactly', () => {
    // 19.99 × 3 at 22 %: row 59.97, tax 13.1934 → 13.19; unit incl. tax 24.39 (×3 would be 73.17).
    const t = computeCartTotals(input([line(1, 1999, 3), line(2, 1000, 1, 4)]));
    expect(t.items[0]).toMatchObject({ price: 1999, priceInclTax: 2439, rowTotal: 5997, rowTotalInclTax: 7316, tax: 1319 });
    expect(t.items[1]).toMatchObject({ rowTotal: 1000, tax: 40, taxPercent: 4 });
    expect(t).toMatchObject({ subtotal: 6997, tax: 1359, grandTotal: 8356, itemsQty: 4, discount: 0 });
  });

  it('adds shipping, fees and surcharge with the service rate', () => {
    const lines = [{ ...line(1, 10000, 1), productFee: 150 }];
    const t = computeCartTotals(input(lines, { shipping: 549, shippingFee: 3500, surcharge: 600 }));
    // tax: 2200 + 120.78→121 + 770 + 33 + 132
    expect(t).toMatchObject({ shipping: 549, shippingInclTax: 670, productFee: 150, tax: 3256 });
    expect(t.grandTotal).toBe(10000 + 549 + 3500 + 150 + 600 + 3256);
  });

  it('spreads a percent coupon over the lines so they sum to the discount', () => {
    const t = computeCartTotals(input([line(1, 333, 1), line(2, 333, 1), line(3, 334, 1)], { coupon: coupon({ value: 10 }) }));
    expect(t.discount).toBe(100);
    expect(t.items.map((i) => i.discount)).toEqual([33, 33, 34]);
    expect(t.couponActive).toBe(true);
    expect(t.tax).toBe(66 + 66 + 66); // 22 % of 300, 300, 300
  });

  it('limits a coupon to its categories and caps a fixed one at the eligible rows', () => {
    const lines = [line(1, 5000, 1, 22, [90]), line(2, 5000, 1, 22, [100])];
    expect(computeCartTotals(input(lines, { coupon: coupon({ categoryIds: [90] }) })).items.map((i) => i.discount)).toEqual([500, 0]);
    expect(computeCartTotals(input(lines, { coupon: coupon({ type: 'fixed', value: 999_999, categoryIds: [100] }) })).discount).toBe(5000);
  });

  it('keeps an attached coupon inactive below its minimum or outside its dates', () => {
    const below = computeCartTotals(input([line(1, 1000, 1)], { coupon: coupon({ minSubtotal: 5000 }) }));
    expect(below).toMatchObject({ discount: 0, couponCode: 'C', couponActive: false });
    const expired = computeCartTotals(input([line(1, 1000, 1)], { coupon: coupon({ validTo: new Date('2026-01-01') }) }));
    expect(expired.discount).toBe(0);
  });

  it('lists every segment, discount negative', () => {
    const t = computeCartTotals(input([line(1, 1000, 1)], { coupon: coupon({ value: 10 }) }));
    const segments = totalSegments(t, { shipping: 'Corriere' });
    expect(segments.map((s) => s.code)).toEqual(['subtotal', 'shipping', 'shipping_fee', 'product_fee', 'surcharge', 'discount', 'tax', 'grand_total']);
    expect(segments.find((s) => s.code === 'discount')).toEqual({ code: 'discount', title: 'Sconto (C)', value: -100 });
  });
});

describe('allocation, fees and methods', () => {
  it('allocates by largest remainder', () => {
    expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateCents(10, [0, 0])).toEqual([0, 0]);
  });

  it('prices fee options and toggles them', () => {
    expect(feeOptionAmount({ price: 1.5, price_type: 'percent' }, 20000)).toBe(300);
    expect(feeOptionAmount({ price: 35, price_type: 'fixed' }, 0, 2)).toBe(7000);
    expect(toggleFeeOption([1, 2], 2)).toEqual([1]);
    expect(toggleFeeOption([1], 2)).toEqual([1, 2]);
    expect(isFeeApplied(3, [2], 2)).toBe(true);
    expect(isFeeApplied(0, [2], 2)).toBe(false);
  });

  it('hides cash on delivery for virtual carts and from 5,000 EUR', () => {
    const cod = { hideForVirtual: true, maxGrandTotal: 500_000 };
    expect(isPaymentAllowed(cod, { virtual: true, grandTotal: 100 })).toBe(false);
    expect(isPaymentAllowed(cod, { virtual: false, grandTotal: 499_999 })).toBe(true);
    expect(isPaymentAllowed(cod, { virtual: false, grandTotal: 500_000 })).toBe(false);
    expect(isVirtualCart(['virtual', 'downloadable'])).toBe(true);
    expect(isVirtualCart(['virtual', 'simple'])).toBe(false);
    expect(isVirtualCart([])).toBe(false);
  });

  it('rates shipping with the free threshold and surcharges', () => {
    const rule: ShippingRateRule = {
      countries: ['IT'],
      price: 549,
      freeFrom: 30_000,
      surcharges: [
        { kind: 'postcode', title: 'Isole', prefixes: ['90', '07'], amount: 1500 },
        { kind: 'category', title: 'Ingombranti', categoryIds: [90], amount: 4900 },
      ],
    };
    const cart = { subtotalAfterDiscount: 1000, categoryIds: [], country: 'IT', postcode: '20100' };
    expect(shippingRate(rule, cart)).toBe(549);
    expect(shippingRate(rule, { ...cart, subtotalAfterDiscount: 30_000 })).toBe(0);
    expect(shippingRate(rule, { ...cart, postcode: '90133', categoryIds: [90] })).toBe(549 + 1500 + 4900);
    expect(shippingRate(rule, { ...cart, country: 'DE' })).toBeNull();
  });
});
