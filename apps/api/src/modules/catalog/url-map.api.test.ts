import { upsertCms } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  await upsertCms(api.database.db, 'cms_page', [
    { id: 901, identifier: 'pagina-con-script', title: 'X', content: '<p onclick="x()">Ciao</p><script>alert(1)</script>', active: true },
    { id: 902, identifier: 'pagina-spenta', title: 'Y', content: '<p>Spenta</p>', active: false },
  ]);
});
afterAll(async () => {
  await api?.dispose();
});

async function map(body: Record<string, unknown>) {
  const res = await api.call('/api/url/map', { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as { _type: string; _source: Record<string, any> } | null;
}

async function firstProduct(filters: Record<string, unknown>) {
  const res = await api.call('/api/catalog', {
    body: { entityType: 'product', filters, size: 1, includeFields: ['sku', 'url_path', 'price', 'price_incl_tax', 'special_price'] },
  });
  return res.body.result.items[0] as { sku: string; url_path: string; price: number; price_incl_tax: number };
}

describe('POST /api/url/map', () => {
  it('maps a product url_path to the taxed product document', async () => {
    const product = await firstProduct({ type_id: { eq: 'simple' }, visibility: { eq: 4 }, status: { eq: 1 }, tax_class_id: { eq: 2 } });
    const result = await map({ url: product.url_path });
    expect(result?._type).toBe('product');
    expect(result?._source.sku).toBe(product.sku);
    expect(result?._source.price_incl_tax).toBe(product.price_incl_tax);
    expect(result?._source.price_incl_tax).toBeGreaterThan(result?._source.price);
  });

  it('answers the same at POST /api/url, the URL index path of catalogue §7', async () => {
    const product = await firstProduct({ type_id: { eq: 'simple' }, visibility: { eq: 4 }, status: { eq: 1 } });
    const viaIndex = await api.call('/api/url', { body: { url: product.url_path, includeFields: ['sku'] } });
    expect(viaIndex.status).toBe(200);
    expect(viaIndex.body.result).toEqual(await map({ url: product.url_path, includeFields: ['sku'] }));
    expect((await api.call('/api/url', { body: { url: 7 } })).status).toBe(400);
  });

  it('strips a leading slash, trailing slashes, a query string and a hash', async () => {
    const product = await firstProduct({ visibility: { eq: 4 }, status: { eq: 1 } });
    for (const url of [`/${product.url_path}`, `${product.url_path}/`, `/${product.url_path}//?utm_source=x&a=1`, `${product.url_path}#recensioni`]) {
      const result = await map({ url, includeFields: ['sku'] });
      expect(result, url).toEqual({ _type: 'product', _source: { sku: product.sku } });
    }
  });

  it('applies includeFields and excludeFields (null meaning all, as VSF sends)', async () => {
    const product = await firstProduct({ visibility: { eq: 4 }, status: { eq: 1 } });
    const included = await map({ url: product.url_path, includeFields: ['sku', 'price_incl_tax'] });
    expect(Object.keys(included!._source).sort()).toEqual(['price_incl_tax', 'sku']);
    const excluded = await map({ url: product.url_path, includeFields: null, excludeFields: ['description', 'media_gallery'] });
    expect(excluded!._source).toHaveProperty('name');
    expect(excluded!._source).not.toHaveProperty('description');
  });

  it('taxes for the customer tax class in groupId', async () => {
    const product = await firstProduct({ visibility: { eq: 4 }, status: { eq: 1 }, tax_class_id: { eq: 2 }, type_id: { eq: 'simple' } });
    const result = await map({ url: product.url_path, groupId: 1, includeFields: ['price', 'price_incl_tax'] });
    expect(result!._source.price_incl_tax).toBe(result!._source.price);
  });

  it("accepts the spec's options, filters and groupId null, answering as without them (issue 42)", async () => {
    const product = await firstProduct({ visibility: { eq: 4 }, status: { eq: 1 }, tax_class_id: { eq: 2 }, type_id: { eq: 'simple' } });
    const plain = await map({ url: product.url_path, includeFields: ['sku', 'price_incl_tax'] });
    const withSpecFields = await map({
      url: product.url_path,
      includeFields: ['sku', 'price_incl_tax'],
      options: { prefetchGroupProducts: true, fallbackToDefaultWhenNoAvailable: false },
      filters: { sku: product.sku },
      groupId: null,
    });
    expect(withSpecFields).toEqual(plain);
  });

  it('maps an active category url_path, then an active CMS page identifier', async () => {
    const category = await map({ url: '/coltelli/', includeFields: ['id', 'url_path', 'is_active'] });
    expect(category).toEqual({ _type: 'category', _source: { id: 20, url_path: 'coltelli', is_active: true } });
    const page = await map({ url: 'chi-siamo', includeFields: ['identifier', 'title'] });
    expect(page).toEqual({ _type: 'cms_page', _source: { identifier: 'chi-siamo', title: 'Chi siamo' } });
  });

  it('sanitises a CMS page content', async () => {
    const page = await map({ url: 'pagina-con-script' });
    expect(page!._source.content).toBe('<p>Ciao</p>');
  });

  it('answers null for what a shopper may not open, and for unknown paths', async () => {
    const disabled = await firstProduct({ status: { eq: 2 }, visibility: { eq: 4 } });
    const notVisible = await firstProduct({ status: { eq: 1 }, visibility: { eq: 1 } });
    for (const url of [disabled.url_path, notVisible.url_path, 'stivali/stivali-termici', 'pagina-spenta', 'non-esiste/affatto', '/', '?q=1']) {
      expect(await map({ url }), url).toBeNull();
    }
  });
});

describe('POST /api/url/map: bad input gets 400 naming the field', () => {
  const cases: [string, unknown, RegExp][] = [
    ['no url', { includeFields: ['sku'] }, /url/],
    ['an empty url', { url: '' }, /url/],
    ['a url that is not text', { url: 42 }, /url/],
    ['includeFields that is not a list', { url: 'x', includeFields: 'sku' }, /includeFields/],
    ['a negative groupId', { url: 'x', groupId: -1 }, /groupId/],
    ['options that are not an object', { url: 'x', options: 'all' }, /options/],
    ['filters with a sku that is not text', { url: 'x', filters: { sku: 7 } }, /filters\.sku/],
    ['a group token that is not text', { url: 'x', groupToken: 42 }, /groupToken/],
    ['an unknown field', { url: 'x', storeCode: 'it' }, /storeCode/],
  ];
  it.each(cases)('%s', async (_name, body, message) => {
    const res = await api.call('/api/url/map', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, result: expect.stringMatching(message) });
  });
});
