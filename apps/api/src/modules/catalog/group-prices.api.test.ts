import { setCustomerGroup, upsertProducts, upsertTaxRules } from '@shop/db';
import type { TaxRuleDoc } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory } from '../../testing/products.ts';

// Customer groups select tier prices (shopping.md §6): 0 guests, 1 retail (every new account), 2 wholesale.
let api: TestApi;
const product = productFactory(993_000);
const { orderBody } = orderHelpers(() => api);

const KNIFE = 'GRP-KNIFE';
const fixtures = [
  product(KNIFE, 100, {
    url_key: 'coltello-da-grossista',
    url_path: 'coltello-da-grossista',
    tier_prices: [
      { customer_group_id: 0, qty: 10, value: 95 },
      { customer_group_id: 1, qty: 5, value: 97 },
      { customer_group_id: 2, qty: 1, value: 92 },
      { customer_group_id: 2, qty: 20, value: 85 },
    ],
  }),
];

beforeAll(async () => {
  api = await startTestApi();
  await upsertProducts(api.database.db, fixtures);
});
afterAll(async () => {
  await api?.dispose();
});

const PASSWORD = 'Coltello-2026';
/** A signed-in customer, put in `group` by the shop owner (what `npm run customer:group` does). */
async function customerOf(group: number, email: string, on: TestApi = api) {
  expect((await on.call('/api/user/create', { body: { customer: { email, firstname: 'Gino', lastname: 'Grossi' }, password: PASSWORD } })).status).toBe(200);
  const login = await on.call('/api/user/login', { body: { username: email, password: PASSWORD } });
  expect(login.status).toBe(200);
  // The token was signed while the customer was retail: prices follow the group the customer has now.
  await setCustomerGroup(on.database.db, email, group);
  return login.body.result as string;
}

const cartQuery = (cart: string, token?: string) => `?cartId=${cart}${token ? `&token=${token}` : ''}`;
async function setLine(cart: string, qty: number, token?: string, itemId?: number) {
  const res = await api.call(`/api/cart/update${cartQuery(cart, token)}`, { body: { cartItem: { sku: KNIFE, qty, ...(itemId ? { item_id: itemId } : {}) } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as { item_id: number; price: number };
}
async function totals(cart: string, token?: string) {
  const res = await api.call(`/api/cart/totals${cartQuery(cart, token)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
}

describe('cart prices by customer group and quantity', () => {
  it('gives a guest cart the guests’ tier price once the line reaches the break', async () => {
    const cart = (await api.call('/api/cart/create', { method: 'POST' })).body.result as string;
    const line = await setLine(cart, 9);
    expect(line.price).toBe(100);
    expect((await totals(cart)).items[0]).toMatchObject({ qty: 9, price: 100, row_total: 900 });
    expect((await setLine(cart, 10, undefined, line.item_id)).price).toBe(95);
    expect(await totals(cart)).toMatchObject({ subtotal: 950, items: [{ qty: 10, price: 95, price_incl_tax: 115.9, row_total: 950 }] });
    expect((await api.call(`/api/cart/pull${cartQuery(cart)}`)).body.result[0]).toMatchObject({ qty: 10, price: 95 });
  });

  it('gives a wholesale customer the group price from one unit, in the totals, the coupon and the placed order', async () => {
    const token = await customerOf(2, 'grossista@example.it');
    const cart = (await api.call(`/api/cart/create?token=${token}`, { method: 'POST' })).body.result as string;
    expect((await setLine(cart, 1, token)).price).toBe(92);
    expect((await api.call(`/api/cart/apply-coupon${cartQuery(cart, token)}&coupon=PRIMI100`, { method: 'POST' })).status).toBe(200);
    const before = await totals(cart, token);
    // 10 % of the group price, not of the list price.
    expect(before).toMatchObject({ subtotal: 92, discount_amount: -9.2, items: [{ price: 92, price_incl_tax: 112.24, row_total: 92 }] });

    const placed = await api.call(`/api/order?token=${token}`, { body: orderBody(cart) });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { incrementId, order } = placed.body.result;
    // 92 − 9.20 coupon + 5.49 shipping, net; 22 % VAT on goods (18.22) and shipping (1.21).
    expect(order).toMatchObject({ items: [{ sku: KNIFE, qty: 1, price: 112.24, rowTotal: 112.24 }], grandTotal: 107.72 });
    expect(order.totalSegments).toEqual(expect.arrayContaining([{ code: 'subtotal', title: 'Subtotale', value: 92 }, { code: 'discount', title: 'Sconto (PRIMI100)', value: -9.2 }]));
    const row = await api.database.db.selectFrom('sales_order').select(['id', 'grand_total_cents']).where('increment_id', '=', incrementId).executeTakeFirstOrThrow();
    expect(row.grand_total_cents).toBe(10772);
    const item = await api.database.db.selectFrom('sales_order_item').select(['unit_net_cents']).where('order_id', '=', row.id).executeTakeFirstOrThrow();
    expect(item.unit_net_cents).toBe(9200);
  });

  it('prices a retail customer’s cart without the guests’ or wholesalers’ tiers', async () => {
    const token = await customerOf(1, 'dettaglio@example.it');
    const cart = (await api.call(`/api/cart/create?token=${token}`, { method: 'POST' })).body.result as string;
    const line = await setLine(cart, 4, token);
    expect(line.price).toBe(100);
    expect((await setLine(cart, 10, token, line.item_id)).price).toBe(97);
  });
});

describe('catalogue reads with a customer token', () => {
  const productQuery = { entityType: 'product', filters: { sku: { eq: KNIFE } }, includeFields: ['sku', 'price', 'price_incl_tax', 'original_price'] };

  it('price one unit for the token’s group, privately; the same read without a token is the public price', async () => {
    const token = await customerOf(2, 'catalogo@example.it');
    const mine = await api.call(`/api/catalog?token=${token}`, { body: productQuery });
    expect(mine.status).toBe(200);
    expect(mine.body.result.items).toEqual([{ sku: KNIFE, price: 92, price_incl_tax: 112.24, original_price: 100 }]);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');

    const bearer = await api.call('/api/product', { body: productQuery, headers: { authorization: `Bearer ${token}` } });
    expect(bearer.body.result.items[0].price).toBe(92);
    expect(bearer.headers.get('cache-control')).toMatch(/private/);

    const search = await api.call(`/api/search?token=${token}`, { body: { q: KNIFE, size: 1, includeFields: ['sku', 'price'] } });
    expect(search.body.result.items).toEqual([{ sku: KNIFE, price: 92 }]);
    expect(search.headers.get('cache-control')).toMatch(/private/);

    const mapped = await api.call(`/api/url/map?token=${token}`, { body: { url: '/coltello-da-grossista', includeFields: ['price_incl_tax'] } });
    expect(mapped.body.result).toEqual({ _type: 'product', _source: { price_incl_tax: 112.24 } });
    expect(mapped.headers.get('cache-control')).toMatch(/private/);
    // The spec's body (catalogue §7, shopping §7): the token as groupToken, with VSF's options, filters and groupId null (issue 42).
    const specBody = { url: '/coltello-da-grossista', includeFields: ['price_incl_tax'], options: { prefetchGroupProducts: true }, filters: { sku: KNIFE }, groupId: null, groupToken: token };
    const mappedBySpec = await api.call('/api/url/map', { body: specBody });
    expect(mappedBySpec.body.result).toEqual({ _type: 'product', _source: { price_incl_tax: 112.24 } });
    expect(mappedBySpec.headers.get('cache-control')).toMatch(/private/);
    expect((await api.call('/api/url/map', { body: { ...specBody, groupToken: 'not-a-token' } })).status).toBe(401);

    // The listing's price refresh (render-list) too.
    const listed = await api.call(`/api/product/render-list?skus=${KNIFE}`, { headers: { authorization: `Bearer ${token}` } });
    expect(listed.body.result.items[0].price_info).toMatchObject({ final_price: 112.24, extension_attributes: { tax_adjustments: { final_price: 92 } } });
    expect(listed.headers.get('cache-control')).toMatch(/private/);
    const listedForAnyone = await api.call(`/api/product/render-list?skus=${KNIFE}`);
    expect(listedForAnyone.body.result.items[0].price_info.final_price).toBe(122);

    const anyone = await api.call('/api/catalog', { body: productQuery });
    expect(anyone.body.result.items).toEqual([{ sku: KNIFE, price: 100, price_incl_tax: 122, original_price: 100 }]);
    expect(anyone.headers.get('cache-control')).toBe('no-store');
    const anyoneMapped = await api.call('/api/url/map?token=', { body: { url: '/coltello-da-grossista', includeFields: ['price_incl_tax'] } });
    expect(anyoneMapped.body.result._source.price_incl_tax).toBe(122);
  });

  it('refuses an invalid token with 401 rather than answering public prices', async () => {
    const res = await api.call('/api/catalog?token=not-a-token', { body: productQuery });
    expect(res.status).toBe(401);
  });
});

describe('tax class by customer group (CUSTOMER_GROUP_TAX_CLASSES)', () => {
  // Product class 9: 22 % for retail buyers (customer class 3), 10 % for resellers (class 4).
  const rule = (id: number, customerClass: number, rate: number): TaxRuleDoc => ({
    id,
    code: `prova-${id}`,
    priority: 0,
    position: id,
    customer_tax_class_ids: [customerClass],
    product_tax_class_ids: [9],
    tax_rate_ids: [id],
    calculate_subtotal: false,
    rates: [{ id, tax_country_id: 'IT', tax_region_id: 0, tax_postcode: '*', rate, code: `prova-${id}` }],
  });
  const TAXED = 'GRP-CLASS9';
  let shop: TestApi;

  beforeAll(async () => {
    // Retail customers in class 3, wholesale in class 4, as a shop owner configures it.
    shop = await startTestApi({ groupTaxClasses: new Map([[1, 3], [2, 4]]) });
    for (const on of [shop, api]) {
      await upsertTaxRules(on.database.db, [rule(90, 3, 22), rule(91, 4, 10)]);
      await upsertProducts(on.database.db, [product(TAXED, 100, { tax_class_id: '9', url_key: 'tagliere-classe-9', url_path: 'tagliere-classe-9' })]);
      on.app.catalog.invalidate();
    }
  });
  afterAll(async () => {
    await shop?.dispose();
  });

  const priceOf = async (on: TestApi, token?: string) =>
    (await on.call(`/api/catalog${token ? `?token=${token}` : ''}`, { body: { entityType: 'product', filters: { sku: { eq: TAXED } }, includeFields: ['price_incl_tax'] } })).body.result.items[0]
      .price_incl_tax as number;

  it("taxes a wholesale customer's catalogue, listing, cart and order by the resellers' rule", async () => {
    const token = await customerOf(2, 'rivenditore@example.it', shop);
    expect(await priceOf(shop, token)).toBe(110);
    const listed = await shop.call(`/api/product/render-list?skus=${TAXED}`, { headers: { authorization: `Bearer ${token}` } });
    expect(listed.body.result.items[0].price_info.final_price).toBe(110);

    const cart = (await shop.call(`/api/cart/create?token=${token}`, { method: 'POST' })).body.result as string;
    expect((await shop.call(`/api/cart/update?cartId=${cart}&token=${token}`, { body: { cartItem: { sku: TAXED, qty: 1 } } })).status).toBe(200);
    const cartTotals = (await shop.call(`/api/cart/totals?cartId=${cart}&token=${token}`)).body.result;
    expect(cartTotals.items[0]).toMatchObject({ price: 100, price_incl_tax: 110 });

    const placed = await shop.call(`/api/order?token=${token}`, { body: orderHelpers(() => shop).orderBody(cart) });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    // 100 + 10 % VAT; 5.49 shipping at the standard class's 22 % (rule 4 of the demo, resellers in Italy).
    expect(placed.body.result.order).toMatchObject({ items: [{ sku: TAXED, price: 110 }], grandTotal: 116.7 });
  });

  it("taxes a retail customer and guests by the retail rule, and a shop without the setting everyone alike", async () => {
    expect(await priceOf(shop, await customerOf(1, 'privato@example.it', shop))).toBe(122);
    expect(await priceOf(shop)).toBe(122);
    expect(await priceOf(api, await customerOf(2, 'rivenditore-senza-classe@example.it'))).toBe(122);
  });
});
