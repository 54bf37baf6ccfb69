import { describe, expect, it } from 'vitest';
import type { ProductDoc } from './catalog/types.ts';
import { calculateProductTax, type ProductTaxContext } from './product-tax.ts';
import { TAX_RULES } from './tax.fixture.ts';

const NOW = new Date('2024-06-15T12:00:00Z');
const NEXT_YEAR = '2025-06-15 00:00:00';
const IT: ProductTaxContext = { country: 'IT', region: '', now: NOW };

function product(fields: Partial<ProductDoc>): ProductDoc {
  return { id: 1, sku: 'P', name: 'P', type_id: 'simple', status: 1, visibility: 4, price: 100, tax_class_id: '2', ...fields };
}

function summary(doc: ProductDoc) {
  return {
    price: [doc.price, doc.price_tax, doc.price_incl_tax],
    original: doc.original_price_incl_tax,
    special: [doc.special_price, doc.special_price_incl_tax],
  };
}

describe('calculateProductTax (vsf1-behavior §2 vectors, VSFU rounded results)', () => {
  it.each<[string, Partial<ProductDoc>, Partial<ProductTaxContext>, ReturnType<typeof summary>]>([
    ['T1', {}, {}, { price: [100, 22, 122], original: 122, special: [0, 0] }],
    ['T2', { price: 19.99, tax_class_id: 2 }, {}, { price: [19.99, 4.4, 24.39], original: 24.39, special: [0, 0] }],
    ['T3', { special_price: 80 }, {}, { price: [80, 17.6, 97.6], original: 122, special: [80, 97.6] }],
    [
      'T4',
      { special_price: 80, special_from_date: NEXT_YEAR },
      {},
      { price: [100, 22, 122], original: 122, special: [0, 0] },
    ],
    [
      'T5',
      { special_price: 80, special_to_date: '2000-01-01 00:00:00' },
      {},
      { price: [100, 22, 122], original: 122, special: [0, 0] },
    ],
    [
      'T6',
      { special_price: 80, special_from_date: '2000-01-01 00:00:00', special_to_date: NEXT_YEAR },
      {},
      { price: [80, 17.6, 97.6], original: 122, special: [80, 97.6] },
    ],
    ['T7', { special_price: 120 }, {}, { price: [100, 22, 122], original: 122, special: [0, 0] }],
    ['T8 class 0', { tax_class_id: '0' }, {}, { price: [100, 0, 100], original: 100, special: [0, 0] }],
    ['T8 unknown class', { tax_class_id: 9 }, {}, { price: [100, 0, 100], original: 100, special: [0, 0] }],
    ['T10', {}, { country: 'DE' }, { price: [100, 19, 119], original: 119, special: [0, 0] }],
    ['T11', { tax_class_id: 5 }, {}, { price: [100, 0, 100], original: 100, special: [0, 0] }],
    ['T12', { tax_class_id: 5 }, { region: 'Lombardia' }, { price: [100, 10, 110], original: 110, special: [0, 0] }],
    ['T13', { tax_class_id: 6 }, { userGroupId: 1 }, { price: [100, 4, 104], original: 104, special: [0, 0] }],
    ['T14', { tax_class_id: 6 }, { userGroupId: 3 }, { price: [100, 0, 100], original: 100, special: [0, 0] }],
    ['T15', { tax_class_id: 6 }, { userGroupId: null }, { price: [100, 4, 104], original: 104, special: [0, 0] }],
    ['T16', { price: 122 }, { sourcePriceInclTax: true }, { price: [100, 22, 122], original: 122, special: [0, 0] }],
    ['T17', { final_price: 90 }, {}, { price: [90, 19.8, 109.8], original: 122, special: [0, 0] }],
    [
      'T18',
      { special_price: 80, final_price: 70 },
      {},
      { price: [80, 17.6, 97.6], original: 122, special: [70, 85.4] },
    ],
  ])('%s', (_name, fields, ctx, expected) => {
    expect(summary(calculateProductTax(product(fields), TAX_RULES, { ...IT, ...ctx }))).toEqual(expected);
  });

  it('writes final and original prices with their taxes (T17)', () => {
    const doc = calculateProductTax(product({ final_price: 90 }), TAX_RULES, IT);
    expect(doc).toMatchObject({
      final_price: 90,
      final_price_tax: 19.8,
      final_price_incl_tax: 109.8,
      original_final_price: 90,
      original_price: 100,
      original_price_tax: 22,
    });
  });

  it('keeps a special price with its tax when no rate applies', () => {
    const doc = calculateProductTax(product({ tax_class_id: 0, special_price: 80 }), TAX_RULES, IT);
    expect(summary(doc)).toEqual({ price: [80, 0, 80], original: 100, special: [80, 80] });
  });

  it('divides a tax-inclusive final price when configured', () => {
    const doc = calculateProductTax(product({ final_price: 109.8 }), TAX_RULES, { ...IT, finalPriceInclTax: true });
    expect([doc.price, doc.price_incl_tax]).toEqual([90, 109.8]);
  });

  it('CONF: children are recomputed and the cheapest lifts to the parent', () => {
    const parent = product({
      type_id: 'configurable',
      price: 0,
      configurable_children: [
        { sku: 'C1', id: 11, status: 1, price: 50 },
        { sku: 'C2', id: 12, status: 1, price: 40, special_price: 35 },
        { sku: 'C3', id: 13, status: 1, price: 45, custom_attributes: [{ attribute_code: 'color', value: '10' }] },
      ],
    });
    const doc = calculateProductTax(parent, TAX_RULES, IT);
    expect(summary(doc)).toEqual({ price: [35, 7.7, 42.7], original: 0, special: [35, 42.7] });
    expect(doc.configurable_children?.map((c) => [c.sku, c.price_incl_tax, c.original_price_incl_tax])).toEqual([
      ['C1', 61, 61],
      ['C2', 42.7, 48.8],
      ['C3', 54.9, 54.9],
    ]);
    expect(doc.configurable_children?.[2]?.['color']).toBe('10');
  });

  it('CONF: only a buyable child (enabled, in stock) gives the parent its price', () => {
    const inStock = { item_id: 1, product_id: 1, stock_id: 1, qty: 5, is_in_stock: true, manage_stock: true, min_sale_qty: 1, max_sale_qty: 100, backorders: 0 };
    const parent = product({
      type_id: 'configurable',
      // The source's parent price is its cheapest child's, sold out or not (GUA-00270: 17.43 vs 24.90).
      price: 17.43,
      configurable_children: [
        { sku: 'C1', id: 11, status: 1, price: 24.9, stock: inStock },
        { sku: 'C2', id: 12, status: 1, price: 17.43, stock: { ...inStock, qty: 0, is_in_stock: false } },
        { sku: 'C3', id: 13, status: 2, price: 10, stock: inStock },
        { sku: 'C4', id: 14, status: 1, price: 30 },
      ],
    });
    const doc = calculateProductTax(parent, TAX_RULES, IT);
    expect([doc.price, doc.price_incl_tax]).toEqual([24.9, 30.38]);
    // With no buyable child, the lowest price of any child still shows (the page says "Esaurito").
    const soldOut = calculateProductTax(
      { ...parent, configurable_children: parent.configurable_children!.filter((c) => c.sku === 'C2' || c.sku === 'C3') },
      TAX_RULES,
      IT,
    );
    expect(soldOut.price).toBe(10);
  });

  it('RERUN: a taxed document recomputed for another country starts from the saved originals', () => {
    const italian = calculateProductTax(product({ special_price: 80 }), TAX_RULES, IT);
    const german = calculateProductTax(italian, TAX_RULES, { ...IT, country: 'DE' });
    expect(summary(german)).toEqual({ price: [80, 15.2, 95.2], original: 119, special: [80, 95.2] });
  });

  it('does not divide a tax-inclusive source twice on a rerun', () => {
    const first = calculateProductTax(product({ price: 122 }), TAX_RULES, { ...IT, sourcePriceInclTax: true });
    const again = calculateProductTax(first, TAX_RULES, { ...IT, sourcePriceInclTax: true });
    expect([again.price, again.price_incl_tax]).toEqual([100, 122]);
  });

  it('does not mutate its input', () => {
    const input = product({
      special_price: 80,
      configurable_children: [{ sku: 'C1', id: 11, status: 1, price: 50 }],
    });
    const snapshot = structuredClone(input);
    calculateProductTax(input, TAX_RULES, IT);
    expect(input).toEqual(snapshot);
  });
});
