import { hashCartToken } from '@shop/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CART_LIMITS } from './limits.ts';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';

/**
 * Issue 13 item 20: carts were free to create without limit (300 in 1.6 s) and never expired.
 * New carts are rate-limited per client address, and guest carts idle longer than CART_TTL_DAYS
 * are deleted by a scheduled clean-up.
 */
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ cartLimits: { ...DEFAULT_CART_LIMITS, createsPerWindow: 3 } });
});
afterAll(async () => {
  await api?.dispose();
});

const create = (target: TestApi, address: string) => target.call('/api/cart/create', { method: 'POST', headers: { 'x-forwarded-for': address } });
const pull = (target: TestApi, cart: string) => target.call(`/api/cart/pull?cartId=${cart}`);

async function newCart(target: TestApi, address: string): Promise<string> {
  const res = await create(target, address);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as string;
}

/** Moves the start of a rate-limit window `ms` into the past (its counts stay). */
async function ageWindow(target: TestApi, key: string, ms: number): Promise<void> {
  await sql`UPDATE rate_limit SET expire = expire - ${ms} WHERE key = ${key}`.execute(target.database.db);
}

/** Makes a cart look unused for `days` days. */
async function idleFor(target: TestApi, cart: string, days: number): Promise<void> {
  await sql`UPDATE cart SET last_active_at = now() - make_interval(days => ${days}) WHERE token_hash = ${hashCartToken(cart)}`.execute(
    target.database.db,
  );
}

describe('cart creation flood', () => {
  it('answers 429 past the limit of new carts per client address, in the cart message catalogue', async () => {
    for (let i = 0; i < 3; i++) await newCart(api, '203.0.113.30');
    const refused = await create(api, '203.0.113.30');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 429, result: 'Too many new carts from this address. Please try again in 10 minutes.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(590);
    // Another shopper behind the same storefront is not affected.
    await newCart(api, '203.0.113.31');
  });

  it('counts in a fixed window opened by the first new cart: all its carts count until it ends', async () => {
    const address = '203.0.113.32';
    await newCart(api, address);
    // 595 s later the same window still holds the first cart, so two more reach the limit…
    await ageWindow(api, `cart-create-address:${address}`, 595_000);
    for (let i = 0; i < 2; i++) await newCart(api, address);
    const refused = await create(api, address);
    expect(refused.status).toBe(429);
    // …and the address waits only for that window's end, not 10 minutes from its last cart.
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(5);
    await ageWindow(api, `cart-create-address:${address}`, 10_000);
    for (let i = 0; i < 3; i++) await newCart(api, address);
    expect((await create(api, address)).status).toBe(429);
  });
});

/**
 * ADR 0024: API instances on one PostgreSQL server share the per-address and per-cart counts,
 * which live in the database, so N instances do not allow N times the limits.
 */
describe.runIf(process.env.DATABASE_URL)('limits shared by two API instances on one PostgreSQL server', () => {
  let other: TestApi;
  beforeAll(async () => {
    other = await api.anotherInstance();
  });
  afterAll(async () => {
    await other?.dispose();
  });

  it('counts new carts made through either instance against one limit per address', async () => {
    const address = '203.0.113.40';
    for (const target of [api, other, api]) await newCart(target, address);
    for (const target of [other, api]) {
      const refused = await create(target, address);
      expect(refused.status).toBe(429);
      expect(refused.body.result).toBe('Too many new carts from this address. Please try again in 10 minutes.');
    }
    await newCart(other, '203.0.113.41');
  });

  it('counts coupon guesses through either instance against the cart (5) and the client address (20)', async () => {
    const guess = (target: TestApi, cart: string, address: string, code: string) =>
      target.call(`/api/cart/apply-coupon?cartId=${cart}&coupon=${code}`, { method: 'POST', headers: { 'x-forwarded-for': address } });
    // Carts come from addresses of their own: this file allows 3 new carts per address.
    let made = 0;
    const freshCart = () => newCart(made % 2 === 0 ? api : other, `198.51.100.${100 + made++}`);

    const cart = await freshCart();
    for (let i = 0; i < 5; i++) expect((await guess(i % 2 === 0 ? api : other, cart, '203.0.113.50', `SPLIT-${i}`)).status).toBe(400);
    for (const target of [other, api]) {
      const blocked = await guess(target, cart, '203.0.113.51', 'NEWSLETTER10');
      expect(blocked.status).toBe(429);
      expect(blocked.body.result).toBe('Too many incorrect coupon codes. Please try again in 10 minutes.');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(590);
    }

    // Half the guesses through each instance: the 21st is refused, as on one instance.
    let refused = 0;
    for (let current = ''; refused < 30; refused++) {
      // A fresh cart every 4 guesses leaves only the per-address limit.
      if (refused % 4 === 0) current = await freshCart();
      const res = await guess(refused % 2 === 0 ? api : other, current, '203.0.113.52', `ADDR-${refused}`);
      if (res.status === 429) break;
      expect(res.status).toBe(400);
    }
    expect(refused).toBe(20);
    expect((await guess(other, await freshCart(), '203.0.113.52', 'AGAIN')).status).toBe(429);
  });
});

describe('abandoned guest carts', () => {
  it('one sweep deletes a guest cart idle longer than the TTL and keeps the active ones', async () => {
    const [abandoned, recent, active] = [await newCart(api, '198.51.100.1'), await newCart(api, '198.51.100.1'), await newCart(api, '198.51.100.1')];
    await api.call(`/api/cart/update?cartId=${active}`, { body: { cartItem: { sku: 'COL-00004', qty: 1 } } });
    await idleFor(api, abandoned, DEFAULT_CART_LIMITS.ttlDays + 1);
    await idleFor(api, recent, DEFAULT_CART_LIMITS.ttlDays - 1);

    expect(await api.cartExpiry.sweep()).toBe(1);
    expect((await pull(api, abandoned)).status).toBe(404);
    expect((await pull(api, recent)).status).toBe(200);
    const kept = await pull(api, active);
    expect(kept.status).toBe(200);
    expect(kept.body.result).toHaveLength(1);
  });

  it('counts opening a cart as using it: a pulled cart starts its TTL again', async () => {
    const cart = await newCart(api, '198.51.100.2');
    await idleFor(api, cart, DEFAULT_CART_LIMITS.ttlDays + 5);
    expect((await pull(api, cart)).status).toBe(200);
    expect(await api.cartExpiry.sweep()).toBe(0);
    expect((await pull(api, cart)).status).toBe(200);
  });

  it('never deletes a customer cart', async () => {
    await api.database.db.insertInto('cart').values({ token_hash: 'customer-cart', customer_id: 7, last_active_at: new Date(0) }).execute();
    expect(await api.cartExpiry.sweep()).toBe(0);
    const row = await api.database.db.selectFrom('cart').select('id').where('token_hash', '=', 'customer-cart').executeTakeFirst();
    expect(row).toBeDefined();
  });

  it('runs the clean-up on its own schedule while the API runs', async () => {
    const scheduled = await startTestApi({ cartLimits: { ...DEFAULT_CART_LIMITS, sweepIntervalMs: 100 } });
    try {
      const cart = await newCart(scheduled, '198.51.100.3');
      await idleFor(scheduled, cart, DEFAULT_CART_LIMITS.ttlDays + 1);
      // Watched in the table: opening the cart would count as using it.
      const exists = async () =>
        (await scheduled.database.db.selectFrom('cart').select('id').where('token_hash', '=', hashCartToken(cart)).executeTakeFirst()) !== undefined;
      const deadline = Date.now() + 15_000;
      while ((await exists()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await exists()).toBe(false);
      expect((await pull(scheduled, cart)).status).toBe(404);
    } finally {
      await scheduled.dispose();
    }
  });
});
