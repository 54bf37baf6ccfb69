import { QUICK_ORDER_MAX_QTY, QUICK_ORDER_MAX_ROWS } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { CART_MAX_QTY, quickOrderBody } from './cart.ts';

describe('quickOrderBody', () => {
  it('takes what the quick order rules let through: a row of at most the cart’s quantity per line, at most 1,000 rows', () => {
    expect(QUICK_ORDER_MAX_QTY).toBe(CART_MAX_QTY);
    expect(quickOrderBody.safeParse({ rows: [{ sku: 'A', qty: QUICK_ORDER_MAX_QTY }] }).success).toBe(true);
    expect(quickOrderBody.safeParse({ rows: [{ sku: 'A', qty: QUICK_ORDER_MAX_QTY + 1 }] }).success).toBe(false);
    expect(quickOrderBody.safeParse({ rows: Array.from({ length: QUICK_ORDER_MAX_ROWS }, () => ({ sku: 'A', qty: 1 })) }).success).toBe(true);
  });
});
