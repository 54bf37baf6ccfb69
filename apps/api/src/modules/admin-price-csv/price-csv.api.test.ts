import { ADMIN_MESSAGES as A, API_KEY_MESSAGES as K, PRICE_CSV_MAX_ROWS, PRICE_CSV_MESSAGES as M, type PriceCsvPreview, type PriceCsvReport } from '@shop/contracts';
import { upsertProducts } from '@shop/db';
import type { ProductDoc } from '@shop/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { fakeStorefront, type FakeStorefront } from '../../testing/fake-storefront.ts';
import { productFactory, testStock } from '../../testing/products.ts';
import { staffSession } from '../../testing/staff-session.ts';

/**
 * Issue #45 point 1 and "Bad input": prices and stock as CSV. The export re-imports changing
 * nothing; the preview names each bad row by line and column and writes nothing; the import writes
 * the good rows only, through the catalogue's write path (catalogue, stock, cache tags, audit); a
 * file with a wrong header, encoding or separator is refused whole; staff, owners and a
 * catalog:write key may use it.
 */
let api: TestApi;
let storefront: FakeStorefront;
let staff: Record<string, string>;
let owner: Record<string, string>;
const product = productFactory(983_000);

const KNIFE = product('PCS-COLTELLO', 19.9, {
  name: 'Coltello da cuoco; 20 cm',
  special_price: 14.5,
  special_from_date: '2026-01-01 00:00:00',
  special_to_date: '2030-12-30 23:00:00',
  stock: testStock(25),
});
const LADLE = product('PCS-MESTOLO', 5, { name: 'Mestolo', stock: testStock(3) });
// Stock not managed: a price change must not start counting it.
const BOARD = product('PCS-TAGLIERE', 30, { name: '=Tagliere', stock: { qty: 0, is_in_stock: true, manage_stock: false } });
const SALT = product('PCS-SALE', 2.35, { name: 'Sale grosso', stock: testStock(12.5) });
const GLOVE_M = product('PCS-GUANTO-M', 10, { name: 'Guanto M', visibility: 1, parent_sku: 'PCS-GUANTO', stock: testStock(20) });
const GLOVE = product('PCS-GUANTO', 10, {
  name: 'Guanto antitaglio',
  type_id: 'configurable',
  stock: { qty: 0, is_in_stock: true },
  configurable_children: [{ sku: GLOVE_M.sku, id: GLOVE_M.id, name: 'Guanto M', status: 1, price: 10, tax_class_id: '2', stock: testStock(20) }],
});
// 600 products: two batches of the import. The 551st has a special price of 500 €.
const MANY = Array.from({ length: 600 }, (_, i) => product(`PCS-MANY-${String(i).padStart(4, '0')}`, 10 + i, { name: `Vaschetta ${i}`, ...(i === 550 ? { special_price: 500 } : {}) }));

beforeAll(async () => {
  storefront = await fakeStorefront();
  api = await startTestApi({ storefrontInternalUrl: storefront.url, revalidateSecret: 'price-csv-secret' });
  await upsertProducts(api.database.db, [KNIFE, LADLE, BOARD, SALT, GLOVE_M, GLOVE, ...MANY]);
  staff = await staffSession(api, 'staff');
  owner = await staffSession(api, 'owner');
}, 180_000);
afterAll(async () => {
  await api?.dispose();
  await storefront?.close();
});
beforeEach(() => {
  storefront.calls = [];
});

const HEADER = 'sku;name;price;special_price;special_from;special_to;qty;is_in_stock';
const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const upload = (step: 'preview' | 'import', body: string | Uint8Array, headers: Record<string, string> = staff, query = '') =>
  fetch(`${api.url}/api/admin/products/prices/${step}${query}`, { method: 'POST', headers: { 'content-type': 'text/csv; charset=utf-8', ...headers }, body }).then(async (res) => ({ status: res.status, body: (await res.json()) as { code: number; result: any } }));
async function preview(body: string): Promise<PriceCsvPreview> {
  const res = await upload('preview', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
}
async function imported(body: string, headers = staff): Promise<PriceCsvReport> {
  const res = await upload('import', body, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
}
async function exported(query = '', headers = staff): Promise<{ text: string; headers: Headers }> {
  const res = await fetch(`${api.url}/api/admin/products/prices.csv${query}`, { headers });
  expect(res.status).toBe(200);
  // Kept as sent, BOM included (res.text() would drop it).
  return { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()), headers: res.headers };
}
/** The products as stored (documents, change stamps) and the shop's counts, for "nothing changed". */
async function stored(prefix: string) {
  const { rows } = await sql<{ sku: string; doc: ProductDoc; updated_at: Date }>`
    SELECT p.sku, d.doc, p.updated_at FROM product p JOIN product_doc d ON d.id = p.id WHERE p.sku LIKE ${`${prefix}%`} ORDER BY p.sku`.execute(api.database.db);
  const levels = await api.database.db.selectFrom('stock_level').selectAll().where('sku', 'like', `${prefix}%`).orderBy('sku').execute();
  return { rows, levels };
}
/** The product as the storefront reads it (POST /api/catalog). */
const catalogue = async (sku: string) => (await api.call('/api/catalog', { body: { entityType: 'product', filters: { sku: { eq: sku } } } })).body.result.items[0] as Record<string, any>;
const search = async (q: string) => (await api.call('/api/search', { body: { q, size: 20, includeFields: ['sku', 'price'] } })).body.result.items as { sku: string; price: number }[];
const stockCheck = async (sku: string) => (await api.call(`/api/stock/check?sku=${encodeURIComponent(sku)}`)).body.result as { qty: number; is_in_stock: boolean };
const audit = async (object: string) => (await api.call(`/api/admin/audit?object=${encodeURIComponent(object)}`, { headers: owner })).body.result as { action: string; staffEmail: string; before: any; after: any }[];

describe('GET /api/admin/products/prices.csv', () => {
  it('exports the filtered products in SKU order, in the back office’s CSV format, each value as the import reads it', async () => {
    const { text, headers } = await exported('?sku=PCS-&type=simple&special=no&q=PCS-');
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(headers.get('content-disposition')).toMatch(/^attachment; filename="prezzi-scorte-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(`\uFEFF${HEADER}`);
    expect(lines.slice(1, 5)).toEqual(['PCS-GUANTO-M;Guanto M;10,00;;;;20;1', 'PCS-MANY-0000;Vaschetta 0;10,00;;;;100;1', 'PCS-MANY-0001;Vaschetta 1;11,00;;;;100;1', 'PCS-MANY-0002;Vaschetta 2;12,00;;;;100;1']);
    expect(lines).toContain("PCS-TAGLIERE;'=Tagliere;30,00;;;;0;1");
    expect(lines).toContain('PCS-SALE;Sale grosso;2,35;;;;12,5;1');
    expect(lines).not.toContain(expect.stringMatching(/^PCS-(COLTELLO|GUANTO;|MANY-0550)/));
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + 4 + 599 + 1);

    const knife = (await exported('?sku=PCS-COLT')).text.split('\r\n')[1];
    expect(knife).toBe('PCS-COLTELLO;"Coltello da cuoco; 20 cm";19,90;14,50;2026-01-01T01:00:00+01:00;2030-12-31T00:00:00+01:00;25;1');
  });

  it('the whole catalogue’s export, imported back, changes nothing: the preview says so, the import writes nothing', async () => {
    const { text } = await exported();
    const before = await stored('');
    const rows = text.split('\r\n').length - 2;
    expect(rows).toBeGreaterThan(1000);
    expect(await preview(text)).toMatchObject({ rows, invalid: 0, problems: [], changing: 0, unchanged: rows, changes: [] });
    expect(await imported(text)).toMatchObject({ rows, invalid: 0, written: 0, unchanged: rows, batches: Math.ceil(rows / 500) });
    expect(await stored('')).toEqual(before);
    expect(storefront.calls).toEqual([]);
  }, 240_000);
});

describe('POST /api/admin/products/prices/preview and /import', () => {
  const FILE = csv(
    'sku;price;special_price;special_from;special_to;qty',
    'PCS-COLTELLO;21,90;;;;30',
    'PCS-NESSUNO;10;;;;1',
    'PCS-MESTOLO;-4;;;;1',
    'PCS-SALE;2,35;3,00;;;1',
    'PCS-TAGLIERE;30;20;31/12/2026;01/12/2026;0',
    'PCS-MANY-0001;12;;;;tanti',
    'PCS-MANY-0002;12;;;;1',
    'PCS-MANY-0002;13;;;;1',
    'PCS-MANY-0003;abc;;;;1',
  );
  const PROBLEMS = [
    { line: 3, sku: 'PCS-NESSUNO', column: 'sku', message: 'sku: nessun prodotto ha lo SKU PCS-NESSUNO.' },
    { line: 4, sku: 'PCS-MESTOLO', column: 'price', message: 'price: il prezzo non può essere negativo (-4).' },
    { line: 5, sku: 'PCS-SALE', column: 'special_price', message: 'special_price: il prezzo speciale (3,00 €) deve essere inferiore al prezzo (2,35 €).' },
    { line: 6, sku: 'PCS-TAGLIERE', column: 'special_to', message: 'special_to: la fine del prezzo speciale (01/12/2026) deve venire dopo l’inizio (31/12/2026).' },
    { line: 7, sku: 'PCS-MANY-0001', column: 'qty', message: 'qty: «tanti» non è una quantità: scrivi un numero come 25.' },
    { line: 8, sku: 'PCS-MANY-0002', column: 'sku', message: 'sku: lo SKU PCS-MANY-0002 compare più volte nel file (righe 8, 9): tienine una sola.' },
    { line: 9, sku: 'PCS-MANY-0002', column: 'sku', message: 'sku: lo SKU PCS-MANY-0002 compare più volte nel file (righe 8, 9): tienine una sola.' },
    { line: 10, sku: 'PCS-MANY-0003', column: 'price', message: 'price: «abc» non è un numero: scrivi ad esempio 19,90.' },
  ];

  it('the preview names every bad row by line and column, shows what the good ones change, and writes nothing', async () => {
    const before = await stored('PCS-');
    expect(await preview(FILE)).toEqual({
      columns: ['sku', 'price', 'special_price', 'special_from', 'special_to', 'qty'],
      fileRows: 9,
      rows: 9,
      invalid: 8,
      problems: PROBLEMS,
      problemsNotListed: 0,
      changing: 1,
      unchanged: 0,
      changes: [
        {
          line: 2,
          sku: 'PCS-COLTELLO',
          fields: [
            { column: 'price', from: '19,90', to: '21,90' },
            { column: 'special_price', from: '14,50', to: '' },
            { column: 'special_from', from: '2026-01-01T01:00:00+01:00', to: '' },
            { column: 'special_to', from: '2030-12-31T00:00:00+01:00', to: '' },
            { column: 'qty', from: '25', to: '30' },
          ],
        },
      ],
    });
    // What only the catalogue knows: a new price no longer above the product's own special price.
    expect((await preview(csv('sku;price', 'PCS-COLTELLO;10'))).problems).toEqual([
      { line: 2, sku: 'PCS-COLTELLO', column: 'special_price', message: 'special_price: il prezzo speciale (14,50 €) deve essere inferiore al prezzo (10,00 €).' },
    ]);
    expect(await stored('PCS-')).toEqual(before);
    expect(storefront.calls).toEqual([]);
  });

  it('the import writes the good rows only, as an edit: the shop’s catalogue and stock, cache tags, audit per product and for the file', async () => {
    const ladle = (await stored('PCS-MESTOLO')).rows;
    expect(await imported(FILE)).toEqual({ columns: ['sku', 'price', 'special_price', 'special_from', 'special_to', 'qty'], fileRows: 9, rows: 9, invalid: 8, problems: PROBLEMS, problemsNotListed: 0, written: 1, unchanged: 0, batches: 1 });
    expect(await catalogue('PCS-COLTELLO')).toMatchObject({ price: 21.9, final_price: 21.9, special_price: 0 });
    expect(await stockCheck('PCS-COLTELLO')).toMatchObject({ qty: 30, is_in_stock: true });
    await expect.poll(async () => (await search('coltello cuoco 20 cm')).find((i) => i.sku === 'PCS-COLTELLO')?.price).toBe(21.9);
    expect((await stored('PCS-MESTOLO')).rows).toEqual(ladle);
    expect(await catalogue('PCS-MANY-0002')).toMatchObject({ price: 12 });
    expect(storefront.sentTags()).toEqual(expect.arrayContaining([`P${KNIFE.id}`, 'PSPCS-COLTELLO', 'home']));
    expect(storefront.sentTags()).not.toContain(`P${LADLE.id}`);
    const entries = await audit('product:PCS-COLTELLO');
    expect(entries.at(-1)).toMatchObject({
      action: 'product.price-import',
      staffEmail: expect.stringMatching(/^staff-sessione-/),
      before: { priceCents: 1990, specialPriceCents: 1450, qty: 25 },
      after: { fields: ['priceCents', 'specialPriceCents', 'specialFrom', 'specialTo', 'qty'], priceCents: 2190, specialPriceCents: null, specialFrom: null, specialTo: null, qty: 30 },
    });
    expect((await audit('catalog:prices-csv')).at(-1)).toMatchObject({ action: 'catalog.price-import', after: { offset: 0, limit: 50_000, fileRows: 9, rows: 9, invalid: 8, written: 1, unchanged: 0, batches: 1, problemsNotListed: 0 } });
    // The same file again: the good row is equal to its product now.
    expect(await imported(FILE)).toMatchObject({ written: 0, unchanged: 1, invalid: 8 });
  });

  it('a price change leaves unmanaged stock alone; a quantity set is counted; availability follows the quantity unless the row sets it', async () => {
    expect(await imported(csv(HEADER, 'PCS-TAGLIERE;x;31,00;;;;0;1', 'PCS-SALE;x;2,35;;;;0;1', 'PCS-MESTOLO;x;5,00;;;;3;0'))).toMatchObject({ written: 3, invalid: 0 });
    const board = (await stored('PCS-TAGLIERE')).rows[0]!.doc;
    expect(board).toMatchObject({ price: 31, stock: { qty: 0, is_in_stock: true, manage_stock: false } });
    expect(await stockCheck('PCS-SALE')).toMatchObject({ qty: 0, is_in_stock: false });
    expect(await stockCheck('PCS-MESTOLO')).toMatchObject({ qty: 3, is_in_stock: false });
  });

  it('a configurable’s child by its own SKU: its row and its copy in the parent', async () => {
    expect(await imported(csv('sku;price', 'PCS-GUANTO-M;11,50'))).toMatchObject({ written: 1 });
    expect(await catalogue('PCS-GUANTO-M')).toMatchObject({ price: 11.5 });
    const parent = (await stored('PCS-GUANTO')).rows.find((r) => r.sku === 'PCS-GUANTO')!.doc;
    expect(parent.configurable_children?.[0]).toMatchObject({ sku: 'PCS-GUANTO-M', price: 11.5 });
  });

  it('more rows than a batch: each batch all or nothing; a row the catalogue refuses is skipped and the rest of its batch written', async () => {
    // Every price one euro more; the 551st would drop below its own special price of 500 €.
    const rows = MANY.map((doc, i) => `${doc.sku};${i === 550 ? '400' : String(11 + i)}`);
    const report = await imported(csv('sku;price', ...rows));
    expect(report).toMatchObject({ rows: 600, invalid: 1, written: 599, unchanged: 0, batches: 2 });
    expect(report.problems).toEqual([{ line: 552, sku: 'PCS-MANY-0550', column: 'special_price', message: 'special_price: il prezzo speciale (500,00 €) deve essere inferiore al prezzo (400,00 €).' }]);
    expect(await catalogue('PCS-MANY-0599')).toMatchObject({ price: 610 });
    expect((await stored('PCS-MANY-0550')).rows[0]!.doc).toMatchObject({ price: 560, special_price: 500 });
  }, 120_000);
});

describe('a file in parts, as the back office sends a large one', () => {
  it('checks and writes the rows of each part only, the whole file read every time (a SKU twice across parts is seen)', async () => {
    const file = csv('sku;qty', 'PCS-MANY-0100;1', '', 'PCS-MANY-0101;2', 'PCS-MANY-0102;x', 'PCS-MANY-0101;3', 'PCS-MANY-0103;4');
    const part = async (step: 'preview' | 'import', query: string) => {
      const res = await upload(step, file, staff, query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.result;
    };
    const duplicate = 'sku: lo SKU PCS-MANY-0101 compare più volte nel file (righe 4, 6): tienine una sola.';
    expect(await part('preview', '?offset=0&limit=2')).toMatchObject({ fileRows: 5, rows: 2, invalid: 1, changing: 1, problems: [{ line: 4, message: duplicate }], changes: [{ line: 2, sku: 'PCS-MANY-0100' }] });
    expect(await part('preview', '?offset=2&limit=2')).toMatchObject({ fileRows: 5, rows: 2, invalid: 2, changing: 0, problems: [{ line: 5, column: 'qty' }, { line: 6, message: duplicate }] });
    expect(await part('preview', '?offset=4&limit=2')).toMatchObject({ fileRows: 5, rows: 1, invalid: 0, changing: 1, changes: [{ line: 7, sku: 'PCS-MANY-0103' }] });
    expect(await part('preview', '?offset=5')).toMatchObject({ fileRows: 5, rows: 0, invalid: 0, changing: 0 });
    expect(await part('import', '?offset=4&limit=1')).toMatchObject({ rows: 1, written: 1 });
    expect(await stockCheck('PCS-MANY-0103')).toMatchObject({ qty: 4 });
    expect(await stockCheck('PCS-MANY-0100')).toMatchObject({ qty: 100 });
    expect(await part('import', '?offset=0&limit=4')).toMatchObject({ rows: 4, written: 1, invalid: 3 });
    expect(await stockCheck('PCS-MANY-0100')).toMatchObject({ qty: 1 });
    expect((await audit('catalog:prices-csv')).at(-1)).toMatchObject({ after: { offset: 0, limit: 4, fileRows: 5, rows: 4, written: 1 } });
  });

  it('refuses a part that is not one, in Italian', async () => {
    expect((await upload('preview', csv('sku;qty', 'A;1'), staff, '?offset=-1')).body).toEqual({ code: 400, result: `Invalid query: offset: ${M.badOffset}` });
    expect((await upload('import', csv('sku;qty', 'A;1'), staff, '?limit=0')).body).toEqual({ code: 400, result: `Invalid query: limit: ${M.badLimit}` });
  });
});

describe('a file refused whole, with nothing written', () => {
  const refused = async (body: string | Uint8Array) => {
    const res = await upload('preview', body);
    const again = await upload('import', body);
    expect(again).toEqual(res);
    return res;
  };
  const header = (problem: string) => M.header.replace('{problem}', problem).replace('{columns}', HEADER);

  it('a wrong header, separator or encoding (Windows-1252 bytes)', async () => {
    const before = await stored('PCS-');
    expect(await refused(csv('codice;prezzo', 'PCS-MESTOLO;6'))).toEqual({ status: 400, body: { code: 400, result: header('colonne sconosciute «codice», «prezzo»') } });
    expect(await refused(csv('sku,price', 'PCS-MESTOLO,6'))).toEqual({ status: 400, body: { code: 400, result: M.separator.replace('{found}', 'la virgola (,)') } });
    // "Però" saved by Excel as "CSV (delimitato dal separatore di elenco)": ò is the one byte 0xF2.
    const windows1252 = Buffer.concat([Buffer.from('sku;name;price\r\nPCS-MESTOLO;Per'), Buffer.from([0xf2]), Buffer.from(';6\r\n')]);
    expect(await refused(windows1252)).toEqual({ status: 400, body: { code: 400, result: M.encoding } });
    expect(await refused('')).toEqual({ status: 400, body: { code: 400, result: M.empty } });
    expect(await stored('PCS-')).toEqual(before);
  });

  it('more than 50,000 rows (400); more than 8 MiB (413); the other admin routes keep their own limits', async () => {
    const rows = Array.from({ length: PRICE_CSV_MAX_ROWS + 1 }, (_, i) => `R${i};1`);
    expect(await refused(csv('sku;qty', ...rows))).toEqual({ status: 400, body: { code: 400, result: M.tooManyRows.replace('{max}', '50.000') } });
    const big = csv('sku;name;qty', ...Array.from({ length: 40_000 }, (_, i) => `R${i};${'x'.repeat(200)};1`));
    expect(await upload('preview', big)).toEqual({ status: 413, body: { code: 413, result: 'Request body too large: this request accepts at most 8 MiB' } });
    const bulk = await api.call('/api/admin/products/bulk', { body: { skus: Array.from({ length: 50_000 }, (_, i) => `SKU-LUNGO-${'x'.repeat(80)}-${i}`), action: { type: 'status', status: 1 } }, headers: staff });
    expect(bulk.status).toBe(413);
  });
});

describe('who may export and import', () => {
  const routes = [
    ['GET', '/api/admin/products/prices.csv'],
    ['POST', '/api/admin/products/prices/preview'],
    ['POST', '/api/admin/products/prices/import'],
  ] as const;
  const send = (method: string, path: string, headers: Record<string, string>) => fetch(`${api.url}${path}`, { method, headers, ...(method === 'POST' ? { body: csv('sku;qty', 'PCS-MESTOLO;3') } : {}) }).then(async (res) => ({ status: res.status, body: await res.json().catch(() => null) }));

  it('nobody without a session (401), no write without the session’s CSRF token (403)', async () => {
    for (const [method, path] of routes) expect([path, await send(method, path, {})]).toEqual([path, { status: 401, body: { code: 401, result: A.signInRequired } }]);
    expect(await send('POST', '/api/admin/products/prices/import', { cookie: staff.cookie! })).toEqual({ status: 403, body: { code: 403, result: A.csrfMissing } });
  });

  it('staff and owners; a program with a catalog:write key (audited as the key), not one without it', async () => {
    for (const session of [staff, owner]) {
      expect((await send('GET', routes[0][1], session)).status).toBe(200);
      expect((await upload('import', csv('sku;qty', 'PCS-MESTOLO;3'), session)).status).toBe(200);
    }
    const key = async (scopes: string[]) => `Bearer ${(await api.call('/api/admin/api-keys', { body: { name: `ERP ${scopes.join(' ')}`, scopes }, headers: owner })).body.result.key as string}`;
    const erp = { authorization: await key(['catalog:write']) };
    const accountant = { authorization: await key(['orders:read', 'orders:write']) };
    for (const [method, path] of routes) expect([path, await send(method, path, accountant)]).toEqual([path, { status: 403, body: { code: 403, result: K.missingScope.replace('{scope}', 'catalog:write') } }]);
    expect((await exported('?sku=PCS-MESTOLO', erp)).text).toContain('PCS-MESTOLO;Mestolo;');
    expect(await imported(csv('sku;qty', 'PCS-MESTOLO;8'), erp)).toMatchObject({ written: 1 });
    expect((await audit('product:PCS-MESTOLO')).at(-1)).toMatchObject({ action: 'product.price-import', staffEmail: 'chiave API ERP catalog:write', after: { fields: ['qty', 'isInStock'], qty: 8, isInStock: true } });
    expect((await audit('catalog:prices-csv')).at(-1)).toMatchObject({ staffEmail: 'chiave API ERP catalog:write' });
  });

  it('documents the routes in /api/openapi.json: the CSV body, the part, the key’s scope', async () => {
    const { paths } = (await api.call('/api/openapi.json')).body;
    for (const step of ['preview', 'import']) {
      const route = paths[`/api/admin/products/prices/${step}`].post;
      expect(route.requestBody.content).toEqual({ 'text/csv': { schema: { type: 'string' } } });
      expect(route.parameters.map((p: { name: string }) => p.name)).toEqual(['offset', 'limit']);
      expect(route['x-api-key-scope']).toBe('catalog:write');
      expect(route.responses['413'].description).toBe('Request body over 8388608 bytes');
    }
    expect(Object.keys(paths['/api/admin/products/prices.csv'].get.responses['200'].content)).toEqual(['text/csv']);
  });

  it('a product’s own page is still its SKU’s', async () => {
    expect((await api.call('/api/admin/products/PCS-MESTOLO', { headers: staff })).body.result).toMatchObject({ sku: 'PCS-MESTOLO' });
  });
});
