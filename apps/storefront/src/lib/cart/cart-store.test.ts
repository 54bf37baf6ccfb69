import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from './cart-storage.ts';

/*
 * When a stored cart is synced (issue 46 point 3): at idle on any page, at once on a page that
 * shows the cart, even when the header's cart asked first and its idle wait is still pending.
 */
const load = vi.fn(async () => undefined);
vi.mock('./cart-actions.ts', () => ({ cartActions: () => ({ load }) }));

let idle: (() => void)[] = [];
let cancelled: number[] = [];

beforeEach(() => {
  vi.resetModules();
  load.mockClear();
  idle = [];
  cancelled = [];
  const stored = new Map([[CART_STORAGE_KEY, JSON.stringify({ items: [{ sku: 'A', name: 'A', qty: 1, type_id: 'simple', checksum: 'c' }], token: 'tok' })]]);
  vi.stubGlobal('window', {
    localStorage: { getItem: (key: string) => stored.get(key) ?? null, setItem: () => undefined, removeItem: () => undefined },
    addEventListener: () => undefined,
    requestIdleCallback: (callback: () => void) => idle.push(callback) - 1,
    cancelIdleCallback: (handle: number) => cancelled.push(handle),
  });
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startCart', () => {
  it('waits for idle time on an ordinary page, and syncs once', async () => {
    const { startCart } = await import('./cart-store.ts');
    startCart();
    startCart();
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]!();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("syncs at once for the cart page, cancelling the header's idle wait, and only once", async () => {
    const { startCart } = await import('./cart-store.ts');
    startCart();
    startCart({ urgent: true });
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(cancelled).toEqual([0]);
    startCart({ urgent: true });
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('syncs at once when the cart page asks first', async () => {
    const { startCart } = await import('./cart-store.ts');
    startCart({ urgent: true });
    startCart();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(idle).toHaveLength(0);
  });
});
