import type { CartTotals, ServerCartItem } from '@shop/contracts';
import { CART_MESSAGES, formatMessage } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import type { Answer, CartApi } from './cart-api.ts';
import { createCartEngine, type CartNotice } from './cart-engine.ts';
import { withChecksum } from './cart-state.ts';
import { EMPTY_STATE, lineKey } from './cart-view.ts';
import type { CartState, NewCartItem } from './types.ts';

const ok = <T>(result: T): Promise<Answer<T>> => Promise.resolve({ code: 200, result });
const fail = <T>(code: number, result: string): Promise<Answer<T>> => Promise.resolve({ code, result });

/** An in-memory server cart: quantities are set, never added; `maxQty` refuses bigger lines. */
function fakeServer({ maxQty = 100 } = {}) {
  const carts = new Map<string, ServerCartItem[]>();
  const calls: string[] = [];
  let nextId = 1;
  let tokens = 0;
  const api: CartApi = {
    create: () => {
      calls.push('create');
      const token = `token-${++tokens}`;
      carts.set(token, []);
      return ok(token);
    },
    pull: (cartId) => {
      calls.push('pull');
      const lines = carts.get(cartId);
      return lines ? ok(lines.map((l) => ({ ...l }))) : fail(404, 'Cart not found');
    },
    update: (cartId, item) => {
      calls.push(`update ${item.sku} ${item.qty}`);
      const lines = carts.get(cartId);
      if (!lines) return fail(404, 'Cart not found');
      if (item.qty > maxQty) return fail(400, `Quantity must be below ${maxQty}`);
      let line = item.item_id ? lines.find((l) => l.item_id === item.item_id) : lines.find((l) => l.sku === item.sku);
      if (line) line.qty = item.qty;
      else {
        line = { item_id: nextId++, sku: item.sku, qty: item.qty, name: item.sku, price: 10, product_type: 'simple', quote_id: cartId, stock_status: 'ok' };
        lines.push(line);
      }
      return ok({ ...line });
    },
    remove: (cartId, item) => {
      calls.push(`delete ${item.item_id}`);
      carts.set(cartId, (carts.get(cartId) ?? []).filter((l) => l.item_id !== item.item_id));
      return ok(true as const);
    },
    totals: (cartId) => {
      calls.push('totals');
      const lines = carts.get(cartId) ?? [];
      const grand = lines.reduce((sum, l) => sum + l.qty * 12.2, 0);
      return ok({ grand_total: grand, items: [], total_segments: [] } as unknown as CartTotals);
    },
    fees: () => ok([]),
    setFees: () => ok(true as const),
    applyCoupon: (_cartId, code) =>
      code === 'GOOD'
        ? ok(true as const)
        : code === 'MIN50'
          ? fail(400, formatMessage(CART_MESSAGES.couponBelowMinimum, { amount: 50 }))
          : code === 'OLD'
            ? fail(400, CART_MESSAGES.couponExpired)
            : fail(400, code === 'DETAIL' ? 'Coupon 7 is switched off' : CART_MESSAGES.couponInvalid),
    deleteCoupon: () => ok(true as const),
  };
  return { api, carts, calls };
}

function setup(api: CartApi, initial: Partial<CartState> = {}) {
  let state: CartState = { ...EMPTY_STATE, ...initial };
  const notices: CartNotice[] = [];
  const logs: string[] = [];
  const tracked: string[] = [];
  let clock = 1000;
  const engine = createCartEngine({
    api,
    get: () => state,
    set: (update) => {
      state = update(state);
    },
    notify: (notice) => notices.push(notice),
    now: () => ++clock,
    online: () => true,
    inCheckout: () => false,
    log: (message) => logs.push(message),
    track: (line, delta) => tracked.push(`${line.sku} ${delta > 0 ? '+' : ''}${delta}`),
  });
  return { engine, state: () => state, notices, logs, tracked };
}

/** A line as the product page adds it: the engine gives it its checksum. */
const product = (sku: string, qty = 1): NewCartItem => ({ sku, name: sku, qty, type_id: 'simple' });
const texts = (notices: CartNotice[]) => notices.map((n) => ('text' in n.message ? n.message.text : n.message.key));

/**
 * A product page that added A × 2 and was left as soon as the line was pushed: its stored cart has
 * the line and the token, but no hash, sync time or totals (the cart page's first sync comes next).
 */
async function leftAfterThePush() {
  const server = fakeServer();
  const productPage = setup(server.api);
  await productPage.engine.add([{ item: product('A', 2), stock: 'ok' }]);
  const left = { ...productPage.state(), itemsHash: null, lastSyncAt: null, lastTotalsSyncAt: null, totals: null };
  return { server, left };
}

describe('cart engine', () => {
  it('creates the server cart lazily, pushes the item and fetches totals once per change', async () => {
    const server = fakeServer();
    const { engine, state, notices } = setup(server.api);
    await engine.add([{ item: product('A', 2), stock: 'ok' }]);
    expect(state().token).toBe('token-1');
    expect(state().items[0]).toMatchObject({ sku: 'A', qty: 2, server_item_id: 1, prev_qty: 2, info: { stock: CART_MESSAGES.inStock } });
    expect(state().totals?.grand_total).toBeCloseTo(24.4);
    expect(texts(notices)).toEqual([CART_MESSAGES.addedToCart]);
    expect(notices[0]?.checkoutAction).toBe(true);
    expect(server.calls).toEqual(['create', 'pull', 'update A 2', 'totals', 'pull']);

    server.calls.length = 0;
    await engine.load();
    // Nothing changed: no push, no totals; only the lines' stock is read again (issue 42 point 6).
    expect(server.calls).toEqual(['pull']);
  });

  it("shows a line sold out or lowered since it was added, at the next load and totals refresh, without re-syncing the cart (§4 'Stock sync')", async () => {
    const server = fakeServer();
    const { engine, state } = setup(server.api);
    await engine.add([{ item: product('A', 3), stock: 'ok' }, { item: product('B', 1), stock: 'ok' }]);
    const [a, b] = server.carts.get('token-1')!;
    a!.stock_status = 'out_of_stock';
    a!.max_qty = 0;
    b!.max_qty = 5;
    server.calls.length = 0;
    await engine.load();
    expect(server.calls).toEqual(['pull']);
    expect(state().items[0]).toMatchObject({ is_in_stock: false, max_qty: 0, errors: { stock: CART_MESSAGES.outOfTheStock }, info: {} });
    expect(state().items[1]).toMatchObject({ is_in_stock: true, max_qty: 5, errors: {}, info: { stock: CART_MESSAGES.inStock } });

    a!.stock_status = 'ok';
    a!.max_qty = 2;
    await engine.refreshTotals();
    expect(state().items[0]).toMatchObject({ is_in_stock: true, max_qty: 2, errors: { qty: 'Only 2 products of this type are available!' }, info: {} });
    // Stock alone does not count as a change of the cart: the next load pushes nothing.
    server.calls.length = 0;
    await engine.load();
    expect(server.calls).toEqual(['pull']);
  });

  it('asks the totals beside the pull when both are due (a page left before the totals of its add came), and the pull gives the stock', async () => {
    const { server, left } = await leftAfterThePush();
    server.carts.get('token-1')![0]!.stock_status = 'out_of_stock';
    server.calls.length = 0;
    const cartPage = setup(server.api, left);
    await cartPage.engine.load();
    // Asked before the pull answered (no round trip between them), and one pull only.
    expect(server.calls).toEqual(['totals', 'pull']);
    expect(cartPage.state().totals?.grand_total).toBeCloseTo(24.4);
    expect(cartPage.state().items[0]).toMatchObject({ is_in_stock: false, errors: { stock: CART_MESSAGES.outOfTheStock } });
    server.calls.length = 0;
    await cartPage.engine.load();
    expect(server.calls).toEqual(['pull']);
  });

  it('asks the totals again when the merge beside them wrote to the server (the early answer is of the cart before)', async () => {
    const { server, left } = await leftAfterThePush();
    // The server lost the line meanwhile: the merge pushes it back.
    server.carts.set('token-1', []);
    server.calls.length = 0;
    const cartPage = setup(server.api, left);
    await cartPage.engine.load();
    expect(server.calls).toEqual(['totals', 'pull', 'update A 2', 'totals', 'pull']);
    expect(cartPage.state().totals?.grand_total).toBeCloseTo(24.4);
  });

  it('adds to a matching line and reports the quantity update', async () => {
    const server = fakeServer();
    const { engine, state, notices } = setup(server.api);
    await engine.add([{ item: product('A'), stock: 'ok' }]);
    await engine.add([{ item: product('A', 2), stock: 'ok' }]);
    expect(state().items).toHaveLength(1);
    expect(state().items[0]?.checksum).toBe(withChecksum(product('A')).checksum);
    expect(server.carts.get('token-1')?.[0]?.qty).toBe(3);
    expect(texts(notices)).toEqual([CART_MESSAGES.addedToCart, CART_MESSAGES.qtyUpdated]);
  });

  it('refuses out-of-stock products and warns about volatile stock', async () => {
    const { engine, state, notices } = setup(fakeServer().api);
    await engine.add([
      { item: product('OUT'), stock: 'out_of_stock' },
      { item: product('V'), stock: 'volatile' },
    ]);
    expect(state().items.map((i) => i.sku)).toEqual(['V']);
    expect(texts(notices)).toEqual([CART_MESSAGES.outOfStock, CART_MESSAGES.volatileStock, CART_MESSAGES.addedToCart]);
  });

  it('restores the previous quantity when the server refuses an update', async () => {
    const server = fakeServer({ maxQty: 5 });
    const { engine, state, notices } = setup(server.api);
    await engine.add([{ item: product('A', 2), stock: 'ok' }]);
    const key = lineKey(state().items[0]!);
    await engine.setQty(key, 9);
    expect(state().items[0]?.qty).toBe(2);
    expect(texts(notices).at(-1)).toBe('Quantity must be below 5');
    expect(state().busy).toEqual([]);
  });

  it('removes locally a new line the server refuses', async () => {
    const { engine, state } = setup(fakeServer({ maxQty: 5 }).api);
    await engine.add([{ item: product('A', 9), stock: 'ok' }]);
    expect(state().items).toEqual([]);
  });

  it('deletes a removed line on the server', async () => {
    const server = fakeServer();
    const { engine, state } = setup(server.api);
    await engine.add([{ item: product('A'), stock: 'ok' }, { item: product('B'), stock: 'ok' }]);
    await engine.remove(lineKey(state().items[0]!));
    expect(server.carts.get('token-1')?.map((l) => l.sku)).toEqual(['B']);
  });

  it('reports what the shopper changed for the cart events: adds, quantity steps, removals; not stock refusals or server merges', async () => {
    const server = fakeServer();
    const { engine, state, tracked } = setup(server.api);
    await engine.add([{ item: product('A', 2), stock: 'ok' }, { item: product('OUT'), stock: 'out_of_stock' }]);
    await engine.add([{ item: product('B'), stock: 'ok' }]);
    const key = lineKey(state().items[0]!);
    await engine.setQty(key, 5);
    await engine.setQty(key, 3);
    await engine.setQty(key, 3);
    await engine.remove(lineKey(state().items[1]!));
    await engine.load();
    expect(tracked).toEqual(['A +2', 'B +1', 'A +3', 'A -2', 'B -1']);
  });

  it('moves to a new guest cart when the token is refused, once', async () => {
    const server = fakeServer();
    const item = { ...withChecksum(product('A')), server_item_id: 99 };
    const { engine, state } = setup(server.api, { items: [item], token: 'gone-token' });
    await engine.load();
    expect(state().token).toBe('token-1');
    expect(state().bypassCounter).toBe(0);
    expect(server.carts.get('token-1')?.map((l) => [l.sku, l.qty])).toEqual([['A', 1]]);
  });

  it('resets the hash when the sync keeps failing past the bypass limit', async () => {
    const server = fakeServer();
    const { engine, state } = setup({ ...server.api, pull: () => fail(500, 'down') }, { items: [withChecksum(product('A'))], token: 't', itemsHash: 'old' });
    await engine.load();
    expect(state().bypassCounter).toBe(1);
    expect(state().itemsHash).toBeNull();
  });

  it('disables sync when the cart cannot be created', async () => {
    const { engine, state, logs } = setup({ ...fakeServer().api, create: () => fail(401, 'no') });
    await engine.add([{ item: product('A'), stock: 'ok' }]);
    expect(state().syncDisabled).toBe(true);
    expect(logs).toContain('Cart sync is disabled by the config');
    expect(state().items).toHaveLength(1);
  });

  it('clears: empties, deletes on the server, then drops the token', async () => {
    const server = fakeServer();
    const { engine, state } = setup(server.api);
    await engine.add([{ item: product('A'), stock: 'ok' }]);
    await engine.clear();
    expect(server.carts.get('token-1')).toEqual([]);
    expect(state().token).toBeNull();
    expect(state().items).toEqual([]);
  });

  it('applies a good coupon with a forced totals sync and refuses a bad one', async () => {
    const server = fakeServer();
    const { engine, notices } = setup(server.api);
    await engine.add([{ item: product('A'), stock: 'ok' }]);
    server.calls.length = 0;
    expect(await engine.applyCoupon('  GOOD ')).toBe(true);
    expect(server.calls).toEqual(['totals', 'pull']); // a totals refresh reads the lines' stock too (issue 42 point 6)
    expect(await engine.applyCoupon('BAD')).toBe(false);
    expect(texts(notices).slice(-2)).toEqual([CART_MESSAGES.couponApplied, CART_MESSAGES.couponInvalid]);
  });

  it('says why a real coupon is refused when that is no secret, and stays vague otherwise (issue 42)', async () => {
    const { engine, notices } = setup(fakeServer().api);
    await engine.add([{ item: product('A'), stock: 'ok' }]);
    for (const code of ['MIN50', 'OLD', 'DETAIL', 'NOPE']) expect(await engine.applyCoupon(code)).toBe(false);
    expect(texts(notices).slice(-4)).toEqual([
      'couponBelowMinimum',
      'couponExpired',
      CART_MESSAGES.couponInvalid,
      CART_MESSAGES.couponInvalid,
    ]);
    expect(notices.at(-4)?.message).toEqual({ key: 'couponBelowMinimum', params: { amount: '50' } });
  });
});

describe('authorize at sign-in (shopping §4)', () => {
  /** The fake server with a signed-in customer whose cart already holds two knives. */
  function withCustomerCart() {
    const server = fakeServer();
    let signedIn = false;
    server.carts.set('customer-cart', [{ item_id: 900, sku: 'KNIFE', qty: 2, name: 'KNIFE', price: 10, product_type: 'simple', quote_id: 'customer-cart', stock_status: 'ok' }]);
    const guestCreate = server.api.create;
    const api: CartApi = {
      ...server.api,
      create: () => (signedIn ? (server.calls.push('create customer'), ok('customer-cart')) : guestCreate()),
      applyCoupon: (cartId, code) => (server.calls.push(`apply ${code} ${cartId}`), ok(true as const)),
      deleteCoupon: (cartId) => (server.calls.push(`delete coupon ${cartId}`), ok(true as const)),
    };
    return { ...server, api, signIn: () => (signedIn = true) };
  }

  it("removes the guest's coupon, merges the guest's lines into the customer's cart by quantity, then re-applies the coupon there", async () => {
    const server = withCustomerCart();
    const { engine, state } = setup(server.api);
    await engine.add([
      { item: product('KNIFE', 1), stock: 'ok' },
      { item: product('GLOVES', 3), stock: 'ok' },
    ]);
    const guestToken = state().token;
    await engine.applyCoupon('GOOD');
    // The guest cart's totals name its coupon (the fake server's totals do not).
    const couponed = setup(server.api, { ...state(), totals: { ...state().totals!, coupon_code: 'GOOD' } });
    server.calls.length = 0;

    expect(await couponed.engine.authorize(async () => (server.signIn(), true))).toBe(true);
    expect(couponed.state().token).toBe('customer-cart');
    expect(server.calls[0]).toBe(`delete coupon ${guestToken}`);
    expect(server.calls.indexOf('apply GOOD customer-cart')).toBeGreaterThan(server.calls.indexOf('create customer'));
    // 2 knives on the server + 1 from the guest; the guest's gloves join.
    expect(server.carts.get('customer-cart')!.map((l) => [l.sku, l.qty])).toEqual([
      ['KNIFE', 3],
      ['GLOVES', 3],
    ]);
    expect(couponed.state().items.map((i) => [i.sku, i.qty])).toEqual([
      ['KNIFE', 3],
      ['GLOVES', 3],
    ]);
  });

  it('pulls the customer cart into an empty browser, and a refused sign-in gives the guest cart its coupon back', async () => {
    const server = withCustomerCart();
    const empty = setup(server.api);
    expect(await empty.engine.authorize(async () => (server.signIn(), true))).toBe(true);
    expect(empty.state().items.map((i) => [i.sku, i.qty])).toEqual([['KNIFE', 2]]);

    const other = withCustomerCart();
    const guest = setup(other.api, { token: 'guest-cart', totals: { coupon_code: 'GOOD', items: [], total_segments: [] } as unknown as CartTotals });
    other.carts.set('guest-cart', []);
    expect(await guest.engine.authorize(async () => false)).toBe(false);
    expect(other.calls).toEqual(['delete coupon guest-cart', 'apply GOOD guest-cart']);
    expect(guest.state().token).toBe('guest-cart');
  });
});

describe('adopt (a quote offer filled the cart on the server)', () => {
  it('takes the server cart as it is: its token, its lines and quantities, then its totals; nothing local is pushed over it', async () => {
    const server = fakeServer();
    server.carts.set('offer-cart', [
      { item_id: 41, sku: 'TAVOLO', qty: 12, name: 'Tavolo', price: 380, product_type: 'simple', quote_id: 'offer-cart', stock_status: 'ok' },
      { item_id: 42, sku: 'GUANTI', qty: 500, name: 'Guanti', price: 9.5, product_type: 'simple', quote_id: 'offer-cart', stock_status: 'ok' },
    ]);
    const { engine, state } = setup(server.api, { token: 'old-cart', items: [withChecksum({ ...product('TAVOLO', 1), server_item_id: 7 })], syncDisabled: true });
    await engine.adopt('offer-cart');
    expect(state().token).toBe('offer-cart');
    expect(state().syncDisabled).toBe(false);
    expect(state().items.map((i) => [i.sku, i.qty, i.server_item_id])).toEqual([
      ['TAVOLO', 12, 41],
      ['GUANTI', 500, 42],
    ]);
    expect(state().totals).toMatchObject({ grand_total: 512 * 12.2 });
    expect(server.calls.filter((call) => call.startsWith('update') || call.startsWith('delete') || call === 'create')).toEqual([]);
  });
});
