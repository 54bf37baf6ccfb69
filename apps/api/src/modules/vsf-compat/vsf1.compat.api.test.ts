import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { storeMedia, upsertProducts } from '@shop/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { productFactory, testStock } from '../../testing/products.ts';
import { staffSession } from '../../testing/staff-session.ts';
import { prepareImage } from '../media/prepare-image.ts';

/**
 * An unchanged Vue Storefront 1.12.3 PWA on this API (issue #47): each call as VSF builds it
 * (fixtures/README.md names the source of each), each answer read as VSF reads it.
 */

const fixtureText = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
/** A fixture with its `"{{name}}"` placeholders replaced by JSON values (VSF fills the cart and user tokens the same way). */
const fixture = (name: string, values: Record<string, unknown> = {}) =>
  JSON.parse(Object.entries(values).reduce((text, [key, value]) => text.replaceAll(`"{{${key}}}"`, JSON.stringify(value)), fixtureText(name)));
const endpoints = fixture('endpoints.json') as {
  cart: Record<string, string>;
  reviews: { create_endpoint: string };
  urlModule: { map_endpoint: string };
  images: { baseUrl: string };
  products: { thumbnails: { width: number; height: number }; gallery: { width: number; height: number } };
  cartThumbnails: { width: number; height: number };
};
/** core/lib/sync/task.ts getUrl: `{{token}}` is the user token or '', `{{cartId}}` the cart token. */
const endpoint = (url: string, values: { token?: string; cartId?: string; coupon?: string } = {}) =>
  url.replace('{{token}}', values.token ?? '').replace('{{cartId}}', values.cartId ?? '').replace('{{coupon}}', values.coupon ?? '');

let api: TestApi;
let storefront: Server;
/** Paths the stand-in storefront was asked for (the image pipeline reads drawn pictures there). */
const storefrontPaths: string[] = [];

/** core/lib/sync/task.ts: JSON content type or the task fails; `code` and `result` are what the stores read. */
async function vsfTask(url: string, payload: { method: string; body?: unknown }) {
  const response = await fetch(`${api.url}${url}`, {
    method: payload.method,
    mode: 'cors',
    headers: { 'Content-Type': 'application/json' },
    ...(payload.body === undefined ? {} : { body: JSON.stringify(payload.body) }),
  });
  expect(response.headers.get('content-type')).toContain('application/json');
  const json = (await response.json()) as { code: number; result: any };
  return { resultCode: Number(json.code), result: json.result, status: response.status };
}

const product = productFactory(981_000);
const CONFIGURABLE = product('VSF-CONF', 40, {
  type_id: 'configurable',
  // As the platform indexes a configurable: the parent holds no pieces of its own.
  stock: testStock(0, false),
  configurable_options: [{ attribute_id: 93, attribute_code: 'color', label: 'Colore', values: [{ value_index: 1, label: 'Rosso' }, { value_index: 2, label: 'Blu' }] }],
  configurable_children: [
    { sku: 'VSF-CONF-R', id: 981_101, status: 1, price: 40, color: '1', stock: testStock(0, false) },
    { sku: 'VSF-CONF-B', id: 981_102, status: 1, price: 45, color: '2', stock: testStock(8) },
  ],
});
const KNIFE = product('VSF-KNIFE', 60, { url_path: 'vsf-compat/coltello-vsf', url_key: 'coltello-vsf', image: '/demo/vsf/coltello.jpg' });

beforeAll(async () => {
  // The storefront's /media route, which draws every catalogue picture that is not an upload (ADR 0036).
  const drawn = await sharp({ create: { width: 960, height: 960, channels: 3, background: '#3a7' } }).png().toBuffer();
  storefront = createServer((req, res) => {
    storefrontPaths.push(req.url ?? '');
    if (req.url === '/media/demo/vsf/coltello.jpg') res.writeHead(200, { 'content-type': 'image/png' }).end(drawn);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  await new Promise<void>((resolve) => storefront.listen(0, '127.0.0.1', resolve));
  api = await startTestApi({ storefrontInternalUrl: `http://127.0.0.1:${(storefront.address() as AddressInfo).port}` });
  await upsertProducts(api.database.db, [CONFIGURABLE, KNIFE]);
});
afterAll(async () => {
  await api?.dispose();
  await new Promise((resolve) => storefront?.close(resolve));
});

describe('cart and checkout as VSF1 drives them', () => {
  it('adds a configurable by parent sku with configurable_item_options, pulls it and syncs totals as on every cart change', async () => {
    const created = await vsfTask(endpoint(endpoints.cart['create_endpoint']!), { method: 'POST' });
    expect(created.resultCode).toBe(200);
    const cartId = created.result as string;
    const at = (name: string) => endpoint(endpoints.cart[name]!, { cartId });

    const added = await vsfTask(at('updateitem_endpoint'), { method: 'POST', body: fixture('cart-update-configurable.json', { cartId }) });
    expect(added.result, JSON.stringify(added.result)).toMatchObject({ sku: 'VSF-CONF-B', qty: 2, quote_id: cartId, stock_status: 'ok' });
    expect(added.resultCode).toBe(200);
    // The sold-out red one is still refused.
    const red = fixture('cart-update-configurable.json', { cartId });
    red.cartItem.product_option.extension_attributes.configurable_item_options[0].option_value = '1';
    expect(await vsfTask(at('updateitem_endpoint'), { method: 'POST', body: red })).toMatchObject({ resultCode: 400, result: 'The product is out of stock and cannot be added to the cart!' });

    const pulled = await vsfTask(at('pull_endpoint'), { method: 'GET' });
    expect(pulled.resultCode).toBe(200);
    expect(pulled.result).toEqual([expect.objectContaining({ item_id: added.result.item_id, sku: 'VSF-CONF-B', qty: 2, product_type: 'configurable' })]);

    // syncTotals: shipping methods for the empty checkout, then payment methods, then the totals with the default method.
    const shipping = await vsfTask(at('shippingmethods_endpoint'), { method: 'POST', body: fixture('cart-shipping-methods.json') });
    expect(shipping.resultCode, JSON.stringify(shipping.result)).toBe(200);
    const online = (shipping.result as { offline: boolean; default: boolean; carrier_code: string; method_code: string }[]).filter((m) => !m.offline);
    const chosen = online.find((m) => m.default) ?? online[0]!;
    expect(chosen).toBeDefined();
    expect((await vsfTask(at('paymentmethods_endpoint'), { method: 'GET' })).resultCode).toBe(200);
    const info = await vsfTask(at('shippinginfo_endpoint'), {
      method: 'POST',
      body: fixture('cart-shipping-information.json', { carrierCode: chosen.carrier_code, methodCode: chosen.method_code }),
    });
    expect(info.resultCode, JSON.stringify(info.result)).toBe(200);
    // overrideServerTotals: `result.totals || result`, items by item_id, segments, payment methods.
    const totals = info.result.totals ?? info.result;
    expect(totals.items).toEqual([expect.objectContaining({ item_id: added.result.item_id, qty: 2, options: [{ label: 'Colore', value: 'Blu' }] })]);
    expect(totals.total_segments.map((s: { code: string }) => s.code)).toEqual(expect.arrayContaining(['subtotal', 'shipping', 'grand_total']));
    expect(info.result.payment_methods.length).toBeGreaterThan(0);
    const plain = await vsfTask(at('totals_endpoint'), { method: 'GET' });
    expect(plain.result.grand_total).toBe(totals.grand_total);
  });

  it('applies a coupon, reads it back with GET coupon and removes it', async () => {
    const cartId = (await vsfTask(endpoint(endpoints.cart['create_endpoint']!), { method: 'POST' })).result as string;
    const at = (name: string, coupon?: string) => endpoint(endpoints.cart[name]!, { cartId, ...(coupon ? { coupon } : {}) });
    await vsfTask(at('updateitem_endpoint'), { method: 'POST', body: fixture('cart-update-configurable.json', { cartId }) });

    expect(await vsfTask(at('coupon_endpoint'), { method: 'GET' })).toMatchObject({ resultCode: 200, result: null });
    // couponActions.applyCoupon: a truthy result, then a forced totals sync.
    expect(await vsfTask(at('applycoupon_endpoint', 'NEWSLETTER10'), { method: 'POST' })).toMatchObject({ resultCode: 200, result: true });
    expect(await vsfTask(at('coupon_endpoint'), { method: 'GET' })).toMatchObject({ resultCode: 200, result: 'NEWSLETTER10' });
    expect((await vsfTask(at('totals_endpoint'), { method: 'GET' })).result).toMatchObject({ coupon_code: 'NEWSLETTER10', discount_amount: -9 });
    expect(await vsfTask(at('deletecoupon_endpoint'), { method: 'POST' })).toMatchObject({ resultCode: 200, result: true });
    expect(await vsfTask(at('coupon_endpoint'), { method: 'GET' })).toMatchObject({ resultCode: 200, result: null });
  });
});

describe('reviews as VSF1 sends them (no token)', () => {
  it("takes a guest's review, pending like any", async () => {
    const sent = await vsfTask(endpoints.reviews.create_endpoint, { method: 'POST', body: fixture('review-create.json', { productId: KNIFE.id, customerId: null }) });
    // ReviewsService.createReview: success is code 200.
    expect(sent.resultCode).toBe(200);
    expect(sent.result).toMatchObject({ product_id: KNIFE.id, nickname: 'Marco', review_status: 2 });
    // The staff find it waiting in the moderation queue, with no account behind it.
    const queue = (await api.call('/api/admin/reviews', { headers: await staffSession(api, 'staff') })).body.result as { items: { nickname: string; status: string; customer: unknown; product: { sku: string } | null }[] };
    expect(queue.items.filter((review) => review.product?.sku === KNIFE.sku)).toEqual([expect.objectContaining({ nickname: 'Marco', status: 'pending', customer: null })]);
  });

  it("never answers a signed-in shopper's tokenless review 401, nor files it under the id the body claims", async () => {
    const email = 'vsf-recensore@example.it';
    const password = 'Coltello-2026';
    expect((await api.call('/api/user/create', { body: { customer: { email, firstname: 'Marco', lastname: 'Verdi' }, password } })).status).toBe(200);
    const token = (await api.call('/api/user/login', { body: { username: email, password } })).body.result as string;
    const me = (await api.call('/api/user/me', { headers: { authorization: `Bearer ${token}` } })).body.result as { id: number };

    const sent = await vsfTask(endpoints.reviews.create_endpoint, { method: 'POST', body: fixture('review-create.json', { productId: KNIFE.id, customerId: me.id }) });
    expect(sent.status).not.toBe(401);
    expect(sent.resultCode).toBe(200);
    // Without a token it is a guest's: the account does not list it, and the shopper may still write their own.
    expect((await api.call('/api/user/reviews', { headers: { authorization: `Bearer ${token}` } })).body.result).toEqual([]);
  });
});

describe('URL mapping as VSF1 reads it', () => {
  it('answers the bare { _type, _source } of a product, a category and null for an unknown url', async () => {
    const map = async (url: string) => {
      const response = await fetch(`${api.url}${endpoints.urlModule.map_endpoint}`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(fixture('url-map.json', { url })),
      });
      expect(response.ok).toBe(true);
      return { json: (await response.json()) as { _type: string; _source: Record<string, any> } | null, cache: response.headers.get('cache-control') };
    };
    const productHit = await map('vsf-compat/coltello-vsf');
    expect(productHit.json).toMatchObject({ _type: 'product', _source: { sku: 'VSF-KNIFE', url_path: 'vsf-compat/coltello-vsf', price_incl_tax: 73.2 } });
    expect(productHit.json).not.toHaveProperty('code');
    expect(productHit.cache).toBe('no-store');
    expect((await map('coltelli')).json).toMatchObject({ _type: 'category', _source: { id: 20, url_path: 'coltelli' } });
    expect((await map('nessuna-pagina-qui')).json).toBeNull();
  });

  it('prices for guests, not 401, when the groupToken VSF kept from its last `me` no longer holds', async () => {
    const response = await fetch(`${api.url}${endpoints.urlModule.map_endpoint}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...fixture('url-map.json', { url: 'vsf-compat/coltello-vsf' }), groupToken: 'scaduto.da.tempo' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ _type: 'product', _source: { sku: 'VSF-KNIFE', price_incl_tax: 73.2 } });
  });
});

describe('images as VSF1 asks for them', () => {
  /** core/helpers/index.ts getThumbnailPath: `${baseUrl}${width}/${height}/resize${relativeUrl}`. */
  const thumbnailPath = (relativeUrl: string, width: number, height: number, action = 'resize') => `${endpoints.images.baseUrl}${width}/${height}/${action}${relativeUrl}`;
  const get = async (path: string) => {
    const response = await fetch(`${api.url}${path}`);
    return { status: response.status, type: response.headers.get('content-type'), cache: response.headers.get('cache-control'), bytes: Buffer.from(await response.arrayBuffer()) };
  };
  let upload = '';
  beforeAll(async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c33' } }).jpeg().toBuffer();
    const stored = await prepareImage(photo);
    await storeMedia(api.database.db, stored);
    upload = `/upload/${stored.hash}.jpg`;
  });

  it('resizes to the snapped widths, fit and crop to the box, identify as JSON, each cached for good', async () => {
    const { gallery, thumbnails } = endpoints.products;
    const cases = [
      // gallery 600×744 → the 640 width, inside 640×794
      { path: thumbnailPath(upload, gallery.width, gallery.height), size: [640, 427] },
      // thumbnails 310×300 → 384×372
      { path: thumbnailPath(upload, thumbnails.width, thumbnails.height), size: [384, 256] },
      { path: thumbnailPath(upload, endpoints.cartThumbnails.width, endpoints.cartThumbnails.height, 'fit'), size: [256, 256] },
      { path: thumbnailPath(upload, 300, 200, 'crop'), size: [384, 256] },
      // A drawn picture (960 px) from the storefront's /media route; 0×0 is the largest width, never enlarged.
      { path: thumbnailPath(KNIFE.image as string, 0, 0), size: [960, 960] },
    ];
    for (const { path, size } of cases) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.type).toBe('image/webp');
      expect(answer.cache).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(answer.bytes).metadata();
      expect([meta.format, meta.width, meta.height], path).toEqual(['webp', ...size]);
    }
    const identify = await get(thumbnailPath(upload, 0, 0, 'identify'));
    expect(identify.type).toContain('application/json');
    expect(JSON.parse(identify.bytes.toString())).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
    // Cached: the drawn picture is read from the storefront once, whichever size asked for the same snapped box.
    const drawnReads = storefrontPaths.length;
    expect((await get(thumbnailPath(KNIFE.image as string, 1000, 0))).status).toBe(200);
    expect(storefrontPaths.length).toBe(drawnReads);
  });

  it('refuses traversal, unknown actions, huge sizes and unknown pictures with a 4xx', async () => {
    const refused = [
      ['/img/100/100/resize/..%2F..%2Fetc%2Fpasswd', 400],
      ['/img/100/100/resize/demo/%2E%2E/%2E%2E/secret.jpg', 404],
      ['/img/100/100/rotate/demo/vsf/coltello.jpg', 400],
      ['/img/99999/100/resize/demo/vsf/coltello.jpg', 400],
      ['/img/100/5000/resize/demo/vsf/coltello.jpg', 400],
      ['/img/-1/100/resize/demo/vsf/coltello.jpg', 400],
      ['/img/100/100/resize/demo/vsf/missing.jpg', 404],
      [`/img/100/100/resize/upload/${'0'.repeat(64)}.jpg`, 404],
      ['/img/100/100/resize', 404],
    ] as const;
    for (const [path, status] of refused) {
      const response = await fetch(`${api.url}${path}`);
      expect(response.status, path).toBe(status);
      expect(((await response.json()) as { code: number }).code).toBe(status);
    }
  });
});
