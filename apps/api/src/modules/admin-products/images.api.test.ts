import { ADMIN_IMAGE_MESSAGES as M, ADMIN_MESSAGES as A, API_KEY_MESSAGES as K, type AdminProductImagesWrite } from '@shop/contracts';
import { upsertProducts } from '@shop/db';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { fakeStorefront, type FakeStorefront } from '../../testing/fake-storefront.ts';
import { productFactory } from '../../testing/products.ts';
import { staffSession } from '../../testing/staff-session.ts';

/**
 * Issue #45 point 1 "images" and its bad input (ADR 0036): staff upload pictures, which are judged
 * by their bytes and stored once, re-encoded without metadata; the gallery's order, main picture,
 * alternative texts and removals are edits through the catalogue import, which the storefront's
 * product API and its cache follow; the public media route serves the bytes for good.
 */
let api: TestApi;
let storefront: FakeStorefront;
let staff: Record<string, string>;
const product = productFactory(996_000);

const PIATTO = product('IMG-PIATTO', 20, { name: 'Piatto piano', url_key: 'piatto-img', url_path: 'piatto-img', media_gallery: [] });
const TEGAME = product('IMG-TEGAME', 35, {
  name: 'Tegame in rame',
  url_key: 'tegame-img',
  url_path: 'tegame-img',
  image: '/demo/pentole/03.jpg',
  small_image: '/demo/pentole/03.jpg',
  thumbnail: '/demo/pentole/03.jpg',
  media_gallery: [
    { image: '/demo/pentole/03.jpg', pos: 0, typ: 'image', lab: null },
    { image: '/demo/pentole/04.jpg', pos: 1, typ: 'image', lab: 'Tegame visto di lato' },
  ],
});
const MESTOLO = product('IMG-MESTOLO', 9, { name: 'Mestolo', url_key: 'mestolo-img', url_path: 'mestolo-img' });

/** A photo as a phone takes it: 3000×1800, EXIF with the author, turned by its orientation tag. */
const photo = (background = '#b5562c') =>
  sharp({ create: { width: 3000, height: 1800, channels: 3, background } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Artist: 'Mario Rossi', Copyright: 'Bottega' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
const png = (width: number, height: number) => sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 60, alpha: 0.5 } } }).png().toBuffer();

function upload(sku: string, bytes: Uint8Array | ReadableStream<Uint8Array>, headers: Record<string, string> = staff, query = '', type = 'image/jpeg') {
  return fetch(`${api.url}/api/admin/products/${encodeURIComponent(sku)}/images${query}`, {
    method: 'POST',
    headers: { 'content-type': type, ...headers },
    body: bytes,
    duplex: 'half',
  } as RequestInit).then(async (res) => ({ status: res.status, body: (await res.json()) as { code: number; result: any } }));
}
async function uploaded(sku: string, bytes: Uint8Array, query = ''): Promise<AdminProductImagesWrite> {
  const res = await upload(sku, bytes, staff, query);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.result;
}
const edit = (sku: string, body: unknown, headers = staff) => api.call(`/api/admin/products/${encodeURIComponent(sku)}/images`, { method: 'PATCH', body, headers });
/** The product as the storefront reads it (POST /api/catalog). */
async function catalogue(sku: string): Promise<Record<string, any>> {
  const res = await api.call('/api/catalog', { body: { entityType: 'product', filters: { sku: { eq: sku } } } });
  return res.body.result.items[0];
}
const mediaRows = async () => Number((await api.database.db.selectFrom('media').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const served = (path: string) => fetch(`${api.url}/api/media${path}`);

beforeAll(async () => {
  storefront = await fakeStorefront();
  api = await startTestApi({ storefrontInternalUrl: storefront.url, revalidateSecret: 'images-test-secret' });
  await upsertProducts(api.database.db, [PIATTO, TEGAME, MESTOLO]);
  staff = await staffSession(api);
});
afterAll(async () => {
  await api?.dispose();
  await storefront?.close();
});
beforeEach(() => {
  storefront.calls = [];
});

describe('an upload', () => {
  it('is stored upright, at most 2,048 px, without metadata, served for good at its address, and becomes the product’s main picture', async () => {
    const result = await uploaded('IMG-PIATTO', await photo(), '?alt=Piatto%20bianco%20dall%E2%80%99alto');
    expect(result.uploaded).toMatch(/^\/upload\/[0-9a-f]{64}\.jpg$/);
    // The orientation tag turned it: 1800 wide, 3000 high, then scaled to fit 2,048.
    expect(result.images).toEqual([
      { path: result.uploaded, alt: 'Piatto bianco dall’alto', main: true, src: `/media${result.uploaded}`, upload: { mimeType: 'image/jpeg', width: 1229, height: 2048, byteSize: expect.any(Number) } },
    ]);
    expect(result.changed.sort()).toEqual(['image', 'images']);
    expect(result.cache.status).toBe('sent');
    expect(storefront.sentTags()).toEqual(expect.arrayContaining([`P${PIATTO.id}`, 'PSIMG-PIATTO']));

    const res = await served(result.uploaded!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(result.images[0]!.upload!.byteSize);
    const meta = await sharp(bytes).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif, orientation: meta.orientation }).toEqual({ format: 'jpeg', width: 1229, height: 2048, exif: undefined, orientation: undefined });

    // What shoppers get: the main picture in every image role, the gallery with its alternative text.
    expect(await catalogue('IMG-PIATTO')).toMatchObject({
      image: result.uploaded,
      small_image: result.uploaded,
      thumbnail: result.uploaded,
      media_gallery: [{ image: result.uploaded, pos: 0, typ: 'image', lab: 'Piatto bianco dall’alto' }],
    });
    const audit = (await api.call('/api/admin/audit?object=product:IMG-PIATTO', { headers: staff })).body.result;
    expect(audit).toEqual([expect.objectContaining({ action: 'product.images.upload', before: { images: [], image: null }, after: { fields: ['images', 'image'], images: [{ path: result.uploaded, alt: 'Piatto bianco dall’alto' }], image: result.uploaded } })]);
  });

  it('the same picture again is the same address, stored once, listed once; a PNG keeps its type and transparency', async () => {
    const before = await mediaRows();
    const first = await uploaded('IMG-MESTOLO', await photo('#2c6db5'));
    const again = await uploaded('IMG-MESTOLO', await photo('#2c6db5'));
    expect(again.uploaded).toBe(first.uploaded);
    expect(again.images.map((i) => i.path)).toEqual([first.uploaded]);
    expect(again.changed).toEqual([]);
    expect(await mediaRows()).toBe(before + 1);

    const clear = await uploaded('IMG-MESTOLO', await png(400, 300));
    expect(clear.uploaded).toMatch(/\.png$/);
    expect(clear.images.map((i) => [i.path, i.main])).toEqual([[first.uploaded, true], [clear.uploaded, false]]);
    const res = await served(clear.uploaded!);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 400, height: 300, hasAlpha: true });
  });

  it('refuses in Italian what is not a JPEG, PNG or WebP picture, by its bytes, storing nothing', async () => {
    const stored = await mediaRows();
    const before = await catalogue('IMG-TEGAME');
    const gif = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#000' } }).gif().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400"/></svg>');
    const noisy = await sharp(Buffer.from(Array.from({ length: 600 * 600 * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width: 600, height: 600, channels: 3 } }).jpeg().toBuffer();
    const cases: [string, Uint8Array, number, string][] = [
      ['text named .jpg', Buffer.from('Listino prezzi 2026\nColtello 20 cm;19,90\n'), 400, M.notImage],
      ['empty', Buffer.alloc(0), 400, M.empty],
      ['gif', gif, 400, M.format.replace('{format}', 'GIF')],
      ['svg', svg, 400, M.format.replace('{format}', 'SVG')],
      ['tiny', await png(60, 200), 400, M.tooSmall.replace('{width}', '60').replace('{height}', '200').replace('{min}', '100')],
      ['huge', await png(12_500, 120), 400, M.tooBig.replace('{width}', '12.500').replace('{height}', '120').replace('{max}', '12.000').replace('{megapixels}', '60')],
      ['truncated', noisy.subarray(0, Math.floor(noisy.length * 0.6)), 400, M.damaged],
    ];
    for (const [name, bytes, status, message] of cases) {
      const res = await upload('IMG-TEGAME', bytes);
      expect([name, res.status, res.body]).toEqual([name, status, { code: status, result: message }]);
    }
    expect(await mediaRows()).toBe(stored);
    expect(await catalogue('IMG-TEGAME')).toEqual(before);
  });

  it('refuses over 10 MB with the Italian 413, declared or streamed', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(await photo());
    expect(await upload('IMG-TEGAME', big)).toEqual({ status: 413, body: { code: 413, result: M.tooLarge } });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < big.length; at += 256 * 1024) controller.enqueue(big.subarray(at, at + 256 * 1024));
        controller.close();
      },
    });
    expect(await upload('IMG-TEGAME', stream)).toEqual({ status: 413, body: { code: 413, result: M.tooLarge } });
  });

  it('an unknown product is 404 and nothing is stored', async () => {
    const stored = await mediaRows();
    const res = await upload('IMG-NESSUNO', await photo('#123456'));
    expect(res.status).toBe(404);
    expect(await mediaRows()).toBe(stored);
  });

  it('is refused without a session, with a customer’s token, and with a key lacking catalog:write; a catalog:write key uploads (audited as the key)', async () => {
    const bytes = await png(300, 300);
    expect(await upload('IMG-TEGAME', bytes, {})).toEqual({ status: 401, body: { code: 401, result: A.signInRequired } });
    expect(await upload('IMG-TEGAME', bytes, { cookie: staff.cookie! })).toEqual({ status: 403, body: { code: 403, result: A.csrfMissing } });
    expect(await upload('IMG-TEGAME', bytes, { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x' })).toEqual({ status: 401, body: { code: 401, result: A.customerToken } });
    const owner = await staffSession(api, 'owner');
    const key = async (scopes: string[]) => `Bearer ${(await api.call('/api/admin/api-keys', { body: { name: `Gestionale ${scopes.join(' ')}`, scopes }, headers: owner })).body.result.key as string}`;
    expect(await upload('IMG-TEGAME', bytes, { authorization: await key(['orders:read', 'orders:write']) })).toEqual({ status: 403, body: { code: 403, result: K.missingScope.replace('{scope}', 'catalog:write') } });
    const erp = await upload('IMG-TEGAME', bytes, { authorization: await key(['catalog:write']) });
    expect(erp.status).toBe(201);
    const audit = (await api.call('/api/admin/audit?object=product:IMG-TEGAME', { headers: staff })).body.result as { action: string; staffEmail: string }[];
    expect(audit.at(-1)).toMatchObject({ action: 'product.images.upload', staffEmail: 'chiave API Gestionale catalog:write' });
    // Undone for the next test: the gallery as it was.
    expect((await edit('IMG-TEGAME', { images: TEGAME.media_gallery!.map((e) => ({ path: e.image, alt: e.lab })) })).status).toBe(200);
  });
});

describe('the gallery’s order, main picture, alternative texts and removals', () => {
  it('are applied as one edit: the storefront’s product API, the admin product and the cache follow', async () => {
    const added = await uploaded('IMG-TEGAME', await photo('#6b8e23'));
    expect(added.images.map((i) => [i.path, i.main])).toEqual([['/demo/pentole/03.jpg', true], ['/demo/pentole/04.jpg', false], [added.uploaded, false]]);
    storefront.calls = [];

    const res = await edit('IMG-TEGAME', {
      images: [
        { path: added.uploaded, alt: '  Tegame con coperchio  ' },
        { path: '/demo/pentole/03.jpg', alt: null },
      ],
      image: added.uploaded,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = res.body.result as AdminProductImagesWrite;
    expect(result.images.map(({ path, alt, main }) => ({ path, alt, main }))).toEqual([
      { path: added.uploaded, alt: 'Tegame con coperchio', main: true },
      { path: '/demo/pentole/03.jpg', alt: null, main: false },
    ]);
    expect(result.images[1]!.upload).toBeNull();
    expect(result.changed.sort()).toEqual(['image', 'images']);
    expect(storefront.sentTags()).toEqual(expect.arrayContaining([`P${TEGAME.id}`, 'PSIMG-TEGAME']));

    expect(await catalogue('IMG-TEGAME')).toMatchObject({
      image: added.uploaded,
      small_image: added.uploaded,
      thumbnail: added.uploaded,
      media_gallery: [
        { image: added.uploaded, pos: 0, typ: 'image', lab: 'Tegame con coperchio' },
        { image: '/demo/pentole/03.jpg', pos: 1, typ: 'image', lab: null },
      ],
    });
    const admin = (await api.call('/api/admin/products/IMG-TEGAME', { headers: staff })).body.result;
    expect(admin).toMatchObject({ image: added.uploaded, images: [{ path: added.uploaded, alt: 'Tegame con coperchio' }, { path: '/demo/pentole/03.jpg', alt: null }] });
    const listed = (await api.call('/api/admin/products/IMG-TEGAME/images', { headers: staff })).body.result;
    expect(listed).toEqual({ sku: 'IMG-TEGAME', name: 'Tegame in rame', images: result.images });
    const audit = (await api.call('/api/admin/audit?object=product:IMG-TEGAME', { headers: staff })).body.result as { action: string; after: { fields: string[] } }[];
    expect(audit.at(-1)).toMatchObject({ action: 'product.update', after: { fields: ['images', 'image'] } });

    // Removing the main picture makes the next one main; removing every picture leaves none.
    const next = await edit('IMG-TEGAME', { images: [{ path: '/demo/pentole/03.jpg', alt: 'Tegame' }] });
    expect(next.body.result.images).toEqual([expect.objectContaining({ path: '/demo/pentole/03.jpg', alt: 'Tegame', main: true })]);
    expect((await edit('IMG-TEGAME', { images: [] })).body.result.images).toEqual([]);
    const bare = await catalogue('IMG-TEGAME');
    expect([bare.image, bare.small_image, bare.thumbnail, bare.media_gallery]).toEqual([undefined, undefined, undefined, []]);
    // The uploaded bytes stay at their address: pages cached before the change may still show them.
    expect((await served(added.uploaded!)).status).toBe(200);
  });

  it('refuses in Italian a picture the shop does not store, one listed twice, a main picture not listed or missing; nothing is written', async () => {
    const ours = await uploaded('IMG-MESTOLO', await png(500, 500));
    const before = await catalogue('IMG-MESTOLO');
    const made = '/upload/' + 'a'.repeat(64) + '.jpg';
    const wrongType = ours.uploaded!.replace(/\.png$/, '.jpg');
    const cases: [unknown, string][] = [
      [{ images: [{ path: '/demo/pentole/99.jpg', alt: null }] }, M.unknown.replace('{path}', '/demo/pentole/99.jpg')],
      [{ images: [{ path: made, alt: null }] }, M.unknown.replace('{path}', made)],
      [{ images: [{ path: wrongType, alt: null }] }, M.unknown.replace('{path}', wrongType)],
      [{ images: [{ path: ours.uploaded, alt: null }, { path: ours.uploaded, alt: 'di nuovo' }] }, M.duplicate.replace('{path}', ours.uploaded!)],
      [{ image: '/demo/pentole/03.jpg' }, M.mainNotListed.replace('{path}', '/demo/pentole/03.jpg')],
      [{ image: null }, M.mainRequired],
    ];
    for (const [body, message] of cases) expect(await edit('IMG-MESTOLO', body)).toMatchObject({ status: 400, body: { code: 400, result: message } });
    for (const [body, field] of [
      [{ images: [{ path: '../../etc/passwd', alt: null }] }, 'images.0.path'],
      [{ images: [{ path: ours.uploaded, alt: 'x'.repeat(256) }] }, 'images.0.alt'],
      [{ images: [{ path: ours.uploaded, alt: 'riga\u0000' }] }, 'images.0.alt'],
      [{ images: [{ path: ours.uploaded, titolo: 'x' }] }, 'images.0'],
    ] as const) {
      const res = await edit('IMG-MESTOLO', body);
      expect(res.status).toBe(400);
      expect(res.body.result).toContain(field);
    }
    expect((await edit('IMG-MESTOLO', {})).body).toEqual({ code: 400, result: 'Indica almeno un campo da modificare.' });
    expect(await catalogue('IMG-MESTOLO')).toEqual(before);
    // A picture another product uploaded may be used again.
    const shared = await edit('IMG-PIATTO', { images: [...(await catalogue('IMG-PIATTO')).media_gallery.map((e: { image: string; lab: string | null }) => ({ path: e.image, alt: e.lab })), { path: ours.uploaded, alt: null }] });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
  });
});

describe('the public media route', () => {
  it('answers 404 for an address that names no stored picture', async () => {
    for (const path of ['/upload/' + 'b'.repeat(64) + '.jpg', '/upload/nonesiste.jpg', '/upload/' + 'B'.repeat(64) + '.jpg']) {
      const res = await served(path);
      expect([path, res.status, await res.json()]).toEqual([path, 404, { code: 404, result: M.notFound }]);
    }
  });
});
