import { describe, expect, it } from 'vitest';
import type { ConfigurableChild, ProductDoc } from './catalog/types.ts';
import {
  configurableItemOptions,
  findConfigurableVariant,
  getSelectedVariant,
  type ProductConfiguration,
} from './variant.ts';

function child(sku: string, color: string, size: string, pit: number, inStock: boolean, status = 1): ConfigurableChild {
  return {
    sku,
    id: sku.length,
    status,
    price: pit,
    price_incl_tax: pit,
    original_price_incl_tax: pit,
    color,
    size,
    stock: { qty: inStock ? 5 : 0, is_in_stock: inStock },
  };
}

// Fixture P of vsf1-behavior.md §1(b).
const P = {
  configurable_children: [
    child('COLT-01-R-S', '10', '20', 30, true),
    child('COLT-01-R-M', '10', '21', 25, true),
    child('COLT-01-B-S', '11', '20', 20, false),
    child('COLT-01-B-M', '11', '21', 28, true, 2),
    child('COLT-01-V-M', '12', '21', 35, true),
  ],
};

describe('findConfigurableVariant (vectors S1–S13)', () => {
  it.each<[string, ProductConfiguration | null, string, string]>([
    ['S1', { color: '10', size: '21' }, 'R-M', 'R-M'],
    ['S2', { color: '11' }, 'R-M', 'B-S'],
    ['S3', { color: '99' }, 'R-M', 'B-S'],
    ['S4', { sku: 'COLT-01-V-M' }, 'V-M', 'V-M'],
    ['S5 tie 25 vs 35', { size: '21' }, 'R-M', 'R-M'],
    ['S6', { size: '20' }, 'R-S', 'B-S'],
    ['S7 option object', { color: { id: 12, label: 'Verde' } }, 'V-M', 'V-M'],
    ['S8 null value ignored', { color: null, size: '20' }, 'R-S', 'B-S'],
    ['S9 list of values', { color: ['11', '12'] }, 'V-M', 'B-S'],
    ['S10 price ignored', { price: '0.0-50.0', color: '12' }, 'V-M', 'V-M'],
    // Spec wins: an exact sku match is kept (VSF returned R-M, a cheaper child matching `size`).
    ['S11 exact sku wins', { sku: 'COLT-01-R-S', size: '21' }, 'R-S', 'R-S'],
    ['S12 null', null, 'R-M', 'B-S'],
    ['S12 empty', {}, 'R-M', 'B-S'],
    ['numbers match string attributes', { color: 10, size: 21 }, 'R-M', 'R-M'],
  ])('%s', (_name, configuration, inStockOnly, listingOutOfStock) => {
    expect(findConfigurableVariant(P, configuration, { listOutOfStockProducts: false })?.sku).toBe(
      `COLT-01-${inStockOnly}`,
    );
    expect(findConfigurableVariant(P, configuration, { listOutOfStockProducts: true })?.sku).toBe(
      `COLT-01-${listingOutOfStock}`,
    );
  });

  it('S13: selectDefaultChildren takes the first available child', () => {
    for (const listOutOfStockProducts of [false, true]) {
      expect(
        findConfigurableVariant(P, { color: '12' }, { selectDefaultChildren: true, listOutOfStockProducts })?.sku,
      ).toBe('COLT-01-R-S');
    }
  });

  it('never selects a disabled child, even by sku', () => {
    expect(findConfigurableVariant(P, { sku: 'COLT-01-B-M' }, { listOutOfStockProducts: true })?.sku).not.toBe(
      'COLT-01-B-M',
    );
  });

  it('reads attributes kept in custom_attributes', () => {
    const product = {
      configurable_children: [
        { ...child('A', '1', '1', 10, true), color: undefined },
        { sku: 'B', id: 2, status: 1, price: 20, custom_attributes: [{ attribute_code: 'color', value: '7' }] },
      ],
    };
    expect(findConfigurableVariant(product, { color: '7' })?.sku).toBe('B');
  });
});

describe('getSelectedVariant', () => {
  it('S14: undefined when every child is out of stock, even with fallback', () => {
    const soldOut = { configurable_children: P.configurable_children.map((c) => ({ ...c, stock: { qty: 0, is_in_stock: false } })) };
    expect(getSelectedVariant(soldOut, {}, { fallbackToDefaultWhenNoAvailable: true })).toBeUndefined();
  });

  it('S15: ties go to the lowest price_incl_tax, falling back to original_price_incl_tax', () => {
    const product = {
      configurable_children: [
        { sku: 'A', id: 1, status: 1, price: 10, price_incl_tax: 10 },
        { sku: 'B', id: 2, status: 1, price: 50, price_incl_tax: 50, original_price_incl_tax: 50 },
        { sku: 'C', id: 3, status: 1, price: 40, price_incl_tax: 40, original_price_incl_tax: 40 },
        { sku: 'D', id: 4, status: 1, price: 45, price_incl_tax: 0, original_price_incl_tax: 45 },
      ],
    };
    // Spec wins: VSF returned C because it skipped A for lacking original_price_incl_tax.
    expect(getSelectedVariant(product, {})?.sku).toBe('A');
    expect(getSelectedVariant({ configurable_children: product.configurable_children.slice(1) }, {})?.sku).toBe('C');
  });

  it('S16: equal prices keep the first child', () => {
    const product = {
      configurable_children: [
        { sku: 'A', id: 1, status: 1, price: 10, price_incl_tax: 10, original_price_incl_tax: 10 },
        { sku: 'B', id: 2, status: 1, price: 10, price_incl_tax: 10, original_price_incl_tax: 10 },
      ],
    };
    expect(getSelectedVariant(product, {})?.sku).toBe('A');
  });

  it('falls back to the best partial match by default', () => {
    // R-S (size) and V-M (colour) both match one attribute; R-S is cheaper.
    expect(getSelectedVariant(P, { color: '12', size: '20' })?.sku).toBe('COLT-01-R-S');
  });

  it('without fallback returns only a full match, so the page can warn', () => {
    const strict = { fallbackToDefaultWhenNoAvailable: false };
    expect(getSelectedVariant(P, { color: '12', size: '20' }, strict)).toBeUndefined();
    expect(getSelectedVariant(P, { color: '12', size: '21' }, strict)?.sku).toBe('COLT-01-V-M');
    expect(getSelectedVariant(P, { price: '0.0-50.0' }, strict)?.sku).toBe('COLT-01-R-M');
  });
});

describe('configurableItemOptions', () => {
  const product: Pick<ProductDoc, 'configurable_options'> = {
    configurable_options: [
      { attribute_id: '93', attribute_code: 'color', values: [{ value_index: 10 }] },
      { attribute_id: 142, attribute_code: 'size', values: [{ value_index: 21 }] },
    ],
  };

  it('lists configurable attributes as strings, excluding price and unknown codes', () => {
    expect(
      configurableItemOptions(product, { color: { id: 10, label: 'Rosso' }, size: 21, price: '0.0-50.0', marca: '5' }),
    ).toEqual([
      { option_id: '93', option_value: '10' },
      { option_id: '142', option_value: '21' },
    ]);
  });
});
