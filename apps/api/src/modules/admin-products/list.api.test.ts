import { ADMIN_MESSAGES as A, ADMIN_PRODUCT_MESSAGES as M, API_KEY_MESSAGES as K, type AdminProduct, type AdminProductListItem, type AdminProductPage } from '@shop/contracts';
import { adminProductPage, upsertProducts, type AdminProductKey, type AdminProductSort, type TextPageWays } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory, testStock } from '../../testing/products.ts';
import { staffSession } from '../../testing/staff-session.ts';

/** Issue #45 points 1 and 7: the products list over the whole catalogue, one product, and who may read them. */
let api: TestApi;
let staff: Record<string, string>;
const product = productFactory(996_000);
const { cartWith, orderBody, place } = orderHelpers(() => api);

// Category 22 (coltelli da disosso) is a subcategory of 20 (coltelli) in the demo catalogue; 20012 is the brand Coldline.
const FIXTURES = [
  product('BOP-ALFA-1', 10, { name: 'Pentola Perché Speciale', category_ids: [22], marca: '20012', special_price: 8 }),
  product('BOP-ALFA-2', 20, { name: 'Padella antiaderente speciale', category_ids: [93], status: 2 }),
  product('bop-beta-3', 30, { name: 'Coltello speciale da cucina', type_id: 'virtual', visibility: 3, stock: testStock(0) }),
  product('BOP-BETA-4', 40, { name: 'Guanto speciale', stock: testStock(3) }),
  product('BOP-GAMMA-5', 50, { name: 'Tagliere speciale', stock: testStock(10) }),
  product('BOP-GAMMA-6', 60, { name: 'Corso speciale HACCP', stock: { qty: 0, is_in_stock: true, manage_stock: false } }),
];

beforeAll(async () => {
  api = await startTestApi();
  await upsertProducts(api.database.db, FIXTURES);
  staff = await staffSession(api);
  // The shop sells 6 of the 10 cutting boards: 4 left by its own count, whatever the document says.
  expect((await place(orderBody(await cartWith([['BOP-GAMMA-5', 6]])))).status).toBe(200);
});
afterAll(async () => {
  await api?.dispose();
});

const list = async (query: string, headers = staff): Promise<AdminProductPage> => {
  const res = await api.call(`/api/admin/products${query}`, { headers });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as AdminProductPage;
};
const skus = async (query: string) => (await list(`${query}&sort=sku`)).items.map((i) => i.sku);

describe('GET /api/admin/products: search and filters', () => {
  it('finds by SKU prefix in any case, and by name words in any order, accents ignored', async () => {
    expect(await skus('?q=bop-alfa')).toEqual(['BOP-ALFA-1', 'BOP-ALFA-2']);
    expect(await skus('?q=BOP-BETA')).toEqual(['BOP-BETA-4', 'bop-beta-3']);
    expect(await skus('?q=perche speciale')).toEqual(['BOP-ALFA-1']);
    expect(await skus('?q=SPECIALE pentola')).toEqual(['BOP-ALFA-1']);
    expect(await skus('?q=speciale&sku=bop')).toEqual(['BOP-ALFA-1', 'BOP-ALFA-2', 'BOP-BETA-4', 'BOP-GAMMA-5', 'BOP-GAMMA-6', 'bop-beta-3']);
    // A SKU prefix only matches at the start; `sku` is the prefix alone.
    expect(await skus('?q=alfa-1')).toEqual([]);
    expect(await skus('?sku=bop-gamma')).toEqual(['BOP-GAMMA-5', 'BOP-GAMMA-6']);
    // LIKE wildcards are plain characters.
    expect(await skus('?q=bop%25')).toEqual([]);
  });

  it('filters by category with its subcategories, type, status, visibility, brand and special price', async () => {
    expect(await skus('?sku=bop&categoryId=20')).toEqual(['BOP-ALFA-1']);
    expect(await skus('?sku=bop&categoryId=20&subcategories=no')).toEqual([]);
    expect(await skus('?sku=bop&categoryId=22')).toEqual(['BOP-ALFA-1']);
    expect(await skus('?sku=bop&type=virtual')).toEqual(['bop-beta-3']);
    expect(await skus('?sku=bop&status=2')).toEqual(['BOP-ALFA-2']);
    expect(await skus('?sku=bop&visibility=3')).toEqual(['bop-beta-3']);
    expect(await skus('?sku=bop&brand=20012')).toEqual(['BOP-ALFA-1']);
    expect(await skus('?sku=bop&special=yes')).toEqual(['BOP-ALFA-1']);
    expect(await skus('?sku=bop&special=no')).toEqual(['BOP-ALFA-2', 'BOP-BETA-4', 'BOP-GAMMA-5', 'BOP-GAMMA-6', 'bop-beta-3']);
  });

  it('filters by stock as the shop sells it: its own count over the document’s', async () => {
    expect(await skus('?sku=bop&stock=out')).toEqual(['bop-beta-3']);
    // 3 pieces, and the cutting board with 4 left of the document's 10; an unmanaged product is never low.
    expect(await skus('?sku=bop&stock=low')).toEqual(['BOP-BETA-4', 'BOP-GAMMA-5']);
    expect(await skus('?sku=bop&stock=in')).toEqual(['BOP-ALFA-1', 'BOP-ALFA-2', 'BOP-BETA-4', 'BOP-GAMMA-5', 'BOP-GAMMA-6']);
    const board = (await list('?sku=BOP-GAMMA-5')).items[0]!;
    expect([board.qty, board.isInStock]).toEqual([4, true]);
  });

  it('answers each product with what the list shows', async () => {
    const [item] = (await list('?q=bop-alfa-1')).items;
    expect(item).toEqual<AdminProductListItem>({
      id: FIXTURES[0]!.id,
      sku: 'BOP-ALFA-1',
      name: 'Pentola Perché Speciale',
      typeId: 'simple',
      status: 1,
      visibility: 4,
      parentSku: null,
      priceCents: 1000,
      specialPriceCents: 800,
      qty: 100,
      isInStock: true,
      brand: { value: '20012', label: 'Coldline' },
      categoryIds: [22],
      image: null,
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const child = (await list('?type=simple&visibility=1&limit=1')).items[0]!;
    expect(child.parentSku).toEqual(expect.any(String));
    const imaged = (await list('?type=configurable&limit=1')).items[0]!;
    expect(imaged.image).toMatch(/^\/demo\/.+\.jpg$/);
  });

  it('sorts by name, SKU, price and last change, both ways', async () => {
    const prices = async (sort: string) => (await list(`?sku=bop&sort=${sort}`)).items.map((i) => i.priceCents);
    expect(await prices('price')).toEqual([1000, 2000, 3000, 4000, 5000, 6000]);
    expect(await prices('-price')).toEqual([6000, 5000, 4000, 3000, 2000, 1000]);
    expect((await list('?sku=bop&sort=-sku')).items.map((i) => i.sku)).toEqual(['bop-beta-3', 'BOP-GAMMA-6', 'BOP-GAMMA-5', 'BOP-BETA-4', 'BOP-ALFA-2', 'BOP-ALFA-1']);
    expect((await list('?sku=bop&sort=name')).items.map((i) => i.name)).toEqual([
      'Coltello speciale da cucina', 'Corso speciale HACCP', 'Guanto speciale', 'Padella antiaderente speciale', 'Pentola Perché Speciale', 'Tagliere speciale',
    ]);
    const updated = (await list('?sort=-updated&limit=20')).items.map((i) => i.updatedAt);
    expect(updated).toEqual([...updated].sort().reverse());
  });
});

describe('GET /api/admin/products: pages', () => {
  it('walks the whole catalogue along the cursor: every product once, in order; the total on request', async () => {
    const { total } = await list('?count=yes&limit=1');
    expect(total).toBeGreaterThan(400);
    const seen: AdminProductListItem[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list(`?limit=150&sort=-price${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.items);
      expect(page.more).toBe(page.nextCursor !== undefined);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(Math.ceil(total! / 150));
    expect(seen).toHaveLength(total!);
    expect(new Set(seen.map((i) => i.id)).size).toBe(total);
    const byPrice = seen.map((i) => i.priceCents);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => b - a));
  });

  it('pages a text search along the cursor as one page holds it, by name either way (its few matches sorted as a set)', async () => {
    for (const sort of ['name', '-name']) {
      const whole = (await list(`?q=speciale&sort=${sort}&limit=200`)).items.map((i) => i.sku);
      expect(whole.length).toBeGreaterThanOrEqual(6);
      const paged: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await list(`?q=speciale&sort=${sort}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        paged.push(...page.items.map((i) => i.sku));
        cursor = page.nextCursor;
      } while (cursor);
      expect(paged, sort).toEqual(whole);
    }
  });

  it('finds the same pages of a name search whichever way it takes: its matches sorted as a set or the name index walked', async () => {
    // The catalogue here is small: the ways a large one takes are forced (catalog/admin-products.ts, textPage).
    const ways: Record<string, TextPageWays | undefined> = {
      'sorted as a set': undefined,
      walked: { fewExpected: -1 },
    };
    for (const sort of ['name', '-name'] satisfies AdminProductSort[]) {
      const pages: Record<string, string[][]> = {};
      for (const [way, tuning] of Object.entries(ways)) {
        pages[way] = [];
        let after: AdminProductKey | undefined;
        for (;;) {
          const rows = await adminProductPage(api.database.db, { q: 'speciale' }, sort, 2, after, tuning);
          if (rows.length > 0) pages[way]!.push(rows.map((row) => row.sku));
          if (rows.length < 2) break;
          after = { value: rows[1]!.key_value, id: rows[1]!.id };
        }
      }
      expect(pages['sorted as a set']!.flat().length, sort).toBeGreaterThanOrEqual(6);
      expect(pages.walked, sort).toEqual(pages['sorted as a set']);
    }
  });

  it('refuses a cursor of another sort or other filters, and bad parameters, in Italian', async () => {
    const { nextCursor } = await list('?limit=2&sort=name');
    const refused = async (query: string) => (await api.call(`/api/admin/products${query}`, { headers: staff })).body;
    expect(await refused(`?limit=2&sort=sku&cursor=${nextCursor}`)).toEqual({ code: 400, result: `cursor: ${M.badCursor}` });
    expect(await refused(`?limit=2&sort=name&status=1&cursor=${nextCursor}`)).toEqual({ code: 400, result: `cursor: ${M.badCursor}` });
    expect(await refused('?cursor=bm90LW91cnM')).toEqual({ code: 400, result: `cursor: ${M.badCursor}` });
    expect(await refused('?limit=0')).toEqual({ code: 400, result: `Invalid query: limit: ${M.badLimit}` });
    expect(await refused('?stock=poco')).toEqual({ code: 400, result: `Invalid query: stock: ${M.badChoice.replace('{values}', 'in, out, low')}` });
    expect(await refused('?categoryId=987654')).toEqual({ code: 400, result: 'categoryId: la categoria 987654 non esiste.' });
  });
});

describe('GET /api/admin/products/:sku', () => {
  it('answers every editable field of a simple product; an unknown SKU is 404 in Italian', async () => {
    const res = await api.call('/api/admin/products/BOP-ALFA-1', { headers: staff });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject<Partial<AdminProduct>>({
      sku: 'BOP-ALFA-1', typeId: 'simple', parentSkus: [], name: 'Pentola Perché Speciale', status: 1, visibility: 4, categoryIds: [22],
      priceCents: 1000, specialPriceCents: 800, specialFrom: null, specialTo: null, tierPrices: [], groupPrices: [], taxClassId: 2,
      stock: { qty: 100, isInStock: true, manageStock: true, backorders: false }, attributes: { marca: '20012' },
      urlKey: expect.any(String), urlRedirects: [], children: [], bundleOptions: [], groupedMembers: [],
    });
    expect((await api.call('/api/admin/products/NON-ESISTE', { headers: staff })).body).toEqual({ code: 404, result: M.notFound.replace('{sku}', 'NON-ESISTE') });
    // The shop's own count is the stock shown.
    expect((await api.call('/api/admin/products/BOP-GAMMA-5', { headers: staff })).body.result.stock).toMatchObject({ qty: 4, isInStock: true });
  });

  it('answers a configurable with its children, a child with its parent, a bundle and a grouped product with their products', async () => {
    const configurable = (await list('?type=configurable&status=1&limit=1')).items[0]!;
    const parent = (await api.call(`/api/admin/products/${encodeURIComponent(configurable.sku)}`, { headers: staff })).body.result as AdminProduct;
    expect(parent.children.length).toBeGreaterThan(0);
    const child = parent.children[0]!;
    expect(child).toMatchObject({ sku: expect.any(String), priceCents: expect.any(Number), stock: { isInStock: expect.any(Boolean) } });
    expect(Object.keys(child.options).length).toBeGreaterThan(0);
    const own = (await api.call(`/api/admin/products/${encodeURIComponent(child.sku)}`, { headers: staff })).body.result as AdminProduct;
    expect(own).toMatchObject({ sku: child.sku, parentSkus: [configurable.sku], priceCents: child.priceCents, visibility: 1 });

    const bundle = (await list('?type=bundle&limit=1')).items[0]!;
    const kit = (await api.call(`/api/admin/products/${encodeURIComponent(bundle.sku)}`, { headers: staff })).body.result as AdminProduct;
    expect(kit.bundleOptions.length).toBeGreaterThan(0);
    const link = kit.bundleOptions[0]!.links[0]!;
    expect(link.product).toMatchObject({ sku: link.sku, priceCents: expect.any(Number), stock: { qty: expect.any(Number) } });

    const grouped = (await list('?type=grouped&limit=1')).items[0]!;
    const line = (await api.call(`/api/admin/products/${encodeURIComponent(grouped.sku)}`, { headers: staff })).body.result as AdminProduct;
    expect(line.groupedMembers.length).toBeGreaterThan(0);
    expect(line.groupedMembers[0]!.product).toMatchObject({ sku: line.groupedMembers[0]!.sku, priceCents: expect.any(Number) });
  });

  it('offers the choices of the product forms', async () => {
    const res = await api.call('/api/admin/product-choices', { headers: staff });
    expect(res.status).toBe(200);
    expect(res.body.result.taxClasses).toContainEqual({ id: 2, label: 'IVA 22%' });
    expect(res.body.result.brands).toContainEqual({ value: '20012', label: 'Coldline' });
    expect(res.body.result.attributes).toContainEqual(expect.objectContaining({ code: 'materiale', input: 'multiselect' }));
    expect(res.body.result.customerGroups.map((g: { id: number }) => g.id)).toEqual([0, 1, 2, 3, 32000]);
  });
});

describe('who may read and write products', () => {
  const routes = [
    ['GET', '/api/admin/products'],
    ['GET', '/api/admin/product-choices'],
    ['GET', '/api/admin/products/BOP-ALFA-1'],
    ['PATCH', '/api/admin/products/BOP-ALFA-1'],
    ['POST', '/api/admin/products'],
    ['POST', '/api/admin/products/bulk'],
  ] as const;
  const send = (method: string, path: string, headers: Record<string, string>) =>
    api.call(path, { method, headers, ...(method === 'GET' ? {} : { body: method === 'PATCH' ? { metaTitle: 'Chiave' } : { sku: 'X', name: 'X', priceCents: 1, taxClassId: 2 } }) });

  it('answers 401 without a session on every route', async () => {
    for (const [method, path] of routes) expect([method, path, (await send(method, path, {})).body]).toEqual([method, path, { code: 401, result: A.signInRequired }]);
  });

  it('refuses a write without the session’s CSRF token', async () => {
    const res = await api.call('/api/admin/products/BOP-ALFA-1', { method: 'PATCH', body: { metaTitle: 'x' }, headers: { cookie: staff.cookie! } });
    expect(res.body).toEqual({ code: 403, result: A.csrfMissing });
  });

  it('lets a program with a catalog:write key read and write (audited as the key); a key without it is 403', async () => {
    const owner = await staffSession(api, 'owner');
    const key = async (scopes: string[]) => (await api.call('/api/admin/api-keys', { body: { name: `ERP ${scopes.join(' ')}`, scopes }, headers: owner })).body.result.key as string;
    const catalog = { authorization: `Bearer ${await key(['catalog:write'])}` };
    const orders = { authorization: `Bearer ${await key(['orders:read', 'orders:write'])}` };
    for (const [method, path] of routes) {
      expect([method, path, (await send(method, path, orders)).body]).toEqual([method, path, { code: 403, result: K.missingScope.replace('{scope}', 'catalog:write') }]);
    }
    expect((await list('?q=bop-alfa-1', catalog)).items.map((i) => i.sku)).toEqual(['BOP-ALFA-1']);
    expect((await api.call('/api/admin/products/BOP-ALFA-1', { headers: catalog })).status).toBe(200);
    const patched = await api.call('/api/admin/products/BOP-BETA-4', { method: 'PATCH', body: { qty: 12 }, headers: catalog });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.result.product.stock.qty).toBe(12);
    const audit = (await api.call('/api/admin/audit?object=product:BOP-BETA-4', { headers: staff })).body.result;
    expect(audit).toEqual([expect.objectContaining({ action: 'product.update', staffEmail: 'chiave API ERP catalog:write', before: { qty: 3 }, after: { fields: ['qty'], qty: 12 } })]);
  });
});
