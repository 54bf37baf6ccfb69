import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/api-harness.ts';

/*
 * What the edge cache (ADR 0024) may keep: public catalogue reads say so with Cache-Control and
 * carry their cache tags as `xkey`; anything personal or failed says no-store.
 */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.dispose();
});

const PASSWORD = 'Coltello-2026';

async function someSkus(): Promise<string[]> {
  const res = await api.call('/api/catalog', { body: { entityType: 'product', filters: { visibility: { eq: 4 }, status: { eq: 1 } }, size: 2, includeFields: ['sku'] } });
  return res.body.result.items.map((item: { sku: string }) => item.sku);
}

describe('answers for the edge cache', () => {
  it("keeps a guest's price list, tagged with each SKU and with product (tax rules)", async () => {
    const skus = await someSkus();
    const res = await api.call(`/api/product/render-list?skus=${skus.join(',')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=86400');
    expect(res.headers.get('xkey')?.split(' ')).toEqual(['product', ...skus.map((sku) => `PS${sku}`)]);
  });

  it("never a customer's: their group's prices are private and untagged", async () => {
    const email = `edge.${Date.now()}@example.it`;
    expect((await api.call('/api/user/create', { body: { customer: { email, firstname: 'Anna', lastname: 'Bianchi' }, password: PASSWORD } })).status).toBe(200);
    const token = (await api.call('/api/user/login', { body: { username: email, password: PASSWORD } })).body.result as string;
    const [sku] = await someSkus();
    for (const res of [
      await api.call(`/api/product/render-list?skus=${sku}&token=${token}`),
      await api.call(`/api/product/render-list?skus=${sku}`, { headers: { authorization: `Bearer ${token}` } }),
      await api.call(`/api/user/me?token=${token}`),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toMatch(/^(private, )?no-store$/);
      expect(res.headers.get('xkey')).toBeNull();
    }
  });

  it('keeps CMS content under the cms tag, and no error', async () => {
    const block = await api.call('/api/ext/cms-data/cmsBlockIdentifier/home-banner');
    expect(block.status).toBe(200);
    expect(block.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=86400');
    expect(block.headers.get('xkey')).toBe('cms');
    const missing = await api.call('/api/ext/cms-data/cmsBlockIdentifier/no-such-block');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(missing.headers.get('xkey')).toBeNull();
  });

  it('keeps nothing else: catalogue queries are POSTs, carts are personal', async () => {
    for (const res of [await api.call('/api/catalog', { body: { entityType: 'category', size: 1 } }), await api.call('/api/cart/create', { method: 'POST' })]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('xkey')).toBeNull();
    }
  });
});
