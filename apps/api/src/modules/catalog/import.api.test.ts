import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_MESSAGES } from '@shop/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDumpFiles } from '../../cli/import/dump-files.ts';
import { Progress } from '../../cli/import/progress.ts';
import { runImport } from '../../cli/import/run-import.ts';
import { apiSink } from '../../cli/import/sinks.ts';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';

/** The shared Vue Storefront 1 fixtures beside the repository (../shared). */
const FIXTURES = fileURLToPath(new URL('../../../../../../shared/fixtures/vsf/', import.meta.url));
const TOKEN = 'test-admin-token-'.padEnd(64, 'x');
const auth = { authorization: `Bearer ${TOKEN}` };

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ adminToken: TOKEN });
  // The test database starts with the demo catalogue; these tests count what the import wrote.
  await sql`TRUNCATE product, category, attribute, tax_rule, review, cms_page, cms_block, price_history CASCADE`.execute(api.database.db);
});
afterAll(async () => {
  await api?.dispose();
});

async function importFixtures(paths: string[]) {
  const files = await listDumpFiles(paths);
  return runImport(files, apiSink(api.url, TOKEN), new Progress(0, { write: () => true }));
}

async function total(entityType: string): Promise<number> {
  const res = await api.call('/api/catalog', { body: { entityType, size: 1 } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.total;
}

async function totals() {
  const entities = ['category', 'attribute', 'taxrule', 'review', 'cms_page', 'cms_block', 'product'];
  return Object.fromEntries(await Promise.all(entities.map(async (e) => [e, await total(e)] as const)));
}

const EXPECTED = { category: 48, attribute: 80, taxrule: 1, review: 970, cms_page: 6, cms_block: 20, product: 1 };

describe('POST /api/admin/catalog/import', () => {
  it('imports every fixture file, and the catalogue answers them', async () => {
    const summary = await importFixtures([FIXTURES]);
    expect(summary.fatal).toBeUndefined();
    expect(await totals()).toEqual(EXPECTED);
    expect(summary.counts('review')).toMatchObject({ read: 971, inserted: 970, skipped: 1 });
    expect(summary.counts('category')).toMatchObject({ read: 49, inserted: 48 });
    expect(summary.productTypes).toEqual({ simple: 1 });
    expect(summary.skips.map((s) => s.source.replace(FIXTURES, ''))).toEqual([
      'product-data-format.json:977',
      'catalog_it_review.json:27',
      'testOrderAnon.json:1',
      'testOrderAuth.json:1',
      'testUser.json:1',
    ]);

    const tops = await api.call('/api/catalog', { body: { entityType: 'category', filters: { id: { eq: 21 } } } });
    expect(tops.body.result.items[0]).toMatchObject({ name: 'Tops', parent_id: 20, url_path: 'women/tops-women/tops-21' });
    expect(tops.body.result.items[0]).not.toHaveProperty('children_data');
    const product = await api.call('/api/catalog', { body: { entityType: 'product', filters: { sku: { eq: '24-UG05' } } } });
    expect(product.body.result.items[0]).toMatchObject({ slug: 'go-get-r-pushup-grips', url_path: 'go-get-r-pushup-grips' });
    expect(product.body.result.items[0].configurable_children[0]).toMatchObject({ sku: 'MH01-XS-Black', color: '49', size: '167' });
  });

  it('is idempotent: importing again changes nothing', async () => {
    const catalogFiles = ['attribute', 'taxrule', 'category', 'review', 'cms_page', 'cms_block'].map((e) => join(FIXTURES, `catalog_it_${e}.json`));
    await importFixtures(catalogFiles);
    const again = await importFixtures(catalogFiles);
    expect(await totals()).toEqual(EXPECTED);
    for (const counts of again.entities.values()) expect([counts.inserted, counts.updated]).toEqual([0, 0]);
    expect(again.counts('review').unchanged).toBe(970);
    expect(again.counts('category').unchanged).toBe(48);
  });

  it('refuses a request without the admin token', async () => {
    const body = { entity: 'cms_block', docs: [{ id: 999, identifier: 'x', content: '' }] };
    const refused: [Record<string, string>, string][] = [
      [{}, ADMIN_MESSAGES.signInRequired],
      [{ authorization: 'Bearer wrong' }, ADMIN_MESSAGES.toolToken],
      [{ authorization: TOKEN }, ADMIN_MESSAGES.toolToken],
    ];
    for (const [headers, message] of refused) {
      const res = await api.call('/api/admin/catalog/import', { body, headers });
      expect(res.body).toEqual({ code: 401, result: message });
    }
    const unauthorizedGarbage = await api.call('/api/admin/catalog/import', { rawBody: '{not json', headers: {} });
    expect(unauthorizedGarbage.status).toBe(401);
    expect(await total('cms_block')).toBe(20);
  });

  it.each([
    ['an unknown entity', { entity: 'order', docs: [{}] }, /entity/],
    ['docs that are not objects', { entity: 'product', docs: [1, 'x'] }, /docs/],
    ['no docs', { entity: 'product', docs: [] }, /docs/],
    ['more than 500 docs', { entity: 'review', docs: Array.from({ length: 501 }, (_, id) => ({ id })) }, /docs/],
    ['an unknown field', { entity: 'product', docs: [{}], replace: true }, /replace/],
  ])('answers 400 to %s', async (_name, body, message) => {
    const res = await api.call('/api/admin/catalog/import', { body, headers: auth });
    expect(res.status).toBe(400);
    expect(res.body.result).toMatch(message);
  });

  it('answers 400 to malformed JSON', async () => {
    const res = await api.call('/api/admin/catalog/import', { rawBody: '{"entity":', headers: { ...auth, 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
  });

  it('answers 400 to a document nested deeper than 64 levels, not a 500 (found by the fuzz, issue 17)', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const rawBody = `{"entity":"product","docs":[{"id":509,"sku":"IMP-DEEP","name":"Profondo","type_id":"simple","price":1,"extra":${deep}}]}`;
    const res = await api.call('/api/admin/catalog/import', { rawBody, headers: { ...auth, 'content-type': 'application/json' } });
    expect(res.body).toEqual({ code: 400, result: 'Invalid request body: docs.0: must not nest arrays or objects more than 64 levels deep' });
  });

  it('answers 400 to a value the database cannot store, and writes nothing of the batch (found by the fuzz, issue 17)', async () => {
    const good = { id: 511, sku: 'IMP-GOOD', name: 'Buono', type_id: 'simple', price: 1 };
    for (const bad of [{ name: 'NUL\u0000' }, { price: 1e308 }]) {
      const docs = [good, { id: 512, sku: 'IMP-BAD', name: 'Cattivo', type_id: 'simple', price: 1, ...bad }];
      const res = await api.call('/api/admin/catalog/import', { body: { entity: 'product', docs }, headers: auth });
      expect(res.status, `${JSON.stringify(bad)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.result).toMatch(/^Invalid request body: a document holds a value the database cannot store: /);
    }
    expect((await api.call('/api/catalog', { body: { entityType: 'product', filters: { sku: { eq: 'IMP-GOOD' } } } })).body.result.items).toEqual([]);
  });

  it('refuses a special-price date beyond the year 9999 by index, on either database (found by the fuzz, issue 17)', async () => {
    const docs = [{ id: 513, sku: 'IMP-DATE', name: 'Data lontana', type_id: 'simple', price: 1, special_price: 0.5, special_from_date: '99999-01-01 00:00:00' }];
    const res = await api.call('/api/admin/catalog/import', { body: { entity: 'product', docs }, headers: auth });
    expect(res.body.result.skipped).toEqual([{ index: 0, reason: 'special_from_date must be a date between the years 1 and 9999, not "99999-01-01 00:00:00"' }]);
  });

  it('imports the good documents of a batch and names the refused ones by index', async () => {
    const docs = [
      { id: 501, sku: 'IMP-1', name: 'Guanto nitrile', type_id: 'simple', price: 4.5 },
      { id: 502, name: 'Senza sku', type_id: 'simple' },
      { id: 503, sku: '24-UG05', name: 'Duplicate sku', type_id: 'simple' },
    ];
    const res = await api.call('/api/admin/catalog/import', { body: { entity: 'product', docs }, headers: auth });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({
      entity: 'product',
      received: 3,
      inserted: 1,
      updated: 0,
      unchanged: 0,
      skipped: [
        { index: 1, reason: 'missing sku' },
        { index: 2, reason: 'sku "24-UG05" belongs to product 19 already' },
      ],
      productTypes: { simple: 1 },
      derived: { slug: 1, url_key: 1, url_path: 1, stock: 1 },
    });
    const stored = await api.call('/api/catalog', { body: { entityType: 'product', filters: { sku: { eq: 'IMP-1' } } } });
    expect(stored.body.result.items[0]).toMatchObject({ slug: 'guanto-nitrile-501', stock: { is_in_stock: true, manage_stock: false } });
  });

  it('imports the later of two documents with the same id and reports the earlier one', async () => {
    const review = { id: 990_001, product_id: 19, title: 'Prima', detail: 'x', nickname: 'A', review_status: 1 };
    const docs = [review, { ...review, title: 'Seconda' }];
    const res = await api.call('/api/admin/catalog/import', { body: { entity: 'review', docs }, headers: auth });
    expect(res.body.result).toMatchObject({ inserted: 1, skipped: [{ index: 0, reason: 'id 990001 comes again later in the batch, which is imported instead' }] });
    const stored = await api.call('/api/catalog', { body: { entityType: 'review', filters: { id: { eq: 990_001 } } } });
    expect(stored.body.result.items[0].title).toBe('Seconda');
  });

  it('leaves a product without dates alone on re-import: it does not become the newest again', async () => {
    const createdAt = () => api.database.db.selectFrom('product').select('created_at').where('sku', '=', 'IMP-1').executeTakeFirstOrThrow();
    const before = await createdAt();
    const doc = { id: 501, sku: 'IMP-1', name: 'Guanto nitrile', type_id: 'simple', price: 4.5 };
    const res = await api.call('/api/admin/catalog/import', { body: { entity: 'product', docs: [doc] }, headers: auth });
    expect(res.body.result).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    expect(await createdAt()).toEqual(before);
  });

  it('a URL key an import changes leaves the old address answering 301, as a back-office edit does (ADR 0032)', async () => {
    const doc = { id: 511, sku: 'IMP-URL', name: 'Tagliere in teak', type_id: 'simple', status: 1, visibility: 4, price: 30, url_key: 'tagliere-teak', url_path: 'tagliere-teak' };
    const send = async (changes: object) => {
      const res = await api.call('/api/admin/catalog/import', { body: { entity: 'product', docs: [{ ...doc, ...changes }] }, headers: auth });
      expect(res.body.result, JSON.stringify(res.body)).toMatchObject({ skipped: [] });
    };
    const mapUrl = async (url: string) => (await api.call('/api/url/map', { body: { url, includeFields: ['sku'] } })).body.result;
    await send({});
    expect(await mapUrl('tagliere-teak')).toEqual({ _type: 'product', _source: { sku: 'IMP-URL' } });
    await send({ url_key: 'tagliere-teak-grande', url_path: 'taglieri/tagliere-teak-grande' });
    expect(await mapUrl('tagliere-teak')).toEqual({ _type: 'redirect', _source: { url_path: 'taglieri/tagliere-teak-grande', id: 511, sku: 'IMP-URL' } });
    expect(await mapUrl('taglieri/tagliere-teak-grande')).toEqual({ _type: 'product', _source: { sku: 'IMP-URL' } });
    // The first address taken back: live again, and the second one leads to it.
    await send({});
    expect(await mapUrl('tagliere-teak')).toEqual({ _type: 'product', _source: { sku: 'IMP-URL' } });
    expect((await mapUrl('taglieri/tagliere-teak-grande'))?._source).toMatchObject({ url_path: 'tagliere-teak' });
  });
});
