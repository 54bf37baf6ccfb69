import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.dispose();
});

const visible = { visibility: { in: [2, 3, 4] }, status: { in: [0, 1] } };

async function products(body: Record<string, unknown>) {
  const res = await api.call('/api/catalog', { body: { entityType: 'product', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as { items: Record<string, any>[]; total: number; start: number; perPage: number };
}

describe('POST /api/catalog — products', () => {
  it('returns a home list: visible products of a category, newest first, with totals', async () => {
    const result = await products({
      filters: { category_ids: { in: [16] }, ...visible },
      sort: 'created_at:desc',
      size: 10,
    });
    expect(result.items).toHaveLength(10);
    expect(result.total).toBeGreaterThanOrEqual(10);
    expect(result.perPage).toBe(10);
    for (const item of result.items) {
      expect(item.category_ids.map(Number)).toContain(16);
      expect([2, 3, 4]).toContain(item.visibility);
    }
    const dates = result.items.map((i) => Date.parse(String(i.created_at).replace(' ', 'T') + 'Z'));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('computes tax on the server: IVA 22 % on tax class 2 for Italy', async () => {
    const result = await products({ filters: { tax_class_id: { eq: 2 }, type_id: { eq: 'simple' }, ...visible }, size: 20 });
    expect(result.items.length).toBeGreaterThan(0);
    for (const item of result.items) {
      const expected = Math.round(Math.round(item.price * 100) * 1.22) / 100;
      expect(item.price_incl_tax).toBeCloseTo(expected, 2);
    }
  });

  it('sorts and filters by the price the shopper pays, special prices included', async () => {
    const simple = { ...visible, type_id: { eq: 'simple' } };
    const sorted = await products({ filters: simple, sort: 'price:asc', size: 400, includeFields: ['sku', 'price', 'special_price'] });
    expect(sorted.items.some((i) => i.special_price > 0), 'the demo has active special prices').toBe(true);
    const shown = sorted.items.map((i) => i.price as number);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    const discounted = sorted.items.find((i) => i.special_price > 0)!;
    const ranged = await products({ filters: { ...simple, sku: { eq: discounted.sku }, price: { gte: discounted.price, lte: discounted.price } } });
    expect(ranged.total).toBe(1);
  });

  it('lists products by position descending when no sort is asked (catalogue §9)', async () => {
    const res = await api.call('/api/catalog', {
      body: { entityType: 'product', filters: { category_ids: { in: [21] } }, size: 48, includeFields: ['id', 'position'] },
    });
    const items = res.body.result.items as { id: number; position: number }[];
    expect(new Set(items.map((item) => item.position)).size).toBeGreaterThan(1);
    for (let i = 1; i < items.length; i++) {
      const [before, after] = [items[i - 1]!, items[i]!];
      expect(before.position > after.position || (before.position === after.position && before.id > after.id), `${before.id} then ${after.id}`).toBe(true);
    }
  });

  it('carries aggregations and attributeMetadata in every result, empty without facets (catalogue §3)', async () => {
    for (const path of ['/api/catalog', '/api/search']) {
      const body = path === '/api/search' ? { q: 'coltello', size: 2 } : { entityType: 'product', size: 2 };
      const res = await api.call(path, { body });
      expect(res.body.result, path).toMatchObject({ aggregations: {}, attributeMetadata: [] });
    }
    const categories = await api.call('/api/catalog', { body: { entityType: 'category', size: 2 } });
    expect(categories.body.result).toMatchObject({ aggregations: {}, attributeMetadata: [] });
  });

  it('serves the product index at POST /api/product with the catalogue query payload (catalogue §7)', async () => {
    const body = { filters: { category_ids: { in: [21] } }, size: 3, includeFields: ['sku', 'price_incl_tax'] };
    const viaProduct = await api.call('/api/product', { body });
    expect(viaProduct.status).toBe(200);
    const viaCatalog = await api.call('/api/catalog', { body: { ...body, entityType: 'product' } });
    expect(viaProduct.body.result).toEqual(viaCatalog.body.result);
    expect(viaProduct.body.result.items).toHaveLength(3);
    const category = await api.call('/api/product', { body: { entityType: 'category', size: 1 } });
    expect(category.status).toBe(400);
    expect(category.body.result).toContain('entityType');
    // No search key: 400 naming it (catalogue §5, issue 42).
    for (const body of [{}, { filters: {} }, { size: 1 }]) {
      expect((await api.call('/api/product', { body })).body).toEqual({
        code: 400,
        result: 'Invalid request body: filters: Please provide the search key sku (filters.sku, or another filter) for the product lookup',
      });
    }
  });

  it('pages with start and size over a stable order', async () => {
    const all = await products({ filters: visible, sort: 'price:asc', size: 10 });
    const second = await products({ filters: visible, sort: 'price:asc', size: 5, start: 5 });
    expect(second.items.map((i) => i.sku)).toEqual(all.items.slice(5).map((i) => i.sku));
    expect(second.start).toBe(5);
    expect(second.total).toBe(all.total);
  });

  it('projects fields with includeFields and excludeFields', async () => {
    const included = await products({ filters: visible, size: 3, includeFields: ['sku', 'name'] });
    for (const item of included.items) expect(Object.keys(item).sort()).toEqual(['name', 'sku']);
    const excluded = await products({ filters: visible, size: 3, excludeFields: ['description', 'media_gallery'] });
    for (const item of excluded.items) {
      expect(item).not.toHaveProperty('description');
      expect(item).not.toHaveProperty('media_gallery');
      expect(item).toHaveProperty('sku');
    }
  });

  it('filters by attribute option, by child sku and by price range', async () => {
    const withBrand = await products({ filters: { ...visible, type_id: { eq: 'simple' } }, size: 50, includeFields: ['sku', 'marca'] });
    const sample = withBrand.items.find((i) => i.marca);
    expect(sample, 'demo products carry a marca').toBeDefined();
    const brand = String(sample!.marca).split(',')[0]!;
    const byBrand = await products({ filters: { marca: { eq: brand } }, size: 100, includeFields: ['marca'] });
    expect(byBrand.total).toBeGreaterThan(0);
    for (const item of byBrand.items) expect(String(item.marca).split(',')).toContain(brand);

    const configurable = await products({ filters: { type_id: { eq: 'configurable' } }, size: 1 });
    const parent = configurable.items[0]!;
    const childSku = parent.configurable_children[0].sku;
    const byChild = await products({ filters: { 'configurable_children.sku': { eq: childSku } }, size: 5 });
    expect(byChild.items.map((i) => i.sku)).toEqual([parent.sku]);

    const ranged = await products({ filters: { price: { gte: 50, lte: 100 }, type_id: { eq: 'simple' } }, size: 100 });
    expect(ranged.total).toBeGreaterThan(0);
    for (const item of ranged.items) {
      // The net price shown, after an active special price.
      expect(item.price).toBeGreaterThanOrEqual(50);
      expect(item.price).toBeLessThanOrEqual(100);
    }
  });

  it('nin and exists: on columns, lists and attributes, a missing value counting as none of the listed', async () => {
    const count = async (filters: Record<string, unknown>) => (await products({ filters, size: 1 })).total;
    const all = await count({});
    // A scalar column that may be NULL: parent_sku (set on configurable children only).
    const children = await products({ filters: { parent_sku: { exists: true } }, size: 500, includeFields: ['sku', 'parent_sku'] });
    expect(children.total).toBeGreaterThan(0);
    for (const item of children.items) expect(item.parent_sku).toEqual(expect.any(String));
    expect(children.total + (await count({ parent_sku: { exists: false } }))).toBe(all);
    const parentSku = String(children.items[0]!.parent_sku);
    expect(await count({ parent_sku: { nin: [parentSku] } })).toBe(all - (await count({ parent_sku: { eq: parentSku } })));
    expect(await count({ type_id: { nin: ['simple', 'configurable'] } })).toBe(all - (await count({ type_id: { in: ['simple', 'configurable'] } })));
    // A list column: no category of the list, and products in none.
    expect(await count({ category_ids: { nin: [20, 30] } })).toBe(all - (await count({ category_ids: { in: [20, 30] } })));
    expect(await count({ category_ids: { exists: true } })).toBe(all - (await count({ category_ids: { exists: false } })));
    // An attribute: no option of the list (a multiselect holding one of them is out), and products without it.
    const brands = await products({ filters: { marca: { exists: true } }, size: 500, includeFields: ['marca'] });
    const brand = String(brands.items[0]!.marca).split(',')[0]!;
    const others = await products({ filters: { ...visible, marca: { nin: [brand] } }, size: 500, includeFields: ['marca'] });
    expect(others.total).toBeGreaterThan(0);
    for (const item of others.items) expect(String(item.marca ?? '').split(',')).not.toContain(brand);
    expect(others.total).toBe((await count({ ...visible })) - (await count({ ...visible, marca: { eq: brand } })));
    const without = await products({ filters: { marca: { exists: false } }, size: 500, includeFields: ['sku', 'marca'] });
    expect(without.total).toBe(all - brands.total);
    for (const item of without.items) expect(item).not.toHaveProperty('marca');
    // With other operators on the same field, all apply.
    expect(await count({ marca: { exists: true, nin: [brand] } })).toBe(brands.total - (await count({ marca: { eq: brand } })));
  });

  it('skips the total when trackTotalHits is false, and still counts past the last page', async () => {
    const counted = await products({ filters: visible, sort: 'created_at:desc', size: 8 });
    const untracked = await products({ filters: visible, sort: 'created_at:desc', size: 8, trackTotalHits: false });
    expect(untracked.items.map((i) => i.sku)).toEqual(counted.items.map((i) => i.sku));
    expect(untracked.total).toBe(8);
    const beyond = await products({ filters: visible, size: 5, start: counted.total + 10 });
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(counted.total);
  });

  it('turns size ≤ 0 into 50 and start < 0 into 0, as search does (catalogue §5 paging)', async () => {
    const first = await products({ filters: visible, size: 50 });
    for (const size of [0, -5]) {
      const page = await products({ filters: visible, size });
      expect(page.perPage).toBe(50);
      expect(page.items.map((i) => i.sku)).toEqual(first.items.map((i) => i.sku));
    }
    const negative = await products({ filters: visible, size: 3, start: -1 });
    expect(negative.start).toBe(0);
    expect(negative.items.map((i) => i.sku)).toEqual(first.items.slice(0, 3).map((i) => i.sku));
  });
});

describe('POST /api/catalog — one request cannot dump the catalogue', () => {
  it('refuses a product page above 500 with a 400 naming size, and serves 500', async () => {
    for (const size of [501, 10_000]) {
      const res = await api.call('/api/catalog', { body: { entityType: 'product', size } });
      expect(res.status).toBe(400);
      expect(res.body.result).toMatch(/^Invalid request body: size: must be at most 500 for products/);
    }
    const page = await api.call('/api/catalog', { body: { entityType: 'product', size: 500, includeFields: ['sku'] } });
    expect(page.status).toBe(200);
    expect(page.body.result.items.length).toBeGreaterThan(300);
  });

  it('keeps the category fetch size of 4,000 and refuses more', async () => {
    expect((await api.call('/api/catalog', { body: { entityType: 'category', size: 4000 } })).status).toBe(200);
    const res = await api.call('/api/catalog', { body: { entityType: 'category', size: 4001 } });
    expect(res.status).toBe(400);
    expect(res.body.result).toMatch(/size/);
  });
});

describe('POST /api/catalog — other entities', () => {
  it('lists active categories by position, including the special ones', async () => {
    const res = await api.call('/api/catalog', {
      body: { entityType: 'category', filters: { is_active: { eq: true } }, sort: 'position:asc', size: 4000 },
    });
    expect(res.status).toBe(200);
    const ids = res.body.result.items.map((c: { id: number }) => c.id);
    for (const id of [3, 16, 68, 419, 979]) expect(ids).toContain(id);
    for (const c of res.body.result.items) expect(c.is_active).toBe(true);
  });

  it('pages categories sorted by a non-unique position without overlap', async () => {
    const all = await api.call('/api/catalog', { body: { entityType: 'category', sort: 'position:asc', size: 4000 } });
    const ids: number[] = [];
    for (let start = 0; start < all.body.result.total; start += 7) {
      const page = await api.call('/api/catalog', { body: { entityType: 'category', sort: 'position:asc', size: 7, start } });
      ids.push(...page.body.result.items.map((c: { id: number }) => c.id));
    }
    expect(ids).toEqual(all.body.result.items.map((c: { id: number }) => c.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('reads attributes and tax rules', async () => {
    const attrs = await api.call('/api/catalog', {
      body: { entityType: 'attribute', filters: { attribute_code: { in: ['marca', 'colore'] } } },
    });
    expect(attrs.body.result.items.map((a: { attribute_code: string }) => a.attribute_code).sort()).toEqual(['colore', 'marca']);
    const rules = await api.call('/api/catalog', { body: { entityType: 'taxrule' } });
    expect(rules.body.result.total).toBeGreaterThan(0);
  });
});

describe('bad input gets 400 with a message naming the field', () => {
  const cases: [string, { body?: unknown; rawBody?: string }, RegExp][] = [
    ['malformed JSON', { rawBody: '{"entityType": "product",' }, /Malformed JSON/],
    ['no body', { rawBody: '' }, /JSON body is required/],
    ['an array body', { body: [1, 2] }, /expected object/i],
    ['size of the wrong type', { body: { entityType: 'product', size: 'ten' } }, /size/],
    ['size above the limit', { body: { entityType: 'product', size: 10_001 } }, /size/],
    ['fractional start', { body: { entityType: 'product', start: 1.5 } }, /start/],
    ['an unknown field', { body: { entityType: 'product', foo: 1 } }, /foo/],
    ['an unknown entity type', { body: { entityType: 'user' } }, /entityType/],
    ['an unknown filter field', { body: { entityType: 'category', filters: { colour: { eq: 1 } } } }, /filters\.colour/],
    ['an empty condition', { body: { entityType: 'product', filters: { sku: {} } } }, /filters\.sku/],
    ['an unknown operator', { body: { entityType: 'product', filters: { sku: { regexp: 'x' } } } }, /filters\.sku/],
    ['like on a number field', { body: { entityType: 'product', filters: { status: { like: '1' } } } }, /filters\.status\.like: like applies to text fields only/],
    ['a non-integer id', { body: { entityType: 'product', filters: { status: { eq: 'abc' } } } }, /filters\.status\.eq: must be an integer/],
    ['nin over the 500 values of in', { body: { entityType: 'product', filters: { sku: { nin: Array.from({ length: 501 }, (_, i) => `S${i}`) } } } }, /filters\.sku\.nin: Too big/],
    ['an empty nin', { body: { entityType: 'product', filters: { sku: { nin: [] } } } }, /filters\.sku\.nin/],
    ['exists not true or false', { body: { entityType: 'product', filters: { sku: { exists: 'yes' } } } }, /filters\.sku\.exists/],
    ['a nin value of the wrong kind', { body: { entityType: 'product', filters: { status: { nin: ['abc'] } } } }, /filters\.status\.nin: must be an integer/],
    ['a range on a list field', { body: { entityType: 'product', filters: { category_ids: { gt: 3 } } } }, /filters\.category_ids\.gt/],
    ['an unsortable field', { body: { entityType: 'product', sort: 'description:asc' } }, /sort/],
    ['a malformed sort', { body: { entityType: 'product', sort: 'price:sideways' } }, /sort/],
    // Found by the fuzz (issue 17): a union none of whose shapes fit said only "sort: Invalid input".
    ['a sort neither a text nor a list', { body: { entityType: 'product', sort: 0 } }, /sort: must be a sort such as "price:asc", or a list of up to 4$/],
    ['a filter value of no scalar type', { body: { entityType: 'product', filters: { sku: { eq: {} } } } }, /filters\.sku\.eq: must be a text of at most 500 characters, a number or true\/false$/],
    // Found by the fuzz (issue 17): values beyond the database's integer and date types answered 500.
    ['a price beyond the stored cents', { body: { entityType: 'product', filters: { price: { gte: 1e308 } } } }, /filters\.price\.gte: must be a price in euros, at most 21474836\.47$/],
    ['an id beyond the integer columns', { body: { entityType: 'product', filters: { category_ids: { in: [3e9] } } } }, /filters\.category_ids\.in: must be an integer from -2147483648 to 2147483647$/],
    ['a date of year 99999', { body: { entityType: 'product', filters: { updated_at: { gte: '99999-01-01' } } } }, /filters\.updated_at\.gte: must be a date$/],
    ['a price range beyond the stored cents', { body: { entityType: 'product', aggregations: { priceRanges: [{ from: 0, to: 1e308 }] } } }, /aggregations\.priceRanges\.0\.to: Too big/],
    ['a dotted attribute code', { body: { entityType: 'product', filters: { 'a.b': { eq: 1 } } } }, /a\.b/],
    ['SQL in a field name', { body: { entityType: 'product', filters: { 'sku; drop table product': { eq: 1 } } } }, /filters/],
  ];
  it.each(cases)('%s', async (_name, init, message) => {
    const res = await api.call('/api/catalog', { method: 'POST', ...init });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(res.body.result).toMatch(message);
  });

  it('treats SQL in a filter value as plain data', async () => {
    const res = await api.call('/api/catalog', {
      body: { entityType: 'product', filters: { sku: { eq: "x' OR '1'='1" } } },
    });
    expect(res.status).toBe(200);
    expect(res.body.result.total).toBe(0);
  });
});

describe('routing', () => {
  it('answers an unknown route with a JSON 404', async () => {
    const res = await api.call('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, result: 'No API route GET /api/nothing-here' });
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const res = await api.call('/api/catalog');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(res.body.code).toBe(405);
  });

  it('serves an OpenAPI document generated from the schemas', async () => {
    const res = await api.call('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const op = res.body.paths['/api/catalog'].post;
    const ref = op.requestBody.content['application/json'].schema.$ref;
    expect(ref).toBe('#/components/schemas/CatalogQuery');
    const schema = res.body.components.schemas.CatalogQuery;
    expect(schema.properties.entityType.enum).toEqual(['product', 'category', 'attribute', 'taxrule', 'review', 'cms_page', 'cms_block', 'cms_hierarchy']);
    expect(schema.properties.size.description).toMatch(/0 or less means 50/);
    const condition = schema.properties.filters.additionalProperties;
    expect(condition.properties.nin.description).toMatch(/None of these values/);
    expect(condition.properties.nin.maxItems).toBe(500);
    expect(condition.properties.exists.description).toMatch(/false: it has none/);
    expect(res.body.paths['/api/health'].get.summary).toBeTruthy();
  });

  it('documents the URL map, stock, render-list and CMS routes with their parameters', async () => {
    const { paths, components } = (await api.call('/api/openapi.json')).body;
    const parameters = (path: string) =>
      Object.fromEntries(paths[path].get.parameters.map((p: { name: string; in: string; required: boolean }) => [p.name, `${p.in}${p.required ? '!' : ''}`]));
    expect(paths['/api/url/map'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/UrlMapRequest');
    expect(Object.keys(components.schemas.UrlMapRequest.properties).sort()).toEqual(['excludeFields', 'filters', 'groupId', 'groupToken', 'includeFields', 'options', 'url']);
    expect(parameters('/api/stock/check')).toEqual({ sku: 'query!' });
    expect(parameters('/api/stock/list')).toEqual({ skus: 'query!' });
    expect(parameters('/api/product/render-list')).toEqual({ skus: 'query!', currencyCode: 'query', storeId: 'query', userGroupId: 'query', token: 'query' });
    expect(parameters('/api/ext/cms-data/cmsPage/{id}')).toEqual({ id: 'path!' });
    expect(parameters('/api/ext/cms-data/cmsBlock/{id}')).toEqual({ id: 'path!' });
    expect(parameters('/api/ext/cms-data/cmsPageIdentifier/{identifier}')).toEqual({ identifier: 'path!', storeId: 'query' });
    expect(parameters('/api/ext/cms-data/cmsBlockIdentifier/{identifier}')).toEqual({ identifier: 'path!', storeId: 'query' });
    expect(components.schemas).toHaveProperty('StockCheckResult');
    expect(components.schemas).toHaveProperty('RenderListResult');
    expect(components.schemas).toHaveProperty('CmsPage');
  });

  it('reports health with the database kind and product count', async () => {
    const res = await api.call('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
    expect(res.body.result.products).toBe(400);
  });

  it('answers the probes’ readiness (asked every second by each storefront) with the database asked and nothing counted', async () => {
    const res = await api.call('/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });
});
