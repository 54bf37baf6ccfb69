import { describe, expect, it } from 'vitest';
import type { BundleLink, BundleOption, ProductDoc } from './catalog/types.ts';
import { bundlePrice, bundleQty } from './bundle-price.ts';
import type { PricedProduct } from './doc-price.ts';

function link(id: number, isDefault: boolean, qty: number | string = 1): BundleLink {
  return { id, sku: `L${id}`, qty: qty as number, is_default: isDefault };
}

function option(optionId: number, links: BundleLink[]): BundleOption {
  return { option_id: optionId, title: `Option ${optionId}`, required: true, type: 'radio', product_links: links };
}

// Bundle 24-WG080 of vsf1-behavior.md §2(b): defaults are links 1, 4, 5 and 8.
function bundle(option2Qty: number | string = 1): Pick<ProductDoc, 'bundle_options'> {
  return {
    bundle_options: [
      option(1, [link(1, true), link(2, false), link(3, false)]),
      option(2, [link(4, true, option2Qty)]),
      option(3, [link(5, true), link(6, false), link(7, false)]),
      option(4, [link(8, true)]),
    ],
  };
}

const linked: PricedProduct[] = [
  { sku: 'L1', price: 23, price_incl_tax: 28.29, status: 1 },
  { sku: 'L2', price: 99, price_incl_tax: 120.78, status: 1 },
  { sku: 'L3', price: 32, price_incl_tax: 39.36, status: 1 },
  { sku: 'L4', price: 5, price_incl_tax: 6.15, status: 1 },
  { sku: 'L5', price: 14, price_incl_tax: 17.22, status: 1 },
  { sku: 'L6', price: 99, price_incl_tax: 120.78, status: 1 },
  { sku: 'L7', price: 21, price_incl_tax: 25.83, status: 1 },
  { sku: 'L8', price: 19, price_incl_tax: 23.37, status: 1 },
];

describe('bundlePrice', () => {
  it('sums the default link of each option (61 / 75.03)', () => {
    expect(bundlePrice(bundle(), linked)).toEqual({ net: 6100, gross: 7503 });
  });

  it('uses only the selected options with their quantities (85 / 104.55)', () => {
    const selections = {
      1: { option_id: 1, option_qty: 2, option_selections: [3] },
      3: { option_id: 3, option_qty: 1, option_selections: [7] },
    };
    expect(bundlePrice(bundle(), linked, selections)).toEqual({ net: 8500, gross: 10455 });
    expect(bundlePrice(bundle(), linked, Object.values(selections))).toEqual({ net: 8500, gross: 10455 });
  });

  it("multiplies a default link by its quantity ('3' → 71 / 87.33)", () => {
    expect(bundlePrice(bundle('3'), linked)).toEqual({ net: 7100, gross: 8733 });
  });

  it('counts quantity 0 as 0 (spec; VSF counted it as 1)', () => {
    expect(bundlePrice(bundle(0), linked)).toEqual({ net: 5600, gross: 6888 });
  });

  it('takes the first link of an option without default', () => {
    const product = { bundle_options: [option(1, [link(2, false), link(3, false)])] };
    expect(bundlePrice(product, linked)).toEqual({ net: 9900, gross: 12078 });
  });

  it('falls back to defaults when the selections are empty', () => {
    expect(bundlePrice(bundle(), linked, {})).toEqual({ net: 6100, gross: 7503 });
  });
});

describe('bundleQty', () => {
  it('is a whole number of at least 0, 1 when missing', () => {
    expect(bundleQty(2)).toBe(2);
    expect(bundleQty('3')).toBe(3);
    expect(bundleQty(0)).toBe(0);
    expect(bundleQty(-2)).toBe(0);
    expect(bundleQty(undefined)).toBe(1);
    expect(bundleQty('abc')).toBe(1);
  });
});
