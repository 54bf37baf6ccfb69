import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/api-harness.ts';

/**
 * Issue 13 item 18: a NUL byte in any string a client sends gave a 500 on nine endpoints (the
 * database refuses it). Control characters are refused by the contracts' string rule
 * (packages/contracts/src/strings.ts) with a 400 that names the field.
 */
let api: TestApi;
let cart: string;

beforeAll(async () => {
  api = await startTestApi();
  cart = (await api.call('/api/cart/create', { method: 'POST' })).body.result as string;
});
afterAll(async () => {
  await api?.dispose();
});

interface Probe {
  name: string;
  field: string;
  send(bad: string): Promise<{ status: number; body: any }>;
}

const probes: Probe[] = [
  {
    name: 'POST /api/search filters',
    field: 'filters.sku.eq',
    send: (bad) => api.call('/api/search', { body: { q: 'coltello', filters: { sku: { eq: bad } } } }),
  },
  {
    name: 'POST /api/search q',
    field: 'q',
    send: (bad) => api.call('/api/search', { body: { q: `coltello${bad}` } }),
  },
  {
    name: 'POST /api/catalog filters',
    field: 'filters.sku.in.0',
    send: (bad) => api.call('/api/catalog', { body: { entityType: 'product', filters: { sku: { in: [bad] } } } }),
  },
  {
    name: 'POST /api/url/map',
    field: 'url',
    send: (bad) => api.call('/api/url/map', { body: { url: `/c/${bad}` } }),
  },
  {
    name: 'GET /api/stock/check',
    field: 'sku',
    send: (bad) => api.call(`/api/stock/check?sku=${encodeURIComponent(bad)}`),
  },
  {
    name: 'GET /api/stock/list',
    field: 'skus',
    send: (bad) => api.call(`/api/stock/list?skus=A,${encodeURIComponent(bad)}`),
  },
  {
    name: 'GET /api/product/render-list',
    field: 'skus',
    send: (bad) => api.call(`/api/product/render-list?skus=${encodeURIComponent(bad)}`),
  },
  {
    name: 'POST /api/cart/update sku',
    field: 'cartItem.sku',
    send: (bad) => api.call(`/api/cart/update?cartId=${cart}`, { body: { cartItem: { sku: bad, qty: 1 } } }),
  },
  {
    name: 'POST /api/cart/shipping-information address',
    field: 'addressInformation.shippingAddress.city',
    send: (bad) =>
      api.call(`/api/cart/shipping-information?cartId=${cart}`, {
        body: { addressInformation: { shippingAddress: { countryId: 'IT', postcode: '20100', city: bad } } },
      }),
  },
  {
    name: 'POST /api/cart/shipping-information extra address field',
    field: 'addressInformation.shippingAddress.extension_attributes.note',
    send: (bad) =>
      api.call(`/api/cart/shipping-information?cartId=${cart}`, {
        body: { addressInformation: { shippingAddress: { countryId: 'IT', extension_attributes: { note: bad } } } },
      }),
  },
  {
    name: 'POST /api/cart/apply-coupon',
    field: 'coupon',
    send: (bad) => api.call(`/api/cart/apply-coupon?cartId=${cart}&coupon=${encodeURIComponent(bad)}`, { method: 'POST' }),
  },
];

describe('control characters in request strings', () => {
  for (const probe of probes) {
    it(`${probe.name}: a NUL byte is a 400 naming ${probe.field}`, async () => {
      for (const bad of ['a\u0000', '\u0000', 'a\u001bb', 'a\u007f', 'a\u0085']) {
        const res = await probe.send(bad);
        expect(res.status, `${JSON.stringify(bad)}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.result).toContain(`${probe.field}: must not contain control characters`);
      }
    });
  }

  it('accepts tabs and line breaks in free text a person types (search term, address), and nowhere else', async () => {
    const search = await api.call('/api/search', { body: { q: 'coltello\tda\r\ncucina' } });
    expect(search.status, JSON.stringify(search.body)).toBe(200);
    const street = await api.call(`/api/cart/shipping-information?cartId=${cart}`, {
      body: { addressInformation: { shippingAddress: { countryId: 'IT', postcode: '20100', street: ['Via Roma 1\nscala B'] } } },
    });
    expect(street.status, JSON.stringify(street.body)).toBe(200);
    const sku = await api.call(`/api/stock/check?sku=${encodeURIComponent('A\tB')}`);
    expect(sku.status).toBe(400);
    expect(sku.body.result).toContain('sku: must not contain control characters');
  });
});
