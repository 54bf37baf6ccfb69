import { describe, expect, it } from 'vitest';
import { cartQtyError, decrementQty, editModeQtyError, parseQty, positiveOnly } from './quantity.ts';
import { addToCartErrors, maxOrderableQty, stockStatusOf } from './stock.ts';

describe('quantity rules (shopping.md §5)', () => {
  it('refuses empty, non-numeric, fractional, zero and negative quantities', () => {
    for (const raw of [undefined, '', 'abc', 1.5, 0, -1, '2.5', Number.NaN]) {
      expect(cartQtyError(raw)).toBe('Quantity must be positive integer');
    }
    expect(cartQtyError(3)).toBeNull();
    expect(cartQtyError('3')).toBeNull();
  });

  it('refuses more than available online for simple and configurable items only', () => {
    expect(cartQtyError(6, { maxQuantity: 5 })).toBe('Quantity must be below 5');
    expect(cartQtyError(6, { maxQuantity: 5, online: false })).toBeNull();
    expect(cartQtyError(6, { maxQuantity: 5, productType: 'bundle' })).toBeNull();
  });

  it('gives the edit-mode texts', () => {
    expect(editModeQtyError(2, 3)).toBe('Only 2 products of this type are available!');
    expect(editModeQtyError(0, 1)).toBe('The product is out of stock and cannot be added to the cart!');
    expect(editModeQtyError(5, 3)).toBeNull();
  });

  it('parses strings, defaults to 1, keeps inputs positive, stops minus at 1', () => {
    expect([parseQty('3'), parseQty(undefined), parseQty('x')]).toEqual([3, 1, 1]);
    expect([positiveOnly(0), positiveOnly(-4), positiveOnly(2)]).toEqual([1, 4, 2]);
    expect([decrementQty(1), decrementQty(3)]).toEqual([1, 2]);
  });
});

describe('stock and add-to-cart rules (catalogue.md §4–5)', () => {
  it('derives ok, volatile and out_of_stock', () => {
    expect(stockStatusOf(undefined)).toBe('volatile');
    expect(stockStatusOf({ qty: 3, is_in_stock: true, manage_stock: true })).toBe('ok');
    expect(stockStatusOf({ qty: 0, is_in_stock: true, manage_stock: true })).toBe('out_of_stock');
    expect(stockStatusOf({ qty: 0, is_in_stock: true, manage_stock: true, backorders: 1 })).toBe('ok');
    expect(stockStatusOf({ qty: 9, is_in_stock: false })).toBe('out_of_stock');
    expect(maxOrderableQty({ qty: 4.5, is_in_stock: true, manage_stock: true })).toBe(4);
    expect(maxOrderableQty({ qty: 0, is_in_stock: true, manage_stock: false })).toBeNull();
  });

  it('refuses negative prices but allows zero, and lists product errors', () => {
    expect(addToCartErrors({ price_incl_tax: -1 })).toEqual(['Product price is unknown, product cannot be added to the cart!']);
    expect(addToCartErrors({ price_incl_tax: 0 })).toEqual([]);
    expect(addToCartErrors({ price_incl_tax: 0 }, false)).toHaveLength(1);
    expect(addToCartErrors({ price_incl_tax: 5, errors: { variants: 'No available product variants', x: null } })).toEqual([
      'No available product variants',
    ]);
  });
});
