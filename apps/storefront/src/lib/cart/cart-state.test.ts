import { describe, expect, it } from 'vitest';
import { addItem, patchLine, removeLine, removeUnconfirmed, withChecksum } from './cart-state.ts';
import { appliedCoupon, lineKey, lineTotals, totalQty } from './cart-view.ts';
import type { CartItem, CartTotals } from './types.ts';

const simple = (sku: string, qty = 1, extra: Partial<CartItem> = {}) => withChecksum({ sku, name: sku, qty, type_id: 'simple', ...extra });
const custom = (value: string, qty = 1) =>
  withChecksum({ sku: 'K', name: 'K', qty, type_id: 'simple', product_option: { extension_attributes: { custom_options: [{ option_id: 1, option_value: value }] } } });

describe('cart items', () => {
  it('adds the quantity to a matching line and appends others', () => {
    let items = addItem([], simple('A', 2));
    items = addItem(items, simple('A', 3));
    items = addItem(items, simple('B'));
    expect(items.map((i) => [i.sku, i.qty])).toEqual([['A', 5], ['B', 1]]);
  });

  it('keeps lines with different custom options apart and merges equal ones', () => {
    let items = addItem([], custom('11'));
    items = addItem(items, custom('12'));
    items = addItem(items, custom('11', 2));
    expect(items.map((i) => i.qty)).toEqual([3, 1]);
    expect(new Set(items.map(lineKey)).size).toBe(2);
  });

  it('patches, removes and drops unconfirmed lines by key', () => {
    const a = simple('A', 1, { server_item_id: 7 });
    const b = simple('B');
    expect(patchLine([a, b], lineKey(b), { qty: 4 })[1]?.qty).toBe(4);
    expect(removeLine([a, b], lineKey(a))).toEqual([b]);
    expect(removeUnconfirmed([a, b])).toEqual([a]);
  });

  it('counts quantities for the badge and reads server totals', () => {
    const a = simple('A', 2, { server_item_id: 7 });
    expect(totalQty([a, simple('B', 3)])).toBe(5);
    const totals = { items: [{ item_id: 7, price: 10 }], coupon_code: 'X' } as unknown as CartTotals;
    expect(lineTotals(totals, a)?.price).toBe(10);
    expect(lineTotals(totals, simple('B'))).toBeUndefined();
    expect(appliedCoupon(totals)).toBe('X');
    expect(appliedCoupon(null)).toBeNull();
  });
});
