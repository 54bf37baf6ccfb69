import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.dispose();
});

const PRICE_FIELDS = ['id', 'sku', 'price', 'price_incl_tax', 'original_price', 'original_price_incl_tax', 'special_price', 'special_price_incl_tax'];

async function catalogProducts(filters: Record<string, unknown>, size = 3) {
  const res = await api.call('/api/catalog', { body: { entityType: 'product', filters, size, includeFields: PRICE_FIELDS } });
  return res.body.result.items as Record<string, number | string>[];
}

const listed = { visibility: { eq: 4 }, status: { eq: 1 } };

/** What render-list must say about a product the catalogue priced. */
const expectedItem = (p: Record<string, number | string>) => ({
  id: p.id,
  sku: p.sku,
  price_info: {
    final_price: p.price_incl_tax,
    regular_price: p.original_price_incl_tax,
    special_price: p.special_price_incl_tax,
    extension_attributes: {
      tax_adjustments: { final_price: p.price, regular_price: p.original_price, special_price: p.special_price },
    },
  },
});

describe('GET /api/product/render-list', () => {
  it('answers current prices with tax, and the net amounts in tax_adjustments', async () => {
    const products = await catalogProducts({ ...listed, type_id: { eq: 'simple' }, tax_class_id: { eq: 2 } });
    const res = await api.call(`/api/product/render-list?skus=${products.map((p) => p.sku).join(',')}&currencyCode=EUR&storeId=1`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, result: { items: products.map(expectedItem) } });
    for (const item of res.body.result.items) expect(item.price_info.final_price).toBeGreaterThan(item.price_info.extension_attributes.tax_adjustments.final_price);
  });

  it('shows an active special price as the final price', async () => {
    const all = await catalogProducts(listed, 400);
    const discounted = all.find((p) => Number(p.special_price) > 0)!;
    const res = await api.call(`/api/product/render-list?skus=${discounted.sku}`);
    const [item] = res.body.result.items;
    expect(item).toEqual(expectedItem(discounted));
    expect(item.price_info.final_price).toBe(item.price_info.special_price);
    expect(item.price_info.final_price).toBeLessThan(item.price_info.regular_price);
  });

  it('leaves out unknown, disabled and not individually visible products, keeping the order asked', async () => {
    const [a, b] = await catalogProducts(listed, 2);
    const [disabled] = await catalogProducts({ status: { eq: 2 } }, 1);
    const [child] = await catalogProducts({ visibility: { eq: 1 }, status: { eq: 1 } }, 1);
    const skus = [b!.sku, 'NON-ESISTE', disabled!.sku, child!.sku, a!.sku];
    const res = await api.call(`/api/product/render-list?skus=${skus.map((s) => encodeURIComponent(String(s))).join(',')}`);
    expect(res.body.result.items.map((i: { sku: string }) => i.sku)).toEqual([b!.sku, a!.sku]);
  });

  it('taxes for the customer tax class in userGroupId', async () => {
    const [product] = await catalogProducts({ ...listed, type_id: { eq: 'simple' }, tax_class_id: { eq: 2 } }, 1);
    const res = await api.call(`/api/product/render-list?skus=${product!.sku}&userGroupId=1`);
    const info = res.body.result.items[0].price_info;
    expect(info.final_price).toBe(info.extension_attributes.tax_adjustments.final_price);
  });

  it.each([
    ['no skus', '?currencyCode=EUR', /skus/],
    ['only commas', '?skus=,', /skus/],
    ['more than 200 skus', `?skus=${Array.from({ length: 201 }, (_, i) => `S${i}`).join(',')}`, /skus/],
    ['another currency', '?skus=A&currencyCode=USD', /currencyCode/],
    ['another store view', '?skus=A&storeId=2', /storeId: must be 1/],
    ['a store id that is no number', '?skus=A&storeId=it', /storeId/],
    ['a bad userGroupId', '?skus=A&userGroupId=-3', /userGroupId/],
  ])('refuses %s with 400', async (_name, query, message) => {
    const res = await api.call(`/api/product/render-list${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, result: expect.stringMatching(message) });
  });

  it('refuses a token that is no customer\'s with 401 rather than answering public prices', async () => {
    expect((await api.call('/api/product/render-list?skus=A&token=abc')).status).toBe(401);
  });
});
