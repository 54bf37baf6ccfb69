import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/api-harness.ts';
import { fakeStorefront, type FakeStorefront } from '../testing/fake-storefront.ts';

const TOKEN = 'invalidation-test-token-'.padEnd(64, 'x');
const SECRET = 'revalidate-secret-for-tests';

let api: TestApi;
let storefront: FakeStorefront;
beforeAll(async () => {
  storefront = await fakeStorefront();
  api = await startTestApi({ adminToken: TOKEN, storefrontInternalUrl: storefront.url, revalidateSecret: SECRET });
});
afterAll(async () => {
  await api?.dispose();
  await storefront?.close();
});
beforeEach(() => {
  storefront.calls = [];
  storefront.status = 200;
});

async function importDocs(entity: string, docs: Record<string, unknown>[]) {
  const res = await api.call('/api/admin/catalog/import', { body: { entity, docs }, headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
}

const sentTags = () => storefront.sentTags();

const knife = {
  id: 900_001,
  sku: 'INV-KNIFE',
  name: 'Coltello da cucina',
  type_id: 'configurable',
  status: 1,
  visibility: 4,
  price: 100,
  tax_class_id: '2',
  category_ids: [16, 20],
  configurable_children: [{ id: 900_002, sku: 'INV-KNIFE-20', status: 1, price: 100 }],
  stock: { qty: 5, is_in_stock: true },
};

async function knifePriceInclTax(): Promise<number> {
  const res = await api.call('/api/catalog', { body: { entityType: 'product', filters: { sku: { eq: knife.sku } } } });
  return res.body.result.items[0].price_incl_tax;
}

describe('cache invalidation after an import', () => {
  it('expires the product page, every list showing it and the sitemap, with the secret', async () => {
    const result = await importDocs('product', [knife]);
    expect(result.cache).toEqual({ tags: 7, status: 'sent' });
    expect(storefront.calls).toHaveLength(1);
    expect(storefront.calls[0]).toMatchObject({ path: '/internal/revalidate', secret: SECRET });
    expect(sentTags()).toEqual(['C16', 'C20', 'P900001', 'PSINV-KNIFE', 'PSINV-KNIFE-20', 'home', 'sitemap'].sort());
  });

  it('sends nothing when an import changes nothing', async () => {
    const result = await importDocs('product', [knife]);
    expect(result).toMatchObject({ unchanged: 1, cache: { tags: 0, status: 'skipped' } });
    expect(storefront.calls).toEqual([]);
  });

  it('expires the lists a product leaves as well as those it joins', async () => {
    await importDocs('product', [{ ...knife, price: 90, category_ids: [20, 33] }]);
    expect(sentTags()).toEqual(['C16', 'C20', 'C33', 'P900001', 'PSINV-KNIFE', 'PSINV-KNIFE-20', 'home', 'sitemap'].sort());
  });

  it('expires categories, attributes, CMS and the products a review belongs to by their tags', async () => {
    await importDocs('category', [{ id: 900_010, parent_id: 3, name: 'Nuova categoria', path: '1/2/3/900010', level: 2, is_active: true }]);
    expect(sentTags()).toEqual(['C900010', 'category']);
    storefront.calls = [];
    await importDocs('attribute', [{ attribute_id: 900_020, attribute_code: 'inv_test', frontend_input: 'select', options: [] }]);
    expect(sentTags()).toEqual(['attribute']);
    storefront.calls = [];
    await importDocs('cms_block', [{ id: 900_030, identifier: 'inv-test-block', content: '<p>x</p>', active: true }]);
    expect(sentTags()).toEqual(['cms']);
    storefront.calls = [];
    await importDocs('review', [{ id: 900_040, product_id: knife.id, title: 'Ottimo', detail: 'Taglia bene', nickname: 'Chef', review_status: 1 }]);
    expect(sentTags()).toEqual(['P900001', 'PSINV-KNIFE', 'PSINV-KNIFE-20']);
  });

  it('reprices at once after a tax rule change: the API drops its cached rules, the storefront all product reads', async () => {
    await importDocs('product', [knife]);
    expect(await knifePriceInclTax()).toBe(122);
    storefront.calls = [];
    const rule = (await api.call('/api/catalog', { body: { entityType: 'taxrule', filters: { id: { eq: 1 } } } })).body.result.items[0];
    const rates = rule.rates.map((r: { tax_country_id: string }) => (r.tax_country_id === 'IT' ? { ...r, rate: 25 } : r));
    await importDocs('taxrule', [{ ...rule, rates }]);
    expect(sentTags()).toEqual(['product', 'taxrule']);
    expect(await knifePriceInclTax()).toBe(125);
  });

  it('counts a list anew after an import: totals kept between reads never go stale', async () => {
    const filters = { category_ids: { in: [900_050] }, visibility: { in: [2, 3, 4] }, status: { in: [0, 1] } };
    const listTotals = async () =>
      Promise.all(
        [0, 48].map(async (size) => (await api.call('/api/catalog', { body: { entityType: 'product', filters, size } })).body.result.total),
      );
    expect(await listTotals()).toEqual([0, 0]);
    expect(await listTotals()).toEqual([0, 0]); // now from the API's cache
    await importDocs('product', [{ ...knife, id: 900_051, sku: 'INV-COUNT', configurable_children: [], category_ids: [900_050] }]);
    expect(await listTotals()).toEqual([1, 1]);
    const list = await api.call('/api/catalog', { body: { entityType: 'product', filters, size: 48, includeFields: ['sku'] } });
    expect(list.body.result.items).toEqual([{ sku: 'INV-COUNT' }]);
  });

  it('reports a storefront that refuses, and keeps the imported data', async () => {
    storefront.status = 500;
    const result = await importDocs('product', [{ ...knife, price: 80 }]);
    expect(result.updated).toBe(1);
    expect(result.cache).toMatchObject({ status: 'failed', error: expect.stringMatching(/answered 500/) });
  });
});
