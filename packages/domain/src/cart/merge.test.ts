import { describe, expect, it } from 'vitest';
import { cartItemForUpdate, isUserInCheckout, planCartMerge, pushFailureAction, type MergeOptions } from './merge.ts';

const opts = (o: Partial<MergeOptions> = {}): MergeOptions => ({
  forceClientState: false,
  serverSyncCanRemoveLocalItems: false,
  serverSyncCanModifyLocalItems: false,
  mergeQty: false,
  ...o,
});
const server = (sku: string, qty: number, item_id: number) => ({ sku, qty, item_id, quote_id: 'q1' });

describe('planCartMerge', () => {
  it('client pass: pushes missing lines, or removes them when the server may remove local items', () => {
    const client = [{ sku: 'A', qty: 1 }];
    expect(planCartMerge(client, [], opts())).toEqual([{ type: 'push', clientItem: client[0] }]);
    expect(planCartMerge(client, [], opts({ serverSyncCanRemoveLocalItems: true }))).toEqual([
      { type: 'removeLocal', clientItem: client[0] },
    ]);
    expect(planCartMerge(client, [], opts({ serverSyncCanRemoveLocalItems: true, forceClientState: true }))[0]?.type).toBe('push');
  });

  it('client pass: a quantity conflict updates the server, or the local item when allowed', () => {
    const client = [{ sku: 'A', qty: 2 }];
    const srv = [server('A', 3, 9)];
    expect(planCartMerge(client, srv, opts())).toEqual([{ type: 'push', clientItem: client[0], serverItem: srv[0] }]);
    expect(planCartMerge(client, srv, opts({ serverSyncCanModifyLocalItems: true }))).toEqual([
      { type: 'updateLocalQty', clientItem: client[0], serverItem: srv[0] },
    ]);
    expect(planCartMerge(client, srv, opts({ serverSyncCanModifyLocalItems: true, forceClientState: true }))[0]?.type).toBe('push');
  });

  it('client pass: equal lines copy the server ids; mergeQty pushes them anyway', () => {
    const client = [{ sku: 'A', qty: 3 }];
    const srv = [server('A', 3, 9)];
    expect(planCartMerge(client, srv, opts())[0]?.type).toBe('copyServerIds');
    expect(planCartMerge(client, srv, opts({ mergeQty: true }))[0]?.type).toBe('push');
  });

  it('server pass: lines missing locally are deleted on the server when forced, else pulled in', () => {
    const srv = [server('B', 1, 4)];
    expect(planCartMerge([], srv, opts({ forceClientState: true }))).toEqual([{ type: 'deleteOnServer', serverItem: srv[0] }]);
    expect(planCartMerge([], srv, opts())).toEqual([{ type: 'pullIn', serverItem: srv[0] }]);
  });
});

describe('cartItemForUpdate', () => {
  it('builds the vector of vsf1-behavior §3.5', () => {
    const item = cartItemForUpdate(
      { sku: 'C-red', parentSku: 'C', qty: 2, product_option: { x: 1 } },
      { sku: 'C-red', item_id: 9, quote_id: 'q1', qty: 3 },
      'token',
      { updateIds: true, mergeQty: true, useParentSku: true },
    );
    expect(item).toEqual({ sku: 'C', item_id: 9, qty: 5, product_option: { x: 1 }, quoteId: 'q1' });
  });

  it('falls back to the cart token as quoteId and sends no ids for a new line', () => {
    expect(cartItemForUpdate({ sku: 'A', qty: 1 }, undefined, 'tok', { updateIds: false, mergeQty: false, useParentSku: false })).toEqual({
      sku: 'A',
      qty: 1,
      quoteId: 'tok',
    });
  });
});

describe('pushFailureAction and checkout window', () => {
  it('removes, restores the previous quantity, or drops unconfirmed lines', () => {
    expect(pushFailureAction({ sku: 'A', qty: 2 }, false)).toEqual({ type: 'removeLocal' });
    expect(pushFailureAction({ sku: 'A', qty: 5, prev_qty: 2, server_item_id: 3 }, true)).toEqual({ type: 'restoreQty', qty: 2 });
    expect(pushFailureAction({ sku: 'A', qty: 5, server_item_id: 3 }, true)).toEqual({ type: 'removeLocal' });
    expect(pushFailureAction({ sku: 'A', qty: 5 }, true)).toEqual({ type: 'deleteNonConfirmed' });
  });

  it('counts 30 minutes after the last change as checkout', () => {
    expect(isUserInCheckout(0, 1_800_000)).toBe(true);
    expect(isUserInCheckout(0, 1_800_001)).toBe(false);
    expect(isUserInCheckout(null, 5)).toBe(false);
  });
});
