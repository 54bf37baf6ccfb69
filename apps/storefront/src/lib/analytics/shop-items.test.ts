import type { CartTotals, OrderView } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { orderLines, productItem, totalsLines } from './shop-items.ts';

describe('shop data as GA4 input', () => {
  it('prices a product net of VAT with its special-price saving and category trail', () => {
    expect(productItem({ sku: 'K1', name: 'Coltello', price: 10, price_incl_tax: 12.2, original_price: 12.5, original_price_incl_tax: 15.25, special_price: 10 }, ['Coltelli', 'Disossatori'])).toEqual({
      sku: 'K1',
      name: 'Coltello',
      priceCents: 1000,
      categories: ['Coltelli', 'Disossatori'],
      discountCents: 250,
    });
    expect(productItem({ sku: 'K2', name: 'Guanti', price: 4.35, price_incl_tax: 5.31, special_price: 0 })).toEqual({ sku: 'K2', name: 'Guanti', priceCents: 435 });
  });

  it('reads the server totals\' unit prices, and takes an order\'s gross prices back to net', () => {
    const totals = { items: [{ sku: 'A', name: 'Bilancia', qty: 2, price: 19.99 }] } as unknown as CartTotals;
    expect(totalsLines(totals)).toEqual([{ sku: 'A', name: 'Bilancia', qty: 2, priceCents: 1999 }]);
    const order = {
      items: [{ sku: 'A', name: 'Bilancia', qty: 2, price: 24.39, rowTotal: 48.78, taxPercent: 22, options: [] }],
      totalSegments: [
        { code: 'tax', title: 'IVA', value: 9.97 },
        { code: 'shipping', title: 'Spedizione', value: 5.49 },
      ],
    } as unknown as OrderView;
    expect(orderLines(order)).toEqual({ lines: [{ sku: 'A', name: 'Bilancia', qty: 2, priceCents: 1999 }], taxCents: 997, shippingCents: 549 });
  });
});
