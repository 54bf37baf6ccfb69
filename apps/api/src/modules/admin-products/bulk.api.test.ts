import { ADMIN_PRODUCT_MESSAGES as M, type AdminProductBulkResult } from '@shop/contracts';
import { upsertProducts } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheInvalidator } from '../../cache/invalidation.ts';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { productFactory } from '../../testing/products.ts';
import { staffSession } from '../../testing/staff-session.ts';
import { CLI_ACTOR } from '../admin/audit.ts';
import { CatalogImportService } from '../catalog/import.ts';
import { EditsRefused } from './edits.ts';
import { AdminProducts } from './service.ts';

/** Issue #45 point 1: bulk actions on a selection or a filter, all checked first, written per batch of 500; and applyEdits for other modules. */
let api: TestApi;
let staff: Record<string, string>;
const product = productFactory(998_000);

const SMALL = [
  product('BOB-1', 10, { name: 'Mestolo' }),
  product('BOB-2', 20, { name: 'Schiumarola', special_price: 15 }),
  product('BOB-3', 30, { name: 'Colino' }),
  product('BOB-4', 0.5, { name: 'Spugna' }),
];
// 600 products: two batches of a bulk action.
const MANY = Array.from({ length: 600 }, (_, i) => product(`BOM-${String(i).padStart(4, '0')}`, 10 + i, { name: `Vaschetta gastronorm ${i}` }));

beforeAll(async () => {
  api = await startTestApi();
  await upsertProducts(api.database.db, [...SMALL, ...MANY]);
  staff = await staffSession(api);
});
afterAll(async () => {
  await api?.dispose();
});

const bulk = (body: unknown) => api.call('/api/admin/products/bulk', { body, headers: staff });
async function done(body: unknown): Promise<AdminProductBulkResult> {
  const res = await bulk(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
}
async function prices(prefix: string): Promise<Record<string, [number, number | null]>> {
  const rows = await api.database.db.selectFrom('product').select(['sku', 'regular_price_cents', 'special_price_cents']).where('sku', 'like', `${prefix}%`).orderBy('sku').execute();
  return Object.fromEntries(rows.map((r) => [r.sku, [r.regular_price_cents, r.special_price_cents]]));
}
const catalogue = async (sku: string) => (await api.call('/api/catalog', { body: { entityType: 'product', filters: { sku: { eq: sku } } } })).body.result.items[0];

describe('POST /api/admin/products/bulk', () => {
  it('changes prices by percent on a selection, and by an amount on a filter; each product audited', async () => {
    expect(await done({ skus: ['BOB-1', 'BOB-3', 'BOB-1'], action: { type: 'price', mode: 'percent', value: -10 } })).toEqual({ matched: 2, updated: 2, unchanged: 0, batches: 1 });
    expect(await prices('BOB-')).toMatchObject({ 'BOB-1': [900, null], 'BOB-3': [2700, null], 'BOB-2': [2000, 1500] });
    expect(await catalogue('BOB-3')).toMatchObject({ price: 27 });
    expect(await done({ filter: { sku: 'bob-' }, action: { type: 'price', mode: 'amount', value: 100 } })).toEqual({ matched: 4, updated: 4, unchanged: 0, batches: 1 });
    expect(await prices('BOB-')).toEqual({ 'BOB-1': [1000, null], 'BOB-2': [2100, 1500], 'BOB-3': [2800, null], 'BOB-4': [150, null] });
    const audit = (await api.call('/api/admin/audit?object=product:BOB-1', { headers: staff })).body.result;
    expect(audit.map((e: { action: string; before: unknown; after: unknown }) => [e.action, e.before, e.after])).toEqual([
      ['product.bulk', { priceCents: 1000 }, { fields: ['priceCents'], priceCents: 900 }],
      ['product.bulk', { priceCents: 900 }, { fields: ['priceCents'], priceCents: 1000 }],
    ]);
  });

  it('refuses a price below zero naming the products, and a special price no longer below the price; nothing written', async () => {
    const before = await prices('BOB-');
    const below = await bulk({ filter: { sku: 'BOB-' }, action: { type: 'price', mode: 'amount', value: -200 } });
    expect(below.body).toEqual({ code: 400, result: M.belowZero.replace('{rows}', 'BOB-4 (1,50 € → -0,50 €)') });
    const special = await bulk({ skus: ['BOB-1', 'BOB-2'], action: { type: 'price', mode: 'percent', value: -50 } });
    expect(special.body).toEqual({ code: 400, result: 'Prodotti che non si possono modificare (1): BOB-2 – specialPriceCents: il prezzo speciale (15,00 €) deve essere inferiore al prezzo (10,50 €). Nessun prodotto è stato modificato.' });
    expect(await prices('BOB-')).toEqual(before);
    // With the special price changed by the same rule, it goes through.
    expect(await done({ skus: ['BOB-2'], action: { type: 'price', mode: 'percent', value: -50, alsoSpecial: true } })).toMatchObject({ updated: 1 });
    expect((await prices('BOB-2'))['BOB-2']).toEqual([1050, 750]);
  });

  it('sets status and stock, and adds a category; a product already so is counted unchanged', async () => {
    expect(await done({ skus: ['BOB-1', 'BOB-2'], action: { type: 'status', status: 2 } })).toEqual({ matched: 2, updated: 2, unchanged: 0, batches: 1 });
    expect(await done({ filter: { sku: 'BOB-', status: 2 }, action: { type: 'status', status: 1 } })).toMatchObject({ matched: 2, updated: 2 });
    expect(await done({ skus: ['BOB-3'], action: { type: 'stock', qty: 4 } })).toMatchObject({ updated: 1 });
    expect((await api.call('/api/stock/check?sku=BOB-3')).body.result).toMatchObject({ qty: 4, is_in_stock: true });
    expect(await done({ skus: ['BOB-3', 'BOB-4'], action: { type: 'category', categoryId: 22 } })).toMatchObject({ updated: 2 });
    expect(await done({ skus: ['BOB-3', 'BOB-4'], action: { type: 'category', categoryId: 22 } })).toMatchObject({ updated: 0, unchanged: 2 });
    expect((await catalogue('BOB-4')).category_ids).toEqual([979, 22]);
  });

  it('works through a selection larger than a batch; one bad product anywhere and nothing at all is written', async () => {
    const before = await prices('BOM-');
    // The 550th product (in the second batch) cannot take a special price above its price.
    await upsertProducts(api.database.db, [{ ...MANY[550]!, special_price: 500 }]);
    const refused = await bulk({ filter: { sku: 'BOM-' }, action: { type: 'price', mode: 'percent', value: 10 } });
    expect(refused.status).toBe(200);
    // A rise keeps a special price below the price: this one goes through, in two batches.
    expect(refused.body.result).toEqual({ matched: 600, updated: 600, unchanged: 0, batches: 2 });
    const raised = await prices('BOM-');
    expect(raised['BOM-0000']).toEqual([Math.round(before['BOM-0000']![0] * 1.1), null]);
    // A fifth less: 616,00 € → 492,80 €, below the 500,00 € special price of the 550th product.
    const cut = await bulk({ filter: { sku: 'BOM-' }, action: { type: 'price', mode: 'percent', value: -20 } });
    expect(cut.status).toBe(400);
    expect(cut.body.result).toBe('Prodotti che non si possono modificare (1): BOM-0550 – specialPriceCents: il prezzo speciale (500,00 €) deve essere inferiore al prezzo (492,80 €). Nessun prodotto è stato modificato.');
    expect(await prices('BOM-')).toEqual(raised);
  });

  it('refuses unknown SKUs, a missing or double target, and bad actions, in Italian', async () => {
    expect((await bulk({ skus: ['BOB-1', 'NON-ESISTE'], action: { type: 'status', status: 2 } })).body).toEqual({ code: 400, result: M.unknownSkus.replace('{skus}', 'NON-ESISTE') });
    expect((await bulk({ action: { type: 'status', status: 2 } })).body).toEqual({ code: 400, result: `Invalid request body: skus: ${M.bulkTarget}` });
    expect((await bulk({ skus: ['BOB-1'], filter: { sku: 'BOB' }, action: { type: 'status', status: 2 } })).body).toEqual({ code: 400, result: `Invalid request body: skus: ${M.bulkTarget}` });
    expect((await bulk({ skus: ['BOB-1'], action: { type: 'regala' } })).body).toEqual({ code: 400, result: `Invalid request body: action.type: ${M.bulkAction}` });
    expect((await bulk({ skus: ['BOB-1'], action: { type: 'price', mode: 'percent', value: -150 } })).body).toEqual({ code: 400, result: `Invalid request body: action.value: ${M.bulkPercent}` });
    expect((await bulk({ skus: ['BOB-1'], action: { type: 'price', mode: 'amount', value: 1.5 } })).body).toEqual({ code: 400, result: `Invalid request body: action.value: ${M.bulkAmount}` });
    expect((await bulk({ skus: ['BOB-1', 'BOB-2'], action: { type: 'category', categoryId: 987_654 } })).body).toEqual({ code: 400, result: M.unknownCategory.replace('{id}', '987654') });
    expect((await bulk({ filter: { categoryId: 987_654 }, action: { type: 'status', status: 2 } })).body).toEqual({ code: 400, result: 'categoryId: la categoria 987654 non esiste.' });
  });
});

describe('AdminProducts.applyEdits and checkEdits (for the CSV import of prices and stock)', () => {
  const service = () => new AdminProducts(api.database.db, new CatalogImportService(api.database.db, new CacheInvalidator({}), api.app.catalogCaches), api.app.catalog, { lowStock: 5, now: () => new Date() });

  it('checks every row without writing, naming each row’s problem', async () => {
    const before = await prices('BOB-');
    const problems = await service().checkEdits([
      { sku: 'BOB-1', patch: { priceCents: 1234 } },
      { sku: 'BOB-3', patch: { priceCents: -5 } },
      { sku: 'NESSUNO', patch: { qty: 3 } },
      { sku: 'BOB-2', patch: { specialPriceCents: 99_999 } },
    ]);
    expect(problems).toEqual([
      { index: 1, sku: 'BOB-3', field: 'priceCents', message: `priceCents: ${M.price}` },
      { index: 2, sku: 'NESSUNO', field: 'sku', message: M.notFound.replace('{sku}', 'NESSUNO'), code: 'not-found' },
      { index: 3, sku: 'BOB-2', field: 'specialPriceCents', message: 'specialPriceCents: il prezzo speciale (999,99 €) deve essere inferiore al prezzo (10,50 €).' },
    ]);
    expect(await prices('BOB-')).toEqual(before);
  });

  it('writes all the edits or none', async () => {
    const before = await prices('BOB-');
    const refused = await service().applyEdits([{ sku: 'BOB-1', patch: { priceCents: 1234 } }, { sku: 'BOB-3', patch: { qty: -1 } }], CLI_ACTOR).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(EditsRefused);
    expect((refused as EditsRefused).problems).toEqual([{ index: 1, sku: 'BOB-3', field: 'qty', message: `qty: ${M.qty}` }]);
    expect(await prices('BOB-')).toEqual(before);
    const outcome = await service().applyEdits([{ sku: 'BOB-1', patch: { priceCents: 1234 } }, { sku: 'BOB-3', patch: { qty: 9 } }], CLI_ACTOR);
    expect(outcome).toMatchObject({ edits: [{ sku: 'BOB-1', changed: ['priceCents'] }, { sku: 'BOB-3', changed: ['qty'] }], cache: { status: 'skipped' } });
    expect((await prices('BOB-1'))['BOB-1']![0]).toBe(1234);
    expect((await api.call('/api/stock/check?sku=BOB-3')).body.result.qty).toBe(9);
  });
});
