import { describe, expect, it } from 'vitest';
import { withChecksum } from './cart-state.ts';
import { EMPTY_CART } from './cart-view.ts';
import { parseCart, serializeCart } from './cart-storage.ts';

const item = withChecksum({ sku: 'A', name: 'A', qty: 2, type_id: 'simple' });

describe('stored cart', () => {
  it('round-trips the persisted fields and leaves per-tab flags out', () => {
    const cart = { ...EMPTY_CART, items: [item], token: 'tok', itemsHash: 'h', lastSyncAt: 5, bypassCounter: 1 };
    const raw = serializeCart({ ...cart, busy: ['x'], adding: true } as typeof cart);
    expect(JSON.parse(raw)).not.toHaveProperty('busy');
    expect(parseCart(raw)).toEqual(cart);
  });

  it('answers the empty cart for missing, broken or foreign entries', () => {
    for (const raw of [null, '', '{', '[]', '{"items":{}}', 'null']) expect(parseCart(raw)).toEqual(EMPTY_CART);
  });

  it('drops unreadable items and fields of the wrong type', () => {
    const raw = JSON.stringify({ items: [item, { sku: 'B' }, { ...item, qty: 0 }, { ...item, qty: 1.5 }], token: 3, lastSyncAt: 'x' });
    const cart = parseCart(raw);
    expect(cart.items).toEqual([item]);
    expect(cart.token).toBeNull();
    expect(cart.lastSyncAt).toBeNull();
  });
});
