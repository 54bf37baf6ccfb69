import { describe, expect, it } from 'vitest';
import { readFields } from '../admin-products/fields.ts';
import { rowPatch } from './row-patch.ts';

const current = readFields(
  {
    id: 1,
    sku: 'KN-1',
    type_id: 'simple',
    status: 1,
    visibility: 4,
    name: 'Coltello',
    price: 19.9,
    special_price: 14.5,
    special_from_date: '2026-11-30 23:00:00',
    special_to_date: null,
    stock: { qty: 4, is_in_stock: true, manage_stock: true },
  },
  new Map(),
);

describe('a CSV row as an edit of its product', () => {
  it('a row equal to the product changes nothing', () => {
    expect(rowPatch({ priceCents: 1990, specialPriceCents: 1450, specialFrom: '2026-11-30T23:00:00.000Z', specialTo: null, qty: 4, isInStock: true }, current)).toEqual({ patch: {}, changes: [] });
    expect(rowPatch({ qty: 4, isInStock: null }, current)).toEqual({ patch: {}, changes: [] });
  });

  it('only what differs, each change as the file writes its values', () => {
    expect(rowPatch({ priceCents: 2190, specialPriceCents: null, specialTo: '2026-12-31T23:00:00.000Z', qty: 4 }, current)).toEqual({
      patch: { priceCents: 2190, specialPriceCents: null, specialTo: '2026-12-31T23:00:00.000Z' },
      changes: [
        { column: 'price', from: '19,90', to: '21,90' },
        { column: 'special_price', from: '14,50', to: '' },
        { column: 'special_to', from: '', to: '2027-01-01T00:00:00+01:00' },
      ],
    });
  });

  it('availability is set when the row changes it; with a new quantity alone, the quantity decides', () => {
    expect(rowPatch({ qty: 0, isInStock: true }, current).patch).toEqual({ qty: 0 });
    expect(rowPatch({ qty: 0, isInStock: null }, current).patch).toEqual({ qty: 0 });
    expect(rowPatch({ qty: 4, isInStock: false }, current)).toEqual({ patch: { isInStock: false }, changes: [{ column: 'is_in_stock', from: '1', to: '0' }] });
    expect(rowPatch({ qty: 2.5 }, current).changes).toEqual([{ column: 'qty', from: '4', to: '2,5' }]);
  });
});
