import { describe, expect, it } from 'vitest';
import { sameFields, sameJson } from './same-json.ts';

describe('sameJson and sameFields', () => {
  it('finds a shared reference or equal JSON equal, and any difference different', () => {
    const stock = { qty: 3, is_in_stock: true };
    expect(sameJson(stock, stock)).toBe(true);
    expect(sameJson(stock, { qty: 3, is_in_stock: true })).toBe(true);
    expect(sameJson(stock, { qty: 4, is_in_stock: true })).toBe(false);
    expect(sameJson('a', 'a')).toBe(true);
    expect(sameJson(undefined, null)).toBe(false);
  });

  it('compares documents field by field, in any key order, a missing field being a difference', () => {
    const gallery = [{ image: '/a.jpg' }];
    expect(sameFields({ sku: 'A', gallery }, { gallery, sku: 'A' })).toBe(true);
    expect(sameFields({ sku: 'A', price: 1 }, { sku: 'A', price: 2 })).toBe(false);
    expect(sameFields({ sku: 'A', price: 1 }, { sku: 'A' })).toBe(false);
    expect(sameFields({ sku: 'A', price: undefined }, { sku: 'A', other: undefined })).toBe(false);
  });
});
