import { upsertProducts } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { productFactory } from '../../testing/products.ts';

let api: TestApi;
const product = productFactory(989_000);

beforeAll(async () => {
  api = await startTestApi();
  await upsertProducts(api.database.db, [product('WL-KNIFE', 40), product('WL-GLOVE', 9), product('WL-BOOT', 55)]);
});
afterAll(async () => {
  await api?.dispose();
});

let nextEmail = 1;
/** A new customer's access token. */
async function customer(): Promise<string> {
  const email = `lista${nextEmail++}@example.it`;
  const password = 'Coltello-2026';
  expect((await api.call('/api/user/create', { body: { customer: { email, firstname: 'Anna', lastname: 'Bianchi' }, password } })).status).toBe(200);
  const login = await api.call('/api/user/login', { body: { username: email, password } });
  return login.body.result as string;
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const skus = (body: { result: { items: { sku: string }[] } }) => body.result.items.map((item) => item.sku);

describe('wishlist', () => {
  it('keeps the signed-in customer’s products by sku, qty 1, in the order added, on any device', async () => {
    const token = await customer();
    const empty = await api.call('/api/wishlist', { headers: bearer(token) });
    expect(empty.body).toEqual({ code: 200, result: { items: [] } });
    expect(empty.headers.get('cache-control')).toBe('private, no-store');

    const added = await api.call(`/api/wishlist/items?token=${token}`, { body: { skus: ['WL-GLOVE', 'WL-KNIFE'] } });
    expect(added.body).toEqual({ code: 200, result: { items: [{ sku: 'WL-GLOVE', qty: 1 }, { sku: 'WL-KNIFE', qty: 1 }] } });
    // The browser's list merged at sign-in: present SKUs keep their place, unknown ones are left out.
    const merged = await api.call('/api/wishlist/items', { body: { skus: ['WL-KNIFE', 'WL-BOOT', 'NO-SUCH-SKU'] }, headers: bearer(token) });
    expect(skus(merged.body)).toEqual(['WL-GLOVE', 'WL-KNIFE', 'WL-BOOT']);

    const removed = await api.call('/api/wishlist/items/WL-GLOVE', { method: 'DELETE', headers: bearer(token) });
    expect(skus(removed.body)).toEqual(['WL-KNIFE', 'WL-BOOT']);
    expect(skus((await api.call(`/api/wishlist?token=${token}`)).body)).toEqual(['WL-KNIFE', 'WL-BOOT']);

    const cleared = await api.call('/api/wishlist', { method: 'DELETE', headers: bearer(token) });
    expect(cleared.body.result.items).toEqual([]);
  });

  it('is each customer’s own and refused without a token', async () => {
    const anna = await customer();
    const bruno = await customer();
    await api.call('/api/wishlist/items', { body: { skus: ['WL-BOOT'] }, headers: bearer(anna) });
    expect((await api.call('/api/wishlist', { headers: bearer(bruno) })).body.result.items).toEqual([]);
    await api.call('/api/wishlist', { method: 'DELETE', headers: bearer(bruno) });
    expect(skus((await api.call('/api/wishlist', { headers: bearer(anna) })).body)).toEqual(['WL-BOOT']);

    expect((await api.call('/api/wishlist')).status).toBe(401);
    expect((await api.call('/api/wishlist/items', { body: { skus: ['WL-BOOT'] } })).status).toBe(401);
    expect((await api.call('/api/wishlist/items/WL-BOOT', { method: 'DELETE', headers: bearer('not-a-token') })).status).toBe(401);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const token = await customer();
    const cases: unknown[] = [{}, { skus: [] }, { skus: [''] }, { skus: ['x'.repeat(65)] }, { skus: ['A\u0000B'] }, { skus: 'WL-BOOT' }, { skus: Array.from({ length: 101 }, (_, i) => `S${i}`) }];
    for (const body of cases) {
      const res = await api.call('/api/wishlist/items', { body, headers: bearer(token) });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.result).toMatch(/skus/);
    }
    const long = await api.call(`/api/wishlist/items/${'x'.repeat(65)}`, { method: 'DELETE', headers: bearer(token) });
    expect(long.status).toBe(400);
    expect(long.body.result).toMatch(/^sku: /);
  });
});
