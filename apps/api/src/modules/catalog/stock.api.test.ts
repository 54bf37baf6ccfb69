import { STOCK_LIST_MAX_SKUS } from '@shop/contracts';
import { upsertProducts } from '@shop/db';
import type { ProductDoc } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';

let api: TestApi;

const base = { type_id: 'simple', status: 1, visibility: 4, price: 10, tax_class_id: '2', category_ids: [] };
const stock = (productId: number, qty: number, isInStock: boolean) => ({
  item_id: productId,
  product_id: productId,
  qty,
  is_in_stock: isInStock,
  manage_stock: true,
  min_sale_qty: 2,
  max_sale_qty: 50,
  backorders: 0,
});
// Children that exist only inside their parent's document, as in catalogues that index them so.
const parentOnly: ProductDoc = {
  ...base,
  id: 980_001,
  sku: 'STK-PARENT',
  name: 'Parent',
  type_id: 'configurable',
  stock: stock(980_001, 0, true),
  configurable_children: [
    { sku: 'STK-CHILD-A', id: 980_002, status: 1, price: 10, stock: stock(980_002, 7, true) },
    { sku: 'STK-CHILD-OFF', id: 980_003, status: 2, price: 10, stock: stock(980_003, 9, true) },
  ],
};
const withoutStock: ProductDoc = { ...base, id: 980_010, sku: 'STK-SERVICE', name: 'Servizio', type_id: 'virtual' };

beforeAll(async () => {
  api = await startTestApi();
  await upsertProducts(api.database.db, [parentOnly, withoutStock]);
});
afterAll(async () => {
  await api?.dispose();
});

async function productStock(filters: Record<string, unknown>) {
  const res = await api.call('/api/catalog', { body: { entityType: 'product', filters, size: 1, includeFields: ['sku', 'stock'] } });
  return res.body.result.items[0] as { sku: string; stock: Record<string, unknown> };
}

const shape = (sku: string, s: Record<string, unknown>) => ({
  sku,
  product_id: s.product_id,
  qty: s.qty,
  is_in_stock: s.is_in_stock,
  manage_stock: s.manage_stock,
  min_sale_qty: s.min_sale_qty,
  max_sale_qty: s.max_sale_qty,
  backorders: s.backorders,
  // catalogue §3 "Stock check result"
  status: s.is_in_stock && (!s.manage_stock || Number(s.backorders) > 0 || Number(s.qty) > 0) ? 'ok' : 'out_of_stock',
  onlineCheckTaskId: expect.stringMatching(/^[0-9a-f-]{36}$/),
  isManageStock: s.manage_stock,
  isInStock: s.is_in_stock,
});

describe('GET /api/stock/check', () => {
  it("answers a product's stock item", async () => {
    const product = await productStock({ type_id: { eq: 'simple' }, visibility: { eq: 4 }, status: { eq: 1 } });
    const res = await api.call(`/api/stock/check?sku=${encodeURIComponent(product.sku)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, result: shape(product.sku, product.stock) });
  });

  it('answers a configurable child, from its own row or from inside its parent', async () => {
    const child = await productStock({ visibility: { eq: 1 }, status: { eq: 1 }, parent_sku: { eq: 'GUA-00010' } });
    const own = await api.call(`/api/stock/check?sku=${child.sku}`);
    expect(own.body.result).toEqual(shape(child.sku, child.stock));

    const nested = await api.call('/api/stock/check?sku=STK-CHILD-A');
    expect(nested.body.result).toEqual({
      sku: 'STK-CHILD-A',
      product_id: 980_002,
      qty: 7,
      is_in_stock: true,
      manage_stock: true,
      min_sale_qty: 2,
      max_sale_qty: 50,
      backorders: 0,
      status: 'ok',
      onlineCheckTaskId: expect.any(String),
      isManageStock: true,
      isInStock: true,
    });
  });

  it('counts a product without stock data as in stock, its stock not managed', async () => {
    const res = await api.call('/api/stock/check?sku=STK-SERVICE');
    expect(res.body.result).toEqual({
      sku: 'STK-SERVICE',
      product_id: 980_010,
      qty: 0,
      is_in_stock: true,
      manage_stock: false,
      min_sale_qty: 1,
      max_sale_qty: 10_000,
      backorders: 0,
      status: 'ok',
      onlineCheckTaskId: expect.any(String),
      isManageStock: false,
      isInStock: true,
    });
  });

  it('answers 404 for an unknown sku, a disabled product and a disabled child', async () => {
    const disabled = await productStock({ status: { eq: 2 } });
    for (const sku of ['NON-ESISTE', disabled.sku, 'STK-CHILD-OFF']) {
      const res = await api.call(`/api/stock/check?sku=${encodeURIComponent(sku)}`);
      expect(res.status, sku).toBe(404);
      expect(res.body).toEqual({ code: 404, result: `No product with sku ${sku}` });
    }
  });

  it.each([
    ['no sku', '', /sku/],
    ['an empty sku', '?sku=', /sku/],
    ['two skus', '?sku=a&sku=b', /sku/],
    ['an unknown parameter', '?sku=a&qty=1', /qty/],
  ])('refuses %s with 400', async (_name, query, message) => {
    const res = await api.call(`/api/stock/check${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, result: expect.stringMatching(message) });
  });
});

describe('GET /api/stock/list', () => {
  it('answers the stock items of the known skus in the order asked, once each', async () => {
    const product = await productStock({ type_id: { eq: 'simple' }, visibility: { eq: 4 }, status: { eq: 1 } });
    const res = await api.call(`/api/stock/list?skus=STK-SERVICE,NON-ESISTE, ${product.sku} ,STK-CHILD-A,STK-SERVICE`);
    expect(res.status).toBe(200);
    expect(res.body.result.map((i: { sku: string }) => i.sku)).toEqual(['STK-SERVICE', product.sku, 'STK-CHILD-A']);
    expect(res.body.result[1]).toEqual(shape(product.sku, product.stock));
  });

  it(`takes up to ${STOCK_LIST_MAX_SKUS} skus`, async () => {
    const skus = Array.from({ length: STOCK_LIST_MAX_SKUS }, (_, i) => `X-${i}`);
    const ok = await api.call(`/api/stock/list?skus=${skus.join(',')}`);
    expect(ok.body).toEqual({ code: 200, result: [] });
    const tooMany = await api.call(`/api/stock/list?skus=${[...skus, 'one-more'].join(',')}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.result).toMatch(/skus/);
  });

  it.each([
    ['no skus', ''],
    ['only commas', '?skus=,,'],
    ['a sku too long', `?skus=${'x'.repeat(65)}`],
  ])('refuses %s with 400', async (_name, query) => {
    const res = await api.call(`/api/stock/list${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, result: expect.stringMatching(/skus/) });
  });
});
