import type { PriceCsvReport } from '@shop/contracts';
import { upsertProducts } from '@shop/db';
import type { ProductDoc } from '@shop/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { fakeStorefront, type FakeStorefront } from '../../testing/fake-storefront.ts';
import { productFactory, testStock } from '../../testing/products.ts';
import { staffSession } from '../../testing/staff-session.ts';

/**
 * A price and stock import writes its products in place (ADR 0032): the shop sees it as it sees
 * a whole import — the catalogue, the search answer, the storefront's cache tags, the stock, the
 * price history behind the 30-day lowest price — and the stored row is the one a whole import of
 * the same document writes.
 */
let api: TestApi;
let storefront: FakeStorefront;
let staff: Record<string, string>;
const product = productFactory(984_000);
const PAN = product('PIP-PADELLA', 40, { name: 'Padella antiaderente quarzolina', category_ids: [984_500], stock: testStock(10) });

beforeAll(async () => {
  storefront = await fakeStorefront();
  api = await startTestApi({ storefrontInternalUrl: storefront.url, revalidateSecret: 'price-csv-in-place-secret' });
  await upsertProducts(api.database.db, [PAN]);
  staff = await staffSession(api, 'staff');
}, 180_000);
afterAll(async () => {
  await api?.dispose();
  await storefront?.close();
});
beforeEach(() => {
  storefront.calls = [];
});

async function imported(lines: string[]): Promise<PriceCsvReport> {
  const res = await fetch(`${api.url}/api/admin/products/prices/import`, { method: 'POST', headers: { 'content-type': 'text/csv; charset=utf-8', ...staff }, body: `${lines.join('\r\n')}\r\n` });
  const body = (await res.json()) as { result: PriceCsvReport };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.result;
}
const catalogue = async (sku: string) => (await api.call('/api/catalog', { body: { entityType: 'product', filters: { sku: { eq: sku } } } })).body.result.items[0] as Record<string, any>;
const searched = async (q: string) => ((await api.call('/api/search', { body: { q, size: 5, includeFields: ['sku', 'price'] } })).body.result.items as { sku: string; price: number }[]).find((i) => i.sku === PAN.sku)?.price;
/** Whether the search index, filtering by its own prices, finds the pan at `price` or more. */
const searchedFrom = async (q: string, price: number) =>
  ((await api.call('/api/search', { body: { q, size: 5, filters: { price: { gte: price } }, includeFields: ['sku'] } })).body.result.items as { sku: string }[]).some((i) => i.sku === PAN.sku);
const stockCheck = async (sku: string) => (await api.call(`/api/stock/check?sku=${encodeURIComponent(sku)}`)).body.result as { qty: number; is_in_stock: boolean };
/** The stored product: every column of its row (search data too) and its document. */
async function storedRow(sku: string) {
  const { rows } = await sql<{ row: Record<string, unknown>; doc: ProductDoc }>`
    SELECT to_jsonb(p) AS row, d.doc FROM product p JOIN product_doc d ON d.id = p.id WHERE p.sku = ${sku}`.execute(api.database.db);
  return rows[0]!;
}

describe('a price and stock import, written in place', () => {
  it('reaches the catalogue, the search answer, the stock and the storefront’s cache tags', async () => {
    expect(await searched('quarzolina')).toBe(40);
    expect(await searchedFrom('quarzolina', 44)).toBe(false);
    expect(await imported(['sku;price;qty', 'PIP-PADELLA;45,00;7'])).toMatchObject({ written: 1, invalid: 0 });
    expect(await catalogue(PAN.sku)).toMatchObject({ price: 45, final_price: 45 });
    await expect.poll(() => searched('quarzolina')).toBe(45);
    // The index set the new price in the product's slot (a prices-only change), found by it.
    await expect.poll(() => searchedFrom('quarzolina', 44)).toBe(true);
    expect(await stockCheck(PAN.sku)).toMatchObject({ qty: 7, is_in_stock: true });
    expect(storefront.sentTags()).toEqual(expect.arrayContaining([`P${PAN.id}`, `PS${PAN.sku}`, 'C984500', 'home']));
  });

  it('records the prices: a discount shows the lowest price of the 30 days before it', async () => {
    expect(await imported(['sku;special_price', 'PIP-PADELLA;36,00'])).toMatchObject({ written: 1, invalid: 0 });
    expect(await catalogue(PAN.sku)).toMatchObject({ special_price: 36, lowest_price_30d: 40 });
    const { rows } = await sql<{ regular_price_cents: number; special_price_cents: number | null }>`
      SELECT regular_price_cents, special_price_cents FROM price_history WHERE sku = ${PAN.sku} ORDER BY recorded_at, id`.execute(api.database.db);
    expect(rows).toEqual([
      { regular_price_cents: 4000, special_price_cents: null },
      { regular_price_cents: 4500, special_price_cents: null },
      { regular_price_cents: 4500, special_price_cents: 3600 },
    ]);
  });

  it('leaves the row a whole import of the same document would write', async () => {
    const written = await storedRow(PAN.sku);
    expect(written.row).toMatchObject({ regular_price_cents: 4500, special_price_cents: 3600 });
    await upsertProducts(api.database.db, [written.doc]);
    expect(await storedRow(PAN.sku)).toEqual(written);
  });
});
