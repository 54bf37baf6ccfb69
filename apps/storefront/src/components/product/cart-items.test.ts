import { describe, expect, it } from 'vitest';
import { bundleForCart, configurableData, configurableForCart, groupedForCart, itemForCart } from './cart-items.ts';
import type { BundleOptionView, ConfigurableOptionView, CustomOptionView, SellableItem, VariantItem } from './types.ts';

const sellable = (sku: string, extra: Partial<SellableItem> = {}): SellableItem => ({
  id: 1,
  sku,
  name: `Name ${sku}`,
  status: 1,
  price: 10,
  availability: { tone: 'available', text: 'Disponibilità immediata' },
  stock: { is_in_stock: true, qty: 7, manage_stock: true },
  ...extra,
});
const origin = { url: '/p/P/slug', typeId: 'simple' };

describe('cart items of the product page', () => {
  it('sends chosen custom options (checkboxes comma-joined) and their labels', () => {
    const options: CustomOptionView[] = [
      { option_id: 1, title: 'Incisione', type: 'field', is_require: false },
      { option_id: 2, title: 'Extra', type: 'checkbox', is_require: false, values: [{ option_type_id: 5, title: 'A', price: 1, price_type: 'fixed' }, { option_type_id: 6, title: 'B', price: 1, price_type: 'fixed' }] },
      { option_id: 3, title: 'Vuota', type: 'checkbox', is_require: false },
    ];
    const item = itemForCart(sellable('S'), 2, origin, { options, choices: { 1: ' Mario ', 2: [5, 6], 3: [] } });
    expect(item.product_option?.extension_attributes.custom_options).toEqual([{ option_id: 1, option_value: 'Mario' }, { option_id: 2, option_value: '5,6' }]);
    expect(item.options).toEqual([{ label: 'Incisione', value: 'Mario' }, { label: 'Extra', value: 'A, B' }]);
    expect(item).toMatchObject({ sku: 'S', qty: 2, max_qty: 7, url: '/p/P/slug' });
  });

  it('strikes the regular price only during a special price', () => {
    expect(itemForCart(sellable('S', { price: 8, original_price: 10, special_price: 8 }), 1, origin, { options: [], choices: {} }).regular_price).toBe(10);
    expect(itemForCart(sellable('S'), 1, origin, { options: [], choices: {} }).regular_price).toBeUndefined();
  });

  it('adds a configurable as its child with the configurable options and edit-mode data', () => {
    const options: ConfigurableOptionView[] = [{ code: 'taglia', attributeId: '142', label: 'Taglia', values: [{ id: '20', label: 'M' }, { id: '21', label: 'L' }] }];
    const variants: VariantItem[] = [{ ...sellable('C-M'), taglia: '20' }, { ...sellable('C-L'), taglia: '21' }];
    const item = configurableForCart('C', variants[1]!, 1, { url: '/p/C/c', typeId: 'configurable' }, configurableData(options, variants));
    expect(item).toMatchObject({ sku: 'C-L', parentSku: 'C', url: '/p/C/c/C-L', options: [{ label: 'Taglia', value: 'L' }] });
    expect(item.product_option?.extension_attributes.configurable_item_options).toEqual([{ option_id: '142', option_value: '21' }]);
    expect(item.configurable?.children.map((c) => c.attributes)).toEqual([{ taglia: '20' }, { taglia: '21' }]);
  });

  it('adds grouped members with a quantity, each with its stock status', () => {
    const rows = [{ member: sellable('G1'), status: 'ok' as const }, { member: sellable('G2'), status: 'out_of_stock' as const }, { member: sellable('G3'), status: 'ok' as const }];
    const added = groupedForCart(rows, { G1: 2, G2: 1, G3: 0 }, '/p/G/g');
    expect(added.map(({ item, stock }) => [item.sku, item.qty, stock])).toEqual([['G1', 2, 'ok'], ['G2', 1, 'out_of_stock']]);
  });

  it('adds a bundle with its selections', () => {
    const options: BundleOptionView[] = [{ option_id: 1, title: 'Lama', required: true, type: 'radio', product_links: [{ id: '4', sku: 'L1', qty: 1, is_default: true, canChangeQty: false }] }];
    const item = bundleForCart(sellable('B'), options, { L1: sellable('L1') }, { 1: { ids: ['4'], qty: 2 } }, 1, '/p/B/b');
    expect(item.product_option?.extension_attributes.bundle_options).toEqual([{ option_id: 1, option_qty: 2, option_selections: ['4'] }]);
    expect(item.options).toEqual([{ label: 'Lama', value: 'Name L1' }]);
    expect(item.type_id).toBe('bundle');
  });
});
