import { describe, expect, it } from 'vitest';
import type { ProductDoc, ProductLink } from './catalog/types.ts';
import type { PricedProduct } from './doc-price.ts';
import { groupedOfferProduct, groupedPrice } from './grouped-price.ts';

function link(sku: string, position: number, overrides: Partial<ProductLink> = {}): ProductLink {
  return { sku: '24-WG085_Group', link_type: 'associated', linked_product_sku: sku, linked_product_type: 'simple', position, ...overrides };
}

const group: Pick<ProductDoc, 'product_links'> = {
  product_links: [
    link('24-WG087', 3),
    link('24-WG085', 1),
    link('24-WG086', 2),
    link('24-WG999', 4, { link_type: 'related' }),
  ],
};

const associated: PricedProduct[] = [
  { sku: '24-WG085', price: 14, price_incl_tax: 17.22, status: 1 },
  { sku: '24-WG086', price: 17, price_incl_tax: 20.91, status: 1 },
  { sku: '24-WG087', price: 21, price_incl_tax: 25.83, status: 1 },
  { sku: '24-WG999', price: 500, price_incl_tax: 610, status: 1 },
];

describe('groupedPrice', () => {
  it('sums the associated simple products at qty 1 (vector 52 / 63.96, exact in cents)', () => {
    expect(groupedPrice(group, associated)).toEqual({ net: 5200, gross: 6396 });
  });

  it('ignores link quantities: the spec prices the group at qty 1', () => {
    const withQty = { product_links: group.product_links?.map((l) => ({ ...l, qty: 3 })) };
    expect(groupedPrice(withQty, associated)).toEqual({ net: 5200, gross: 6396 });
  });

  it('skips links whose product is missing or disabled', () => {
    const partial = [associated[0]!, { ...associated[1]!, status: 2 }];
    expect(groupedPrice(group, partial)).toEqual({ net: 1400, gross: 1722 });
    expect(groupedPrice({}, associated)).toEqual({ net: 0, gross: 0 });
  });
});

describe('groupedOfferProduct', () => {
  it('picks the associated simple product with the lowest position', () => {
    expect(groupedOfferProduct(group, associated)?.sku).toBe('24-WG085');
    expect(groupedOfferProduct(group, associated.slice(1))?.sku).toBe('24-WG086');
    expect(groupedOfferProduct(group, [])).toBeUndefined();
  });
});
