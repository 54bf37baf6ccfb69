import { productCalculatedPrices } from '@shop/contracts';
import { upsertProducts } from '@shop/db';
import type { ProductDoc } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.dispose();
});

const DAY = 86_400_000;
const vsfDate = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

function product(id: number, fields: Partial<ProductDoc>): ProductDoc {
  return {
    id,
    sku: `OMNIBUS-${id}`,
    name: `Prodotto di prova ${id}`,
    type_id: 'simple',
    status: 1,
    visibility: 4,
    price: 100,
    tax_class_id: '2',
    url_key: `prodotto-di-prova-${id}`,
    category_ids: [],
    ...fields,
  };
}

async function bySku(sku: string, extra: Record<string, unknown> = {}) {
  const res = await api.call('/api/catalog', { body: { entityType: 'product', filters: { sku: { eq: sku } }, ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.items[0] as Record<string, any>;
}

describe('POST /api/catalog — lowest price of the 30 days before a discount', () => {
  it('is the lowest price the history shows before the discount began', async () => {
    const { db } = api.database;
    await upsertProducts(db, [product(990_001, { price: 100 })]);
    await upsertProducts(db, [product(990_001, { price: 90 })]);
    await upsertProducts(db, [product(990_001, { price: 120 })]);
    expect(await bySku('OMNIBUS-990001')).not.toHaveProperty('lowest_price_30d');

    await upsertProducts(db, [product(990_001, { price: 120, special_price: 99 })]);
    const item = await bySku('OMNIBUS-990001');
    expect(item.special_price).toBe(99);
    expect(item.lowest_price_30d).toBe(90);
    expect(item.lowest_price_30d_incl_tax).toBe(109.8);
  });

  it('counts prices that applied in the 30 days before the discount window opened, and only those', async () => {
    const { db } = api.database;
    const now = Date.now();
    const sku = 'OMNIBUS-990002';
    await upsertProducts(db, [product(990_002, { price: 200, special_price: 170, special_from_date: vsfDate(now - 10 * DAY) })]);
    // Replace the history with one that reaches back two months.
    await db.deleteFrom('price_history').where('sku', '=', sku).execute();
    const entry = (daysAgo: number, regular: number, special: number | null = null, from: Date | null = null) => ({
      sku,
      regular_price_cents: regular,
      special_price_cents: special,
      special_from: from,
      special_to: null,
      recorded_at: new Date(now - daysAgo * DAY),
    });
    await db
      .insertInto('price_history')
      .values([
        entry(60, 12_000), // ended 45 days ago: before the window
        entry(45, 15_000), // held until 25 days ago: inside the window (40 to 10 days ago)
        entry(25, 20_000),
        entry(12, 20_000, 17_000, new Date(now - 10 * DAY)), // scheduled: the discount began 10 days ago
      ])
      .execute();
    const item = await bySku(sku);
    expect(item.lowest_price_30d).toBe(150);
    expect(item.lowest_price_30d_incl_tax).toBe(183);
  });

  it('falls back to the regular price when the discount was running before the history began', async () => {
    const res = await api.call('/api/catalog', {
      body: {
        entityType: 'product',
        size: 500,
        includeFields: ['sku', 'type_id', 'special_price', 'original_price', 'original_price_incl_tax', 'lowest_price_30d', 'lowest_price_30d_incl_tax'],
      },
    });
    const items = res.body.result.items as Record<string, any>[];
    // A configurable parent takes its shown child's values (next test), whose original price can differ from the parent's.
    const discounted = items.filter((i) => i.special_price > 0 && i.type_id !== 'configurable' && !String(i.sku).startsWith('OMNIBUS'));
    expect(discounted.length).toBeGreaterThan(5);
    for (const item of discounted) {
      expect(item.lowest_price_30d).toBe(item.original_price);
      expect(item.lowest_price_30d_incl_tax).toBe(item.original_price_incl_tax);
    }
    for (const item of items.filter((i) => !(i.special_price > 0))) expect(item).not.toHaveProperty('lowest_price_30d');
  });

  it('gives a configurable parent the values of the discounted child whose price it shows', async () => {
    const res = await api.call('/api/catalog', {
      body: {
        entityType: 'product',
        filters: { type_id: { eq: 'configurable' } },
        size: 500,
        includeFields: ['sku', 'special_price', 'price_incl_tax', 'lowest_price_30d', 'configurable_children.sku', 'configurable_children.special_price', 'configurable_children.price_incl_tax', 'configurable_children.lowest_price_30d'],
      },
    });
    const parents = (res.body.result.items as Record<string, any>[]).filter((p) => p.special_price > 0);
    expect(parents.length).toBeGreaterThan(0);
    for (const parent of parents) {
      const shown = parent.configurable_children.find(
        (c: Record<string, any>) => c.special_price === parent.special_price && c.price_incl_tax === parent.price_incl_tax,
      );
      expect(shown.lowest_price_30d).toBeGreaterThan(0);
      expect(parent.lowest_price_30d).toBe(shown.lowest_price_30d);
    }
  });
});

describe('POST /api/catalog — userGroupId selects tax rules by customer tax class', () => {
  const standardSimple = { tax_class_id: { eq: 2 }, type_id: { eq: 'simple' } };

  it('taxes by the rules of that class, and not at all when no rule lists it', async () => {
    const ask = async (userGroupId?: number) => {
      const res = await api.call('/api/catalog', {
        body: { entityType: 'product', filters: standardSimple, size: 5, includeFields: ['sku', 'price', 'price_incl_tax'], ...(userGroupId === undefined ? {} : { userGroupId }) },
      });
      expect(res.status).toBe(200);
      return res.body.result.items as { sku: string; price: number; price_incl_tax: number }[];
    };
    const anyone = await ask();
    const retail = await ask(3);
    const reseller = await ask(4);
    const unknownClass = await ask(1);
    expect(retail).toEqual(anyone);
    expect(reseller).toEqual(anyone); // both classes pay 22 % in Italy
    for (const [i, item] of unknownClass.entries()) {
      expect(item.price_incl_tax).toBe(item.price);
      expect(item.price_incl_tax).toBeLessThan(anyone[i]!.price_incl_tax);
    }
  });

  it.each([
    ['a string', 'retail'],
    ['a negative number', -1],
    ['a fraction', 1.5],
  ])('refuses %s with 400', async (_name, userGroupId) => {
    const res = await api.call('/api/catalog', { body: { entityType: 'product', userGroupId } });
    expect(res.status).toBe(400);
    expect(res.body.result).toMatch(/userGroupId/);
  });
});

describe('product documents carry the price-calculated fields of catalogue §3', () => {
  const PRICE_FIELDS = ['price', 'final_price', 'special_price', 'original_price', 'original_final_price', 'original_special_price'].flatMap((f) => [f, `${f}_tax`, `${f}_incl_tax`]);
  /** 100 € + 22% VAT, on special at 80 € from yesterday to next month. */
  const ON_SPECIAL = {
    price: [80, 17.6, 97.6],
    final_price: [80, 17.6, 97.6],
    special_price: [80, 17.6, 97.6],
    original_price: [100, 22, 122],
    original_final_price: [100, 22, 122],
    original_special_price: [80, 17.6, 97.6],
  };
  const calculated = (doc: Record<string, any>) =>
    Object.fromEntries(Object.entries(ON_SPECIAL).map(([field]) => [field, [doc[field], doc[`${field}_tax`], doc[`${field}_incl_tax`]]]));
  const special = () => ({ special_price: 80, special_from_date: vsfDate(Date.now() - DAY), special_to_date: vsfDate(Date.now() + 30 * DAY) });

  it('POST /api/product, /api/catalog and /api/url/map: a product with an active special price', async () => {
    await upsertProducts(api.database.db, [product(990_101, special())]);
    const viaProduct = await api.call('/api/product', { body: { filters: { sku: { eq: 'OMNIBUS-990101' } }, includeFields: PRICE_FIELDS } });
    expect(viaProduct.status, JSON.stringify(viaProduct.body)).toBe(200);
    const [item] = viaProduct.body.result.items as Record<string, any>[];
    expect(productCalculatedPrices.safeParse(item).success, JSON.stringify(item)).toBe(true);
    expect(calculated(item!)).toEqual(ON_SPECIAL);
    expect(calculated(await bySku('OMNIBUS-990101'))).toEqual(ON_SPECIAL);
    const mapped = await api.call('/api/url/map', { body: { url: 'prodotto-di-prova-990101' } });
    expect(mapped.body.result._type).toBe('product');
    expect(calculated(mapped.body.result._source)).toEqual(ON_SPECIAL);
  });

  it('configurable children carry them too; the parent shows its cheapest buyable child', async () => {
    const inStock = { item_id: 1, product_id: 1, stock_id: 1, qty: 5, is_in_stock: true, manage_stock: true, min_sale_qty: 1, max_sale_qty: 100, backorders: 0 };
    await upsertProducts(api.database.db, [
      product(990_102, {
        type_id: 'configurable',
        configurable_children: [
          { sku: 'OMNIBUS-990102-A', id: 990_103, status: 1, price: 100, stock: inStock, ...special() },
          { sku: 'OMNIBUS-990102-B', id: 990_104, status: 1, price: 120, stock: inStock },
        ],
      }),
    ]);
    const parent = await bySku('OMNIBUS-990102');
    expect([parent.final_price, parent.final_price_tax, parent.final_price_incl_tax]).toEqual([80, 17.6, 97.6]);
    const [a, b] = parent.configurable_children as Record<string, any>[];
    for (const doc of [parent, a, b]) expect(productCalculatedPrices.safeParse(doc).success, JSON.stringify(doc)).toBe(true);
    expect(calculated(a!)).toEqual(ON_SPECIAL);
    expect(calculated(b!)).toEqual({
      price: [120, 26.4, 146.4],
      final_price: [120, 26.4, 146.4],
      special_price: [0, 0, 0],
      original_price: [120, 26.4, 146.4],
      original_final_price: [120, 26.4, 146.4],
      original_special_price: [0, 0, 0],
    });
  });

  it('a document re-imported as the API served it is priced as the first time (no tax on tax, no stale final price)', async () => {
    await upsertProducts(api.database.db, [product(990_105, special())]);
    const served = await bySku('OMNIBUS-990105');
    await upsertProducts(api.database.db, [served as ProductDoc]);
    expect(await bySku('OMNIBUS-990105')).toEqual(served);
    // The special ends: the re-imported document's final price (80) is not taken as a list price.
    await upsertProducts(api.database.db, [{ ...(served as ProductDoc), special_to_date: vsfDate(Date.now() - 1000) }]);
    const after = await bySku('OMNIBUS-990105');
    expect([after.final_price, after.final_price_incl_tax, after.special_price]).toEqual([100, 122, 0]);
    const sorted = await api.call('/api/catalog', { body: { entityType: 'product', filters: { sku: { eq: 'OMNIBUS-990105' }, final_price: { gte: 99 } }, includeFields: ['sku'] } });
    expect(sorted.body.result.items).toEqual([{ sku: 'OMNIBUS-990105' }]);
  });
});
