import { describe, expect, it } from 'vitest';
import { cutName, ga4Item, inGroups, login, pricedItem, purchase, search, selectItem, signUp, valueEvent, viewItemList, type TrackedItem } from './ga4.ts';

const item = (n: number, extra: Partial<TrackedItem> = {}): TrackedItem => ({ sku: `SKU-${n}`, name: `Prodotto ${n}`, priceCents: 1000 + n, ...extra });
const list = { id: 'category_12', name: 'Coltelli' };

describe('GA4 items', () => {
  it('reads a list tile\'s prices: net, and the saving while discounted', () => {
    const price = { net: 1259, gross: 1536, originalNet: 1590, originalGross: 1940 };
    expect(pricedItem({ sku: 'K3', name: 'Santoku', price }, ['Coltelli'])).toEqual({ sku: 'K3', name: 'Santoku', priceCents: 1259, categories: ['Coltelli'], discountCents: 331 });
    expect(pricedItem({ sku: 'K4', name: 'Guanti', price: { ...price, originalNet: null, originalGross: null } })).toEqual({ sku: 'K4', name: 'Guanti', priceCents: 1259 });
  });

  it('cuts names at 100 characters without splitting a character, and keeps at most 5 category levels', () => {
    const long = `${'é'.repeat(99)}🔪🔪`;
    expect(Array.from(cutName(long))).toHaveLength(100);
    expect(cutName(long).endsWith('🔪')).toBe(true);
    expect(cutName('  Coltello  ')).toBe('Coltello');
    const built = ga4Item(item(1, { name: 'x'.repeat(150), categories: ['A', 'B', '', 'C', 'D', 'E', 'F'], variant: 'Taglia 42', discountCents: 250, quantity: 3 }));
    expect(built).toEqual({
      item_id: 'SKU-1',
      item_name: 'x'.repeat(100),
      price: 10.01,
      quantity: 3,
      item_category: 'A',
      item_category2: 'B',
      item_category3: 'C',
      item_category4: 'D',
      item_category5: 'E',
      item_variant: 'Taglia 42',
      discount: 2.5,
    });
    expect(built).not.toHaveProperty('item_category6');
  });

  it('turns integer cents into exact euros', () => {
    expect([1999, 435, 820, 29, 100000].map((priceCents) => ga4Item({ sku: 's', name: 'n', priceCents }).price)).toEqual([19.99, 4.35, 8.2, 0.29, 1000]);
    const [event] = valueEvent('add_to_cart', [item(0, { priceCents: 1999, quantity: 3 }), item(1, { priceCents: 1, quantity: 7 })]);
    expect(event?.ecommerce?.['value']).toBe(60.04);
  });
});

describe('GA4 events', () => {
  it('splits a list into events of at most 12 items, positions counted across them', () => {
    expect(inGroups([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    const events = viewItemList(list, Array.from({ length: 30 }, (_, n) => item(n)));
    expect(events.map((event) => event.ecommerce?.items?.length)).toEqual([12, 12, 6]);
    expect(events.every((event) => event.event === 'view_item_list' && event.ecommerce?.['item_list_id'] === 'category_12')).toBe(true);
    expect(events[1]?.ecommerce?.items?.[0]).toMatchObject({ item_id: 'SKU-12', index: 12, item_list_name: 'Coltelli' });
    expect(viewItemList(list, [])).toEqual([]);
  });

  it('names the list and position of a chosen product', () => {
    expect(selectItem(list, item(4), 4)).toEqual({
      event: 'select_item',
      ecommerce: { item_list_id: 'category_12', item_list_name: 'Coltelli', items: [{ item_id: 'SKU-4', item_name: 'Prodotto 4', price: 10.04, quantity: 1, index: 4, item_list_id: 'category_12', item_list_name: 'Coltelli' }] },
    });
  });

  it('gives each group of a value event its own value and the step parameters, and drops empty ones', () => {
    const events = valueEvent('begin_checkout', Array.from({ length: 13 }, (_, n) => item(n, { priceCents: 100 })), { coupon: 'BENVENUTO5', payment_type: undefined });
    expect(events.map((event) => event.ecommerce?.['value'])).toEqual([12, 1]);
    expect(events.map((event) => event.ecommerce?.['coupon'])).toEqual(['BENVENUTO5', 'BENVENUTO5']);
    expect(events[0]?.ecommerce).not.toHaveProperty('payment_type');
    expect(events[0]?.ecommerce?.['currency']).toBe('EUR');
    expect(valueEvent('add_shipping_info', [item(1)], { shipping_tier: '' })[0]?.ecommerce).not.toHaveProperty('shipping_tier');
  });

  it('keeps a purchase in one event with the order\'s tax and shipping (GA4 counts a transaction id once)', () => {
    const event = purchase({ transactionId: '000000042', items: Array.from({ length: 14 }, (_, n) => item(n, { priceCents: 1000, quantity: 2 })), taxCents: 6160, shippingCents: 549 });
    expect(event.ecommerce).toMatchObject({ transaction_id: '000000042', currency: 'EUR', value: 280, tax: 61.6, shipping: 5.49 });
    expect(event.ecommerce?.items).toHaveLength(14);
    expect(event.ecommerce).not.toHaveProperty('coupon');
  });

  it('carries no personal data in search and account events', () => {
    expect(search('  coltello   disossare ')).toEqual({ event: 'search', search_term: 'coltello   disossare' });
    expect(signUp()).toEqual({ event: 'sign_up', method: 'email' });
    expect(login()).toEqual({ event: 'login', method: 'email' });
  });
});
