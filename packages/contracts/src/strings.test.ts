import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  applyCouponQuery,
  cartDeleteBody,
  cartQuery,
  cartUpdateBody,
  catalogQuery,
  CONTROL_CHARACTERS_MESSAGE,
  orderAccessQuery,
  orderAddresses,
  orderRequest,
  renderListQuery,
  searchQuery,
  shippingInformationBody,
  shippingMethodsBody,
  stockCheckQuery,
  stockListQuery,
  urlMapRequest,
} from './index.ts';
import { freeText, plainJson, text, TOO_DEEP_MESSAGE } from './strings.ts';

/** Vue Storefront 1's test order address (testOrderAnon.json) with the extra fields the shop reads. */
const address = {
  region: 'dolnośląskie',
  country_id: 'PL',
  street: ['Lekcyjna', '13'],
  company: 'NA',
  telephone: '',
  postcode: '51-169',
  city: 'Wrocław',
  firstname: 'Piotr',
  lastname: 'Karwatka',
  email: 'pkarwatka222@divante.pl',
  region_code: '',
  custom_attributes: [{ attribute_code: 'is_company', value: '0' }],
  extension_attributes: { orari_apertura: '8-12' },
};

/** A valid request of each schema a client fills with its own strings. */
const samples: [string, z.ZodType, unknown][] = [
  ['catalogue query', catalogQuery, { entityType: 'product', filters: { sku: { eq: 'A' }, marca: { in: ['1', 2] }, updated_at: { gte: '2026-01-01' } } }],
  ['search', searchQuery, { q: 'coltello', filters: { sku: { eq: 'A' } } }],
  ['url map', urlMapRequest, { url: '/c/coltelli', includeFields: ['sku'] }],
  ['stock check', stockCheckQuery, { sku: 'A' }],
  ['stock list', stockListQuery, { skus: 'A,B' }],
  ['render list', renderListQuery, { skus: 'A,B' }],
  ['cart query', cartQuery, { cartId: 'x'.repeat(32), token: '' }],
  ['apply coupon', applyCouponQuery, { cartId: 'x'.repeat(32), coupon: 'NEWSLETTER10' }],
  [
    'cart update',
    cartUpdateBody,
    {
      cartItem: {
        sku: 'A',
        qty: 1,
        quoteId: 'q',
        product_option: {
          extension_attributes: {
            custom_options: [{ option_id: '5', option_value: 'Logo' }],
            configurable_item_options: [{ option_id: '93', option_value: '1' }],
          },
        },
      },
    },
  ],
  ['cart delete', cartDeleteBody, { cartItem: { sku: 'A', item_id: 1, quoteId: 'q' } }],
  ['shipping methods', shippingMethodsBody, { address: { country_id: 'IT', region: 'Lombardia', postcode: '20100', city: 'Milano', street: ['Via Roma 1'] } }],
  [
    'shipping information',
    shippingInformationBody,
    {
      addressInformation: {
        shippingAddress: { countryId: 'IT', city: 'Milano', street: ['Via Roma 1'], firstname: 'Mario', extension_attributes: { note: 'citofono' }, saveAddress: 'yes' },
        billingAddress: { countryId: 'IT', company: 'Bottega' },
      },
    },
  ],
  ['order addresses', orderAddresses, { shippingAddress: address, billingAddress: address }],
  [
    'order',
    orderRequest,
    {
      cart_id: 'x'.repeat(32),
      order_id: 'ordine-1',
      created_at: '2026-11-25T10:00:00Z',
      email: 'mario@example.it',
      products: [{ sku: 'A', name: 'Coltello' }],
      addressInformation: {
        shippingAddress: address,
        billingAddress: address,
        shipping_carrier_code: 'flatrate',
        shipping_method_code: 'flatrate',
        payment_method_code: 'banktransfer',
        payment_method_additional: { note: 'x' },
      },
    },
  ],
  ['order access', orderAccessQuery, { key: 'k'.repeat(32) }],
];

/** Paths of every string leaf of a value. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...path, i]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

function withString(value: unknown, path: (string | number)[], make: (s: string) => string): unknown {
  const copy = JSON.parse(JSON.stringify(value)) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  node[last] = make(node[last] as string);
  return copy;
}

describe('control characters in request schemas', () => {
  for (const [name, schema, sample] of samples) {
    it(`${name}: refuses a NUL byte in every string, naming the field`, () => {
      expect(schema.safeParse(sample).success, `${name} sample`).toBe(true);
      for (const path of stringPaths(sample)) {
        const parsed = schema.safeParse(withString(sample, path, (s) => `${s}\u0000`));
        expect(parsed.success, `${name}: ${path.join('.')}`).toBe(false);
        // Fields with a closed vocabulary (enums, ids) refuse it with their own message.
        const issue = parsed.error?.issues.find((i) => i.message === CONTROL_CHARACTERS_MESSAGE) ?? parsed.error?.issues[0];
        expect(issue?.path, `${name}: ${path.join('.')}`).toEqual(path);
      }
    });
  }
});

describe('the string rule', () => {
  const controls = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\u0085', '\u009f'];

  it('text: one line, no control character at all', () => {
    expect(text().safeParse('Coltello 24 cm — àèìòù €').success).toBe(true);
    for (const c of [...controls, '\t', '\n', '\r']) expect(text().safeParse(`a${c}b`).success, JSON.stringify(c)).toBe(false);
  });

  it('freeText: tab and line breaks allowed, other controls refused', () => {
    expect(freeText().safeParse('riga uno\r\nriga\tdue').success).toBe(true);
    for (const c of controls) expect(freeText().safeParse(`a${c}b`).success, JSON.stringify(c)).toBe(false);
  });

  it('plainJson: names every bad string and key, however deep', () => {
    const parsed = plainJson.safeParse({ ok: 'sì', list: ['a', 'b\u0000'], nested: { 'k\u0001': 1, deep: [{ v: '\u007f' }] } });
    expect(parsed.error?.issues.map((i) => i.path)).toEqual([['list', 1], ['nested', 'k\u0001'], ['nested', 'deep', 0, 'v']]);
    expect(plainJson.safeParse({ n: 1, b: true, s: 'x', z: null }).success).toBe(true);
  });

  it('plainJson: refuses nesting deeper than 64 levels without running out of stack (found by the fuzz, issue 17)', () => {
    const nested = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown;
    expect(plainJson.safeParse({ ok: nested(63) }).success).toBe(true);
    expect(plainJson.safeParse({ deep: nested(64) }).error?.issues).toEqual([expect.objectContaining({ path: [], message: TOO_DEEP_MESSAGE })]);
    expect(plainJson.safeParse(nested(10_000)).error?.issues[0]?.message).toBe(TOO_DEEP_MESSAGE);
  });
});
