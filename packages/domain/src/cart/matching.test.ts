import { describe, expect, it } from 'vitest';
import type { CartItemLike } from './item.ts';
import { productsEquals } from './matching.ts';

const bundle = (selections: number[], extra: Partial<CartItemLike> = {}): CartItemLike => ({
  sku: 'B',
  product_option: {
    extension_attributes: {
      bundle_options: selections.map((s, i) => ({ option_id: i + 1, option_qty: 1, option_selections: [s] })),
    },
  },
  ...extra,
});
const custom = (sku: string, value: string, extra: Partial<CartItemLike> = {}): CartItemLike => ({
  sku,
  product_option: { extension_attributes: { custom_options: [{ option_id: 1, option_value: value }] } },
  ...extra,
});
const configurable = (sku: string, extra: Partial<CartItemLike> = {}): CartItemLike => ({
  sku,
  product_option: { extension_attributes: { configurable_item_options: [{ option_id: 93, option_value: 1 }] } },
  ...extra,
});

// Vectors of vsf1-behavior §3.1.
describe('productsEquals', () => {
  it('matches bundles by checksum or server id', () => {
    expect(productsEquals(bundle([2, 4, 5, 8], { item_id: 1 }), bundle([2, 4, 5, 8], { item_id: 2 }))).toBe(true);
    expect(productsEquals(bundle([2, 4, 5, 8], { server_item_id: 1 }), { sku: 'B', server_item_id: 1 })).toBe(true);
    expect(productsEquals(bundle([2, 2, 5, 8]), bundle([2, 4, 5, 8]))).toBe(false);
  });

  it('matches custom options by checksum or id, never by sku alone', () => {
    expect(productsEquals(custom('K1', '11'), custom('K2', '11'))).toBe(true);
    expect(productsEquals(custom('K', '11', { item_id: 3 }), custom('K', '12', { item_id: 3 }))).toBe(true);
    expect(productsEquals(custom('K', '11'), custom('K', '12'))).toBe(false);
    expect(productsEquals(custom('K', '11'), { sku: 'K' })).toBe(false);
  });

  it('matches configurable items by sku only', () => {
    expect(productsEquals(configurable('C-red', { item_id: 1 }), configurable('C-red', { item_id: 2 }))).toBe(true);
    expect(productsEquals(configurable('C-red', { item_id: 7 }), configurable('C-blue', { item_id: 7 }))).toBe(false);
    expect(productsEquals(configurable('C'), { sku: 'C' })).toBe(true);
  });

  it('matches plain items by server id or sku', () => {
    expect(productsEquals({ sku: 'A', server_item_id: 7 }, { sku: 'B', server_item_id: 7 })).toBe(true);
    expect(productsEquals({ sku: 'A', server_item_id: 7 }, { sku: 'A', server_item_id: 8 })).toBe(true);
    expect(productsEquals({ sku: 'A', item_id: 7 }, { sku: 'B', server_item_id: 7 })).toBe(true);
    expect(productsEquals({ sku: 123 }, { sku: '123' })).toBe(true);
    expect(productsEquals({ sku: 'A' }, null)).toBe(false);
  });
});
