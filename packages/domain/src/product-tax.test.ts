import { describe, expect, it } from 'vitest';
import type { ProductDoc } from './catalog/types.ts';
import { calculateProductTax, sourcePrices, type ProductTaxContext } from './product-tax.ts';
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

/** The "price calculated" fields of catalogue §3, each as [net, tax, incl. tax]. */
function calculated(doc: Record<string, unknown>) {
  const triple = (field: string) => [doc[field], doc[`${field}_tax`], doc[`${field}_incl_tax`]];
  return {
    price: triple('price'),
    final: triple('final_price'),
    special: triple('special_price'),
    original: triple('original_price'),
    originalFinal: triple('original_final_price'),
    originalSpecial: triple('original_special_price'),
  };
}

describe('calculateProductTax: the price-calculated fields (catalogue §3)', () => {
  it('an active special price: the final price is the special, the originals keep the regular and the special', () => {
    expect(calculated(calculateProductTax(product({ special_price: 80, special_to_date: NEXT_YEAR }), TAX_RULES, IT))).toEqual({
      price: [80, 17.6, 97.6],
      final: [80, 17.6, 97.6],
      special: [80, 17.6, 97.6],
      original: [100, 22, 122],
      originalFinal: [100, 22, 122],
      originalSpecial: [80, 17.6, 97.6],
    });
  });

  it('an expired special price: the final price is the regular one, the original special is still told', () => {
    expect(calculated(calculateProductTax(product({ special_price: 80, special_to_date: '2000-01-01 00:00:00' }), TAX_RULES, IT))).toEqual({
      price: [100, 22, 122],
      final: [100, 22, 122],
      special: [0, 0, 0],
      original: [100, 22, 122],
      originalFinal: [100, 22, 122],
      originalSpecial: [80, 17.6, 97.6],
    });
  });

  it('no special price: every field is the regular price, the specials 0', () => {
    expect(calculated(calculateProductTax(product({ price: 19.99 }), TAX_RULES, IT))).toEqual({
      price: [19.99, 4.4, 24.39],
      final: [19.99, 4.4, 24.39],
      special: [0, 0, 0],
      original: [19.99, 4.4, 24.39],
      originalFinal: [19.99, 4.4, 24.39],
      originalSpecial: [0, 0, 0],
    });
  });

  it('a catalogue-rule final price from the source is the original final price', () => {
    const doc = calculated(calculateProductTax(product({ final_price: 90 }), TAX_RULES, IT));
    expect([doc.final, doc.originalFinal]).toEqual([
      [90, 19.8, 109.8],
      [90, 19.8, 109.8],
    ]);
  });

  it.each<[string, Partial<ProductDoc>, Partial<ProductTaxContext>, number[]]>([
    ['no tax class', { tax_class_id: '0', special_price: 80 }, {}, [80, 0, 80]],
    ['reduced rate 4% for the customer class', { tax_class_id: 6, special_price: 80 }, { userGroupId: 1 }, [80, 3.2, 83.2]],
    ['Germany 19%', { special_price: 80 }, { country: 'DE' }, [80, 15.2, 95.2]],
    ['regional rate 10%', { tax_class_id: 5, special_price: 80 }, { region: 'Lombardia' }, [80, 8, 88]],
  ])('taxes the final and original special price by the tax class: %s', (_name, fields, ctx, final) => {
    const doc = calculated(calculateProductTax(product(fields), TAX_RULES, { ...IT, ...ctx }));
    expect(doc.final).toEqual(final);
    expect(doc.originalSpecial).toEqual(final);
  });

  it("a customer group's tier price at one unit is its final price; the originals stay the list's", () => {
    const doc = product({ tier_prices: [{ customer_group_id: 2, qty: 1, value: 92 }] });
    const wholesale = calculated(calculateProductTax(doc, TAX_RULES, { ...IT, tier: { groupId: 2, qty: 1 } }));
    expect(wholesale.final).toEqual([92, 20.24, 112.24]);
    expect(wholesale.originalFinal).toEqual([100, 22, 122]);
    expect(calculated(calculateProductTax(doc, TAX_RULES, { ...IT, tier: { groupId: 0, qty: 1 } })).final).toEqual([100, 22, 122]);
  });

  it("configurable: the parent's final price is its cheapest buyable child's, every child carries its own", () => {
    const parent = product({
      type_id: 'configurable',
      price: 0,
      configurable_children: [
        { sku: 'C1', id: 11, status: 1, price: 50 },
        { sku: 'C2', id: 12, status: 1, price: 40, special_price: 35 },
      ],
    });
    const doc = calculateProductTax(parent, TAX_RULES, IT);
    expect(calculated(doc).final).toEqual([35, 7.7, 42.7]);
    expect(doc.configurable_children?.map((c) => calculated(c))).toEqual([
      { price: [50, 11, 61], final: [50, 11, 61], special: [0, 0, 0], original: [50, 11, 61], originalFinal: [50, 11, 61], originalSpecial: [0, 0, 0] },
      { price: [35, 7.7, 42.7], final: [35, 7.7, 42.7], special: [35, 7.7, 42.7], original: [40, 8.8, 48.8], originalFinal: [40, 8.8, 48.8], originalSpecial: [35, 7.7, 42.7] },
    ]);
  });
});

describe('calculateProductTax: a document processed again (re-read, re-import) is priced as the first time', () => {
  const cases: [string, Partial<ProductDoc>, Partial<ProductTaxContext>][] = [
    ['plain', {}, {}],
    ['active special', { special_price: 80, special_to_date: NEXT_YEAR }, {}],
    ['catalogue-rule final price', { final_price: 90 }, {}],
    ['catalogue rule over a special (T18)', { special_price: 80, final_price: 70 }, {}],
    ['tax-inclusive sources', { price: 122, special_price: 97.6, final_price: 109.8 }, { sourcePriceInclTax: true, finalPriceInclTax: true }],
    ['tier price', { tier_prices: [{ customer_group_id: 2, qty: 1, value: 92 }] }, { tier: { groupId: 2, qty: 1 } }],
    [
      'configurable',
      { type_id: 'configurable', price: 0, configurable_children: [{ sku: 'C1', id: 11, status: 1, price: 50, special_price: 45 }, { sku: 'C2', id: 12, status: 1, price: 48 }] },
      {},
    ],
  ];
  it.each(cases)('%s: a second and third run change nothing', (_name, fields, ctx) => {
    const once = calculateProductTax(product(fields), TAX_RULES, { ...IT, ...ctx });
    const twice = calculateProductTax(once, TAX_RULES, { ...IT, ...ctx });
    expect(twice).toEqual(once);
    expect(calculateProductTax(twice, TAX_RULES, { ...IT, ...ctx })).toEqual(once);
  });

  it('a stale final price is not an input: the special ended, the re-read document shows the regular price', () => {
    const during = calculateProductTax(product({ special_price: 80, special_to_date: '2024-07-01 00:00:00' }), TAX_RULES, IT);
    expect(during.final_price).toBe(80);
    const after = calculateProductTax(during, TAX_RULES, { ...IT, now: new Date('2024-08-01T00:00:00Z') });
    expect(calculated(after)).toMatchObject({ price: [100, 22, 122], final: [100, 22, 122], special: [0, 0, 0], originalSpecial: [80, 17.6, 97.6] });
  });

  it('the source prices of a computed document are its originals, never its outputs', () => {
    const taxed = calculateProductTax(product({ special_price: 80 }), TAX_RULES, IT);
    expect(sourcePrices(taxed)).toEqual({ price: 100, special: 80, final: 100, computed: true });
    expect(sourcePrices(product({ special_price: 80 }))).toEqual({ price: 100, special: 80, final: null, computed: false });
  });
});
