import { describe, expect, it } from 'vitest';
import { calculateProductTax, type ProductDoc } from '@shop/domain';
import { categoryColumns, productColumns } from './rows.ts';

const now = new Date('2026-11-01T00:00:00Z');
const selects = new Set(['colore', 'taglia', 'marca']);

describe('productColumns', () => {
  it('prices a re-imported document the API taxed from its originals, as its source', () => {
    const source: ProductDoc = { id: 7, sku: 'B-1', name: 'Bilancia', type_id: 'simple', status: 1, visibility: 4, price: 100, tax_class_id: 2, special_price: 80, special_to_date: '2026-11-10 00:00:00' };
    const rules = [{ id: 1, code: 'IVA', product_tax_class_ids: [2], customer_tax_class_ids: [3], rates: [{ tax_country_id: 'IT', tax_region_id: 0, rate: 22 }] }];
    const taxed = calculateProductTax(source, rules, { country: 'IT', now });
    expect(taxed.final_price).toBe(80);
    const columns = ({ price_cents, regular_price_cents, special_price_cents, special_to }: ReturnType<typeof productColumns>) => ({ price_cents, regular_price_cents, special_price_cents, special_to });
    // The taxed final price (80, the special of those days) is not the list price: after the window it is 100 again.
    expect(columns(productColumns(taxed, selects, now))).toEqual(columns(productColumns(source, selects, now)));
    expect(columns(productColumns(taxed, selects, now))).toMatchObject({ price_cents: 10_000, special_price_cents: 8000 });
  });

  it('derives slug, url key and path when an older dump lacks them', () => {
    const row = productColumns({ id: 9, sku: 'A-1', name: 'Coltello Santoku 18 cm', type_id: 'simple', status: 1, visibility: 4, price: 10 }, selects, now);
    expect(row.slug).toBe('coltello-santoku-18-cm-9');
    expect(row.url_key).toBe('coltello-santoku-18-cm-9');
    expect(row.url_path).toBe('coltello-santoku-18-cm-9');
    expect(row.created_at).toEqual(now);
  });

  it('reads category ids from category_ids or, failing that, from category refs', () => {
    const base: ProductDoc = { id: 1, sku: 'X', name: 'X', type_id: 'simple', status: 1, visibility: 4, price: 1 };
    expect(productColumns({ ...base, category_ids: ['3', 16, 16] }, selects, now).category_ids).toEqual([3, 16]);
    expect(productColumns({ ...base, category: [{ category_id: 20, name: 'Donna' }] }, selects, now).category_ids).toEqual([20]);
  });

  it('gives a configurable product its children values and cheapest enabled child price', () => {
    const doc: ProductDoc = {
      id: 2,
      sku: 'GUA-1',
      name: 'Guanti',
      type_id: 'configurable',
      status: 1,
      visibility: 4,
      price: 0,
      marca: '7',
      configurable_children: [
        { sku: 'GUA-1-S', id: 3, status: 1, price: 12.5, taglia: '40' },
        { sku: 'GUA-1-M', id: 4, status: 1, price: 11.9, custom_attributes: [{ attribute_code: 'taglia', value: '41' }] },
        { sku: 'GUA-1-L', id: 5, status: 2, price: 1, taglia: '42' },
      ],
    };
    const row = productColumns(doc, selects, now);
    expect(row.price_cents).toBe(1190);
    expect(row.attrs).toEqual({ marca: ['7'], taglia: ['40', '41'] });
    expect(row.child_skus).toEqual(['GUA-1-S', 'GUA-1-M', 'GUA-1-L']);
  });

  it('prices a configurable product (sorting, filters, facets) by its cheapest buyable child: not a sold-out one', () => {
    const stock = (inStock: boolean) => ({ item_id: 1, product_id: 1, stock_id: 1, qty: inStock ? 3 : 0, is_in_stock: inStock, manage_stock: true, min_sale_qty: 1, max_sale_qty: 100, backorders: 0 });
    const doc: ProductDoc = {
      id: 2,
      sku: 'GUA-1',
      name: 'Guanti',
      type_id: 'configurable',
      status: 1,
      visibility: 4,
      price: 17.43,
      configurable_children: [
        { sku: 'GUA-1-S', id: 3, status: 1, price: 24.9, stock: stock(true) },
        { sku: 'GUA-1-M', id: 4, status: 1, price: 17.43, stock: stock(false) },
      ],
    };
    expect(productColumns(doc, selects, now).price_cents).toBe(2490);
    // Every child sold out: the cheapest enabled one still orders the product.
    const soldOut = { ...doc, configurable_children: doc.configurable_children!.map((c) => ({ ...c, stock: stock(false) })) };
    expect(productColumns(soldOut, selects, now).price_cents).toBe(1743);
  });

  it('splits multiselect values and reads VSF dates as UTC', () => {
    const row = productColumns(
      { id: 1, sku: 'M', name: 'M', type_id: 'simple', status: 1, visibility: 4, price: 3, final_price: 2.5, colore: '5,6', created_at: '2025-01-02 03:04:05' },
      selects,
      now,
    );
    expect(row.attrs).toEqual({ colore: ['5', '6'] });
    expect(row.price_cents).toBe(250);
    expect(row.created_at.toISOString()).toBe('2025-01-02T03:04:05.000Z');
  });
});

describe('categoryColumns', () => {
  it('treats a missing include_in_menu as shown and "0" as hidden', () => {
    const base = { id: 20, parent_id: 3, name: 'Donna', is_active: true, position: 1, level: 3, product_count: 0, path: '1/2/3/20' };
    expect(categoryColumns(base).include_in_menu).toBe(true);
    expect(categoryColumns({ ...base, include_in_menu: '0' as unknown as number }).include_in_menu).toBe(false);
    expect(categoryColumns(base).slug).toBe('donna-20');
  });
});
