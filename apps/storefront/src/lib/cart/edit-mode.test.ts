import { CART_MESSAGES } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { withChecksum } from './cart-state.ts';
import { availableQty, editError, editedItem, editUnavailable, findChild } from './edit-mode.ts';
import type { ConfigChild } from './types.ts';

const children: ConfigChild[] = [
  { sku: 'C-M-RED', name: 'C M rosso', attributes: { taglia: '1', colore: '10' } },
  { sku: 'C-L-BLUE', name: 'C L blu', attributes: { taglia: '2', colore: '11' }, regular_price: 20 },
];
const options = [
  { id: '142', attribute_code: 'taglia', label: 'Taglia', values: [{ id: '1', label: 'M' }, { id: '2', label: 'L' }] },
  { id: '93', attribute_code: 'colore', label: 'Colore', values: [{ id: '10', label: 'Rosso' }, { id: '11', label: 'Blu' }] },
];

describe('edit mode', () => {
  it("refuses a line that does not know its configurable parent, with the spec's text", () => {
    const configurable = { options, children };
    expect(editUnavailable({ parentSku: 'C', configurable })).toBeNull();
    expect(editUnavailable({ configurable })).toBe("Product doesn't have parentSku, please check if this is configurable product");
    expect(editUnavailable({ parentSku: 'C' })).toBe(CART_MESSAGES.noParentSku);
  });

  it('finds the child of a full configuration only', () => {
    expect(findChild(children, { taglia: '2', colore: '11' })?.sku).toBe('C-L-BLUE');
    expect(findChild(children, { taglia: '2', colore: '10' })).toBeUndefined();
  });

  it('checks the quantity against the stock with the spec texts', () => {
    expect(availableQty({ is_in_stock: true, qty: 3.7, manage_stock: true })).toBe(3);
    expect(availableQty({ is_in_stock: false, qty: 5, manage_stock: true })).toBe(0);
    expect(availableQty({ is_in_stock: true, qty: 0, manage_stock: false })).toBeNull();
    expect(editError(3, 5)).toBe('Only 3 products of this type are available!');
    expect(editError(0, 1)).toBe(CART_MESSAGES.outOfStock);
    expect(editError(null, 99)).toBeNull();
    expect(editError(5, 5)).toBeNull();
  });

  it('turns the line into the chosen child, unconfirmed', () => {
    const item = withChecksum({
      sku: 'C-M-RED', parentSku: 'C', name: 'C M rosso', qty: 1, type_id: 'configurable', server_item_id: 4, prev_qty: 1,
      url: '/p/C/c/C-M-RED', configurable: { options, children },
    });
    const next = editedItem(item, children[1]!, 3, 8);
    expect(next).toMatchObject({ sku: 'C-L-BLUE', parentSku: 'C', qty: 3, max_qty: 8, regular_price: 20, url: '/p/C/c/C-L-BLUE', options: [{ label: 'Taglia', value: 'L' }, { label: 'Colore', value: 'Blu' }] });
    expect(next.server_item_id).toBeUndefined();
    expect(next.product_option?.extension_attributes.configurable_item_options).toEqual([{ option_id: '142', option_value: '2' }, { option_id: '93', option_value: '11' }]);
    expect(withChecksum(next).checksum).not.toBe(item.checksum);
  });
});
