import { describe, expect, it } from 'vitest';
import { toStockItem } from './stock.ts';

describe('toStockItem', () => {
  it('reads VSF stock fields, numeric strings and flag spellings included', () => {
    expect(toStockItem('A', 1, { product_id: '7', qty: '3.5', is_in_stock: '1', manage_stock: 1, min_sale_qty: 2, max_sale_qty: '20', backorders: '1' })).toEqual({
      sku: 'A',
      product_id: 7,
      qty: 3.5,
      is_in_stock: true,
      manage_stock: true,
      min_sale_qty: 2,
      max_sale_qty: 20,
      backorders: 1,
    });
  });

  it('counts a product without stock data as in stock, its stock not managed', () => {
    for (const stock of [undefined, null, 'n/a']) {
      expect(toStockItem('S', 9, stock)).toMatchObject({ product_id: 9, qty: 0, is_in_stock: true, manage_stock: false });
    }
  });

  it('derives a missing is_in_stock from the quantity when stock is managed', () => {
    expect(toStockItem('A', 1, { qty: 0 }).is_in_stock).toBe(false);
    expect(toStockItem('A', 1, { qty: 4 }).is_in_stock).toBe(true);
    expect(toStockItem('A', 1, { qty: 0, manage_stock: false }).is_in_stock).toBe(true);
    expect(toStockItem('A', 1, { qty: 0, is_in_stock: false, manage_stock: false }).is_in_stock).toBe(false);
  });
});
