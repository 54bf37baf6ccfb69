import { ADMIN_PRODUCT_MESSAGES as M, UNSAFE_HTML_MESSAGE, UNSAFE_HTML_PARTS as PART, type AdminProduct } from '@shop/contracts';
import { upsertProducts } from '@shop/db';
import type { ProductDoc } from '@shop/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { fakeStorefront, type FakeStorefront } from '../../testing/fake-storefront.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory, testStock } from '../../testing/products.ts';
import { staffSession } from '../../testing/staff-session.ts';

const unsafe = (field: string, found: string) => UNSAFE_HTML_MESSAGE.replace('{field}', field).replace('{found}', found);

/**
 * Issue #45 points 1, 7, 8 and "Bad input": a staff user's edits reach the catalogue the
 * storefront reads, the search, the shop's stock and the cache tags as an import does; a URL key
 * change leaves a 301; bad input is refused in Italian with nothing written; new products.
 */
let api: TestApi;
let storefront: FakeStorefront;
let staff: Record<string, string>;
const product = productFactory(997_000);
const { cartWith, orderBody, place } = orderHelpers(() => api);

const PENTOLA = product('BOE-PENTOLA', 100, { name: 'Pentola alta inox', category_ids: [22], url_key: 'pentola-boe', url_path: 'coltelli/coltelli-da-disosso/pentola-boe' });
const PADELLA = product('BOE-PADELLA', 50, { name: 'Padella in ferro', url_key: 'padella-boe', url_path: 'padella-boe' });
const GUANTO_M = product('BOE-GUANTO-M', 10, { name: 'Guanto M', visibility: 1, parent_sku: 'BOE-GUANTO', stock: testStock(20) });
const GUANTO_L = product('BOE-GUANTO-L', 12, { name: 'Guanto L', visibility: 1, parent_sku: 'BOE-GUANTO', stock: testStock(20) });
const copyOf = (child: ProductDoc) => ({ sku: child.sku, id: child.id, name: child.name, status: 1, price: child.price, tax_class_id: '2', stock: testStock(20) });
const GUANTO = product('BOE-GUANTO', 10, { name: 'Guanto antitaglio', type_id: 'configurable', stock: { qty: 0, is_in_stock: true }, configurable_children: [copyOf(GUANTO_M), copyOf(GUANTO_L)] });
// A child that exists only inside its parent's document, as some imported catalogues index them.
const SOLO = product('BOE-SOLO', 30, { name: 'Grembiule', type_id: 'configurable', configurable_children: [{ sku: 'BOE-SOLO-X', id: 997_090, status: 1, price: 30, stock: testStock(5) }] });

beforeAll(async () => {
  storefront = await fakeStorefront();
  api = await startTestApi({ storefrontInternalUrl: storefront.url, revalidateSecret: 'edits-test-secret' });
  await upsertProducts(api.database.db, [PENTOLA, PADELLA, GUANTO_M, GUANTO_L, GUANTO, SOLO]);
  staff = await staffSession(api);
});
afterAll(async () => {
  await api?.dispose();
  await storefront?.close();
});
beforeEach(() => {
  storefront.calls = [];
  storefront.status = 200;
});

const patch = (sku: string, body: unknown, headers = staff) => api.call(`/api/admin/products/${encodeURIComponent(sku)}`, { method: 'PATCH', body, headers });
async function patched(sku: string, body: unknown): Promise<{ product: AdminProduct; changed: string[]; cache: { tags: number; status: string } }> {
  const res = await patch(sku, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
}
const adminGet = async (sku: string) => (await api.call(`/api/admin/products/${encodeURIComponent(sku)}`, { headers: staff })).body.result as AdminProduct;
/** The product as the storefront reads it (POST /api/catalog, taxed). */
async function catalogue(sku: string): Promise<Record<string, any>> {
  const res = await api.call('/api/catalog', { body: { entityType: 'product', filters: { sku: { eq: sku } } } });
  expect(res.status).toBe(200);
  return res.body.result.items[0];
}
const search = async (q: string) => ((await api.call('/api/search', { body: { q, size: 20, includeFields: ['sku', 'name', 'price', 'special_price'] } })).body.result.items as { sku: string; name: string; special_price?: number }[]);
const mapUrl = async (url: string) => (await api.call('/api/url/map', { body: { url, includeFields: ['sku'] } })).body.result;
const stockCheck = async (sku: string) => (await api.call(`/api/stock/check?sku=${encodeURIComponent(sku)}`)).body.result as { qty: number; is_in_stock: boolean };
const audit = async (sku: string) => (await api.call(`/api/admin/audit?object=product:${encodeURIComponent(sku)}`, { headers: staff })).body.result as { action: string; staffEmail: string; before: any; after: any }[];

const day = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();

describe('an edit reaches what shoppers see, as an import does', () => {
  it('a price, a special price with its window, the name and the description: catalogue, search, cache tags, 30-day lowest price', async () => {
    const result = await patched('BOE-PENTOLA', {
      name: 'Pentola alta Zafferano',
      priceCents: 12_000,
      specialPriceCents: 9_900,
      specialFrom: iso(-1),
      specialTo: iso(10),
      description: '<p>Nuova <strong>descrizione</strong></p><p style="color:red">colorata</p>',
    });
    expect(result.changed.sort()).toEqual(['description', 'name', 'priceCents', 'specialFrom', 'specialPriceCents', 'specialTo']);
    expect(result.product).toMatchObject({ name: 'Pentola alta Zafferano', priceCents: 12_000, specialPriceCents: 9_900, description: '<p>Nuova <strong>descrizione</strong></p><p>colorata</p>' });
    // The product's page (by id and SKU), the list of its category, the home page and the sitemap, once.
    expect(result.cache).toEqual({ tags: 5, status: 'sent' });
    expect(storefront.sentTags()).toEqual(['C22', `P${PENTOLA.id}`, 'PSBOE-PENTOLA', 'home', 'sitemap']);

    const shown = await catalogue('BOE-PENTOLA');
    // Taxed as shoppers see it: the special price is the price, the list price the original.
    expect(shown).toMatchObject({ name: 'Pentola alta Zafferano', original_price: 120, original_price_incl_tax: 146.4, price: 99, special_price: 99, final_price: 99, description: result.product.description });
    // Omnibus: the lowest price of the 30 days before the discount is the price it replaced.
    expect(shown.lowest_price_30d).toBe(100);
    await expect.poll(async () => (await search('zafferano')).map((i) => [i.sku, i.special_price])).toEqual([['BOE-PENTOLA', 99]]);

    // A later price change keeps the discount's history.
    await patched('BOE-PENTOLA', { priceCents: 11_000 });
    expect(await catalogue('BOE-PENTOLA')).toMatchObject({ original_price: 110, special_price: 99, lowest_price_30d: 100 });
  });

  it('moving a product to another category expires the lists it leaves and joins', async () => {
    const result = await patched('BOE-PENTOLA', { categoryIds: [93] });
    expect(storefront.sentTags()).toEqual(['C22', 'C93', `P${PENTOLA.id}`, 'PSBOE-PENTOLA', 'home', 'sitemap']);
    expect(result.cache.status).toBe('sent');
    expect(await catalogue('BOE-PENTOLA')).toMatchObject({ category_ids: [93], category: [expect.objectContaining({ category_id: 93, name: expect.any(String) })] });
    const inCategory = await api.call('/api/catalog', { body: { entityType: 'product', filters: { category_ids: { in: [93] }, sku: { eq: 'BOE-PENTOLA' } }, includeFields: ['sku'] } });
    expect(inCategory.body.result.items).toEqual([{ sku: 'BOE-PENTOLA' }]);
  });

  it('status, visibility, tax class, tier and group prices, availability, technical attributes and SEO fields', async () => {
    await patched('BOE-PADELLA', { status: 2 });
    expect(await mapUrl('padella-boe')).toBeNull();
    expect(await search('padella ferro')).not.toContainEqual(expect.objectContaining({ sku: 'BOE-PADELLA' }));
    await patched('BOE-PADELLA', { status: 1, visibility: 1 });
    // Not visible on its own: neither its address nor search.
    expect(await mapUrl('padella-boe')).toBeNull();
    expect(await search('padella ferro')).not.toContainEqual(expect.objectContaining({ sku: 'BOE-PADELLA' }));
    await patched('BOE-PADELLA', { visibility: 4 });
    expect(await mapUrl('padella-boe')).toEqual({ _type: 'product', _source: { sku: 'BOE-PADELLA' } });
    await expect.poll(async () => (await search('padella ferro')).map((i) => i.sku)).toContain('BOE-PADELLA');

    const result = await patched('BOE-PADELLA', {
      taxClassId: 5,
      tierPrices: [{ customerGroupId: 0, qty: 10, priceCents: 4_500 }],
      groupPrices: [{ customerGroupId: 2, priceCents: 4_800 }],
      availabilityMessage: 'disponibili pochi pezzi',
      availabilityCustomMessage: 'Spedizione in 5 giorni',
      availabilityDate: '2026-12-24',
      attributes: { marca: '20012', materiale: ['20201', '20209'], dimensioni: 'Ø 28 cm', idoneo_contatto_alimenti: '1' },
      metaTitle: 'Padella in ferro blu professionale',
      metaDescription: 'La padella dei cuochi.',
      shortDescription: '<p>Ferro blu</p>',
    });
    expect(result.product).toMatchObject({
      taxClassId: 5,
      tierPrices: [{ customerGroupId: 0, qty: 10, priceCents: 4_500 }],
      groupPrices: [{ customerGroupId: 2, priceCents: 4_800 }],
      availabilityMessage: 'disponibili pochi pezzi',
      availabilityDate: '2026-12-24',
      attributes: { marca: '20012', materiale: ['20201', '20209'], dimensioni: 'Ø 28 cm', idoneo_contatto_alimenti: '1' },
      metaTitle: 'Padella in ferro blu professionale',
    });
    expect(await catalogue('BOE-PADELLA')).toMatchObject({
      price_incl_tax: 55,
      tier_prices: expect.arrayContaining([expect.objectContaining({ customer_group_id: 0, qty: 10 }), expect.objectContaining({ customer_group_id: 2, qty: 1 })]),
      messaggio_disponibilita: 'disponibili pochi pezzi',
      messaggio_disponibilita_custom: 'Spedizione in 5 giorni',
      data_disponibilita: '2026-12-24',
      marca: '20012',
      materiale: '20201,20209',
      dimensioni: 'Ø 28 cm',
      meta_title: 'Padella in ferro blu professionale',
      meta_description: 'La padella dei cuochi.',
      short_description: '<p>Ferro blu</p>',
    });
    // The brand is filterable at once, in the list and in the shop's facets.
    const listed = await api.call('/api/admin/products?brand=20012&sku=BOE', { headers: staff });
    expect(listed.body.result.items.map((i: { sku: string }) => i.sku)).toEqual(['BOE-PADELLA']);
    // null takes a text or an attribute away.
    const cleared = await patched('BOE-PADELLA', { availabilityCustomMessage: null, attributes: { dimensioni: null }, groupPrices: [] });
    expect(cleared.product.availabilityCustomMessage).toBeNull();
    expect(cleared.product.attributes).not.toHaveProperty('dimensioni');
    expect(cleared.product.groupPrices).toEqual([]);
    expect(cleared.product.tierPrices).toEqual([{ customerGroupId: 0, qty: 10, priceCents: 4_500 }]);
  });
});

describe('stock: the quantity set is what the shop sells from', () => {
  it('an edit of another field keeps the pieces sold; a quantity set replaces the count', async () => {
    expect((await place(orderBody(await cartWith([['BOE-PADELLA', 3]])))).status).toBe(200);
    expect((await stockCheck('BOE-PADELLA')).qty).toBe(97);
    await patched('BOE-PADELLA', { name: 'Padella in ferro blu' });
    expect((await stockCheck('BOE-PADELLA')).qty).toBe(97);
    expect((await adminGet('BOE-PADELLA')).stock.qty).toBe(97);

    await patched('BOE-PADELLA', { qty: 5 });
    expect(await stockCheck('BOE-PADELLA')).toMatchObject({ qty: 5, is_in_stock: true });
    expect((await place(orderBody(await cartWith([['BOE-PADELLA', 2]])))).status).toBe(200);
    expect((await stockCheck('BOE-PADELLA')).qty).toBe(3);
    await patched('BOE-PADELLA', { qty: 0 });
    expect(await stockCheck('BOE-PADELLA')).toMatchObject({ qty: 0, is_in_stock: false });
    await patched('BOE-PADELLA', { qty: 40, isInStock: true });
    expect(await stockCheck('BOE-PADELLA')).toMatchObject({ qty: 40, is_in_stock: true });
  });
});

describe('a configurable’s child, edited by its own SKU', () => {
  it('changes its row and its copy inside the parent; the parent’s page and price follow; its siblings keep their sold counts', async () => {
    expect((await place(orderBody(await cartWith([['BOE-GUANTO-L', 2]])))).status).toBe(200);
    expect((await stockCheck('BOE-GUANTO-L')).qty).toBe(18);

    const result = await patched('BOE-GUANTO-M', { name: 'Guanto antitaglio M', priceCents: 800, qty: 7 });
    expect(result.product).toMatchObject({ sku: 'BOE-GUANTO-M', parentSkus: ['BOE-GUANTO'], priceCents: 800, stock: { qty: 7 } });
    expect(storefront.sentTags()).toEqual(expect.arrayContaining([`P${GUANTO.id}`, `P${GUANTO_M.id}`, 'PSBOE-GUANTO', 'PSBOE-GUANTO-M']));

    const parent = await catalogue('BOE-GUANTO');
    expect(parent.configurable_children.find((c: { sku: string }) => c.sku === 'BOE-GUANTO-M')).toMatchObject({ name: 'Guanto antitaglio M', price: 8, stock: { qty: 7 } });
    // The parent shows its cheapest child.
    expect(parent.price).toBe(8);
    expect(await catalogue('BOE-GUANTO-M')).toMatchObject({ name: 'Guanto antitaglio M', price: 8 });
    expect((await stockCheck('BOE-GUANTO-M')).qty).toBe(7);
    expect((await stockCheck('BOE-GUANTO-L')).qty).toBe(18);
    expect((await adminGet('BOE-GUANTO')).children.map((c) => [c.sku, c.priceCents, c.stock.qty])).toEqual([['BOE-GUANTO-M', 800, 7], ['BOE-GUANTO-L', 1200, 18]]);

    // An edit of the parent re-imports it: the children's counts still hold.
    await patched('BOE-GUANTO', { metaTitle: 'Guanti antitaglio' });
    expect((await stockCheck('BOE-GUANTO-L')).qty).toBe(18);
  });

  it('a child that exists only inside its parent is edited there', async () => {
    const result = await patched('BOE-SOLO-X', { priceCents: 2_500, qty: 2 });
    expect(result.product).toMatchObject({ sku: 'BOE-SOLO-X', id: 997_090, parentSkus: ['BOE-SOLO'], priceCents: 2_500, stock: { qty: 2 } });
    const parent = await catalogue('BOE-SOLO');
    expect(parent.configurable_children[0]).toMatchObject({ sku: 'BOE-SOLO-X', price: 25, stock: { qty: 2 } });
    expect((await stockCheck('BOE-SOLO-X')).qty).toBe(2);
  });
});

describe('a URL key change leaves the old address answering 301', () => {
  it('the URL map answers the old path as a redirect to the current one; chains collapse; the old /p/ slug follows', async () => {
    const first = await patched('BOE-PADELLA', { urlKey: 'padella-nuova' });
    expect(first.product).toMatchObject({ urlKey: 'padella-nuova', urlPath: 'padella-nuova', urlRedirects: ['padella-boe'] });
    expect(await mapUrl('padella-boe')).toEqual({ _type: 'redirect', _source: { url_path: 'padella-nuova', id: PADELLA.id, sku: 'BOE-PADELLA' } });
    expect(await mapUrl('/padella-nuova/')).toEqual({ _type: 'product', _source: { sku: 'BOE-PADELLA' } });
    // The storefront's /p/{sku}/{slug} reads the slug, which follows the key.
    expect(await catalogue('BOE-PADELLA')).toMatchObject({ url_key: 'padella-nuova', slug: 'padella-nuova', url_path: 'padella-nuova' });

    await patched('BOE-PADELLA', { urlKey: 'padella-ultima' });
    for (const old of ['padella-boe', 'padella-nuova']) expect((await mapUrl(old))?._source).toMatchObject({ url_path: 'padella-ultima' });
    // Back to the first key: that address is live again, the others lead to it.
    await patched('BOE-PADELLA', { urlKey: 'padella-boe' });
    expect(await mapUrl('padella-boe')).toEqual({ _type: 'product', _source: { sku: 'BOE-PADELLA' } });
    for (const old of ['padella-nuova', 'padella-ultima']) expect((await mapUrl(old))?._source).toMatchObject({ url_path: 'padella-boe' });
    // Within a category, the last segment changes.
    expect((await patched('BOE-PENTOLA', { urlKey: 'pentola-alta' })).product.urlPath).toBe('coltelli/coltelli-da-disosso/pentola-alta');
    expect((await mapUrl('coltelli/coltelli-da-disosso/pentola-boe'))?._source.url_path).toBe('coltelli/coltelli-da-disosso/pentola-alta');
  });

  it('a redirect never hides a live address, and a key another product has is 409', async () => {
    await upsertProducts(api.database.db, [product('BOE-ALTRA', 5, { url_key: 'padella-ultima', url_path: 'padella-ultima' })]);
    expect(await mapUrl('padella-ultima')).toEqual({ _type: 'product', _source: { sku: 'BOE-ALTRA' } });
    expect((await patch('BOE-PADELLA', { urlKey: 'padella-ultima' })).body).toEqual({ code: 409, result: M.urlKeyTaken.replace('{key}', 'padella-ultima').replace('{sku}', 'BOE-ALTRA') });
    // A category's address is taken too.
    expect((await patch('BOE-PADELLA', { urlKey: 'coltelli' })).body).toEqual({ code: 409, result: M.urlPathTaken.replace('{path}', 'coltelli').replace('{owner}', 'la categoria «Coltelli»') });
  });
});

describe('bad input is refused in Italian, naming the field, and nothing is written', () => {
  it('refuses each kind of bad value', async () => {
    const before = await adminGet('BOE-PENTOLA');
    const auditBefore = (await audit('BOE-PENTOLA')).length;
    storefront.calls = [];
    const refusals: [unknown, number, string][] = [
      [{ priceCents: -100 }, 400, `Invalid request body: priceCents: ${M.price}`],
      [{ priceCents: 'dieci' }, 400, `Invalid request body: priceCents: ${M.price}`],
      [{ priceCents: 10.5 }, 400, `Invalid request body: priceCents: ${M.price}`],
      [{ specialPriceCents: 20_000 }, 400, 'specialPriceCents: il prezzo speciale (200,00 €) deve essere inferiore al prezzo (110,00 €).'],
      [{ priceCents: 9_000 }, 400, 'specialPriceCents: il prezzo speciale (99,00 €) deve essere inferiore al prezzo (90,00 €).'],
      [{ specialFrom: '2026-12-10T00:00:00+01:00', specialTo: '2026-12-01T00:00:00+01:00' }, 400, M.windowEndsFirst],
      [{ specialFrom: '10/12/2026' }, 400, `Invalid request body: specialFrom: ${M.date}`],
      [{ categoryIds: [22, 987_654] }, 400, M.unknownCategory.replace('{id}', '987654')],
      [{ description: '<p onclick="rubaCookie()">Offerta</p>' }, 400, unsafe('description', PART.handler.replace('{attribute}', 'onclick').replace('{tag}', 'p'))],
      [{ shortDescription: 'Ciao<script>alert(1)</script>' }, 400, unsafe('shortDescription', PART.element.replace('{tag}', 'script'))],
      [{ description: '<a href="javascript:alert(1)">x</a>' }, 400, unsafe('description', PART.url.replace('{url}', 'javascript:alert(1)').replace('{attribute}', 'href').replace('{tag}', 'a'))],
      [{ taxClassId: 77 }, 400, M.unknownTaxClass.replace('{id}', '77').replace('{values}', '0, 2, 5, 6')],
      [{ attributes: { marca: '99999' } }, 400, 'attributes.marca: «99999» non è tra i valori di «Marca».'],
      [{ attributes: { marca: ['20012', '20013'] } }, 400, 'attributes.marca: «Marca» ha un solo valore, non un elenco.'],
      [{ attributes: { potere_magico: '1' } }, 400, 'attributes.potere_magico: «potere_magico» non è un attributo tecnico del catalogo.'],
      [{ urlKey: 'Pentola Nuova' }, 400, `Invalid request body: urlKey: ${M.urlKey}`],
      [{ urlKey: 'padella-boe' }, 409, M.urlKeyTaken.replace('{key}', 'padella-boe').replace('{sku}', 'BOE-PADELLA')],
      [{ tierPrices: [{ customerGroupId: 9, qty: 5, priceCents: 100 }] }, 400, `Invalid request body: tierPrices.0.customerGroupId: ${M.customerGroup}`],
      [{ tierPrices: [{ customerGroupId: 0, qty: 1, priceCents: 100 }] }, 400, `Invalid request body: tierPrices.0.qty: ${M.tierQty}`],
      [{ qty: -1 }, 400, `Invalid request body: qty: ${M.qty}`],
      [{ availabilityDate: '2026-02-30' }, 400, `Invalid request body: availabilityDate: ${M.day}`],
      [{ price: 10 }, 400, `Invalid request body: ${M.unknownFields.replace('{keys}', 'price')}`],
      [{}, 400, M.emptyPatch],
    ];
    for (const [body, status, message] of refusals) {
      const res = await patch('BOE-PENTOLA', body);
      expect([JSON.stringify(body), res.status, res.body.result]).toEqual([JSON.stringify(body), status, message]);
    }
    expect(await adminGet('BOE-PENTOLA')).toEqual(before);
    expect(await audit('BOE-PENTOLA')).toHaveLength(auditBefore);
    expect(storefront.calls).toEqual([]);
    expect((await patch('NON-ESISTE', { name: 'x' })).body).toEqual({ code: 404, result: M.notFound.replace('{sku}', 'NON-ESISTE') });
  });
});

describe('every edit is audited', () => {
  it('who, which fields, and before and after of prices and stock (descriptions named only)', async () => {
    const entries = await audit('BOE-PENTOLA');
    expect(entries[0]).toMatchObject({
      action: 'product.update',
      staffEmail: expect.stringMatching(/^staff-sessione-\d+@bottega-pro\.example$/),
      before: { name: 'Pentola alta inox', priceCents: 10_000, specialPriceCents: null, specialFrom: null, specialTo: null },
      after: { fields: expect.arrayContaining(['description', 'priceCents']), name: 'Pentola alta Zafferano', priceCents: 12_000, specialPriceCents: 9_900 },
    });
    expect(entries[0]!.after).not.toHaveProperty('description');
    expect(entries[1]).toMatchObject({ before: { priceCents: 12_000 }, after: { fields: ['priceCents'], priceCents: 11_000 } });
    expect((await audit('BOE-GUANTO-M'))[0]).toMatchObject({ before: { qty: 20, priceCents: 1_000 }, after: { qty: 7, priceCents: 800 } });
  });

  it('a write whose storefront invalidation fails is still written, and says so', async () => {
    storefront.status = 500;
    const result = await patched('BOE-PENTOLA', { metaTitle: 'Pentola' });
    expect(result.cache).toMatchObject({ status: 'failed', error: expect.stringContaining('500') });
    expect((await catalogue('BOE-PENTOLA')).meta_title).toBe('Pentola');
  });
});

describe('POST /api/admin/products: a simple product from scratch', () => {
  const create = (body: unknown) => api.call('/api/admin/products', { body, headers: staff });
  const nuovo = { sku: 'BOE-NUOVO-1', name: 'Affettatrice Rossa Professionale', priceCents: 49_900, taxClassId: 2, categoryIds: [22], qty: 5, description: '<p>Lama da 30 cm</p>' };

  it('is in the catalogue, its category, the search and the URL map at once, and can be bought', async () => {
    const res = await create(nuovo);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const made = res.body.result.product as AdminProduct;
    expect(made).toMatchObject({
      sku: 'BOE-NUOVO-1', typeId: 'simple', status: 1, visibility: 4, priceCents: 49_900, taxClassId: 2, categoryIds: [22],
      stock: { qty: 5, isInStock: true, manageStock: true }, urlKey: 'affettatrice-rossa-professionale',
      urlPath: 'coltelli/coltelli-da-disosso/affettatrice-rossa-professionale', description: '<p>Lama da 30 cm</p>',
    });
    expect(storefront.sentTags()).toEqual(['C22', `P${made.id}`, 'PSBOE-NUOVO-1', 'home', 'sitemap']);
    expect(await catalogue('BOE-NUOVO-1')).toMatchObject({ name: nuovo.name, price: 499, price_incl_tax: 608.78, category_ids: [22] });
    await expect.poll(async () => (await search('affettatrice rossa')).map((i) => i.sku)).toContain('BOE-NUOVO-1');
    expect(await mapUrl(made.urlPath)).toEqual({ _type: 'product', _source: { sku: 'BOE-NUOVO-1' } });
    expect((await place(orderBody(await cartWith([['BOE-NUOVO-1', 2]])))).status).toBe(200);
    expect((await stockCheck('BOE-NUOVO-1')).qty).toBe(3);
    expect((await audit('BOE-NUOVO-1'))[0]).toMatchObject({ action: 'product.create', before: null, after: { priceCents: 49_900, qty: 5 } });
  });

  it('refuses an SKU or URL key already used (409), and bad fields; nothing is created', async () => {
    expect((await create(nuovo)).body).toEqual({ code: 409, result: M.skuTaken.replace('{sku}', 'BOE-NUOVO-1') });
    // A configurable's child's SKU is taken, with or without a row of its own.
    expect((await create({ ...nuovo, sku: 'BOE-SOLO-X' })).body).toEqual({ code: 409, result: M.skuTaken.replace('{sku}', 'BOE-SOLO-X') });
    expect((await create({ ...nuovo, sku: 'BOE-NUOVO-2', urlKey: 'padella-boe' })).body).toEqual({ code: 409, result: M.urlKeyTaken.replace('{key}', 'padella-boe').replace('{sku}', 'BOE-PADELLA') });
    expect((await create({ ...nuovo, sku: 'BOE-NUOVO-2', categoryIds: [987_654] })).body).toEqual({ code: 400, result: M.unknownCategory.replace('{id}', '987654') });
    expect((await create({ ...nuovo, sku: 'BOE-NUOVO-2', priceCents: -1 })).body).toEqual({ code: 400, result: `Invalid request body: priceCents: ${M.price}` });
    expect((await create({ sku: 'BOE-NUOVO-2', name: 'Senza prezzo', taxClassId: 2 })).body).toEqual({ code: 400, result: `Invalid request body: priceCents: ${M.price}` });
    expect((await api.call('/api/admin/products/BOE-NUOVO-2', { headers: staff })).status).toBe(404);
    // The same name again: the URL key derived from it gets the product's id.
    const twin = await create({ ...nuovo, sku: 'BOE-NUOVO-3' });
    expect(twin.status).toBe(201);
    expect(twin.body.result.product.urlKey).toBe(`affettatrice-rossa-professionale-${twin.body.result.product.id}`);
  });
});
