import { describe, expect, it } from 'vitest';
import { cartItemsHash, isSyncRequired, isTotalsSyncRequired } from './hash.ts';

describe('cartItemsHash', () => {
  it('gives the vectors of vsf1-behavior §3.2', () => {
    expect(cartItemsHash([{ sku: 'A', qty: 1 }], 'abc')).toBe('97457e2bd278eb4108645555ad21ecaaee479bb3c3746d89fe6c818e');
    expect(cartItemsHash([{ sku: 'A', qty: 2 }], 'abc')).toBe('9adbbc49d5830a001a70c98cee8dc7d3b6c3923c29c3d2d76d6cb30f');
    expect(cartItemsHash([], null)).toBe('a9a9078ea2f6bf1def25fd1fce49cec8f3cf299526f839856ccf5408');
  });

  it('ignores stock and totals', () => {
    expect(cartItemsHash([{ sku: 'A', qty: 1, stock: { qty: 3 }, totals: { row_total: 1 } }], 'abc')).toBe(
      cartItemsHash([{ sku: 'A', qty: 1 }], 'abc'),
    );
  });

  it('requires a sync when the hash changed or nothing was synced yet', () => {
    const hash = cartItemsHash([{ sku: 'A', qty: 1 }], 'abc');
    expect(isSyncRequired(hash, { storedHash: hash, lastSyncAt: 1 })).toBe(false);
    expect(isSyncRequired(hash, { storedHash: hash, lastSyncAt: null })).toBe(true);
    expect(isSyncRequired(hash, { storedHash: 'other', lastSyncAt: 1 })).toBe(true);
    expect(isTotalsSyncRequired(hash, { storedHash: hash, lastTotalsSyncAt: 1 })).toBe(false);
    expect(isTotalsSyncRequired(hash, { storedHash: null, lastTotalsSyncAt: 1 })).toBe(true);
  });
});
