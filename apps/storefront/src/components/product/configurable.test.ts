import { describe, expect, it } from 'vitest';
import { chooseVariant, configurationOf, initialVariant, isValueAvailable, variantPath } from './configurable.ts';
import type { ConfigurableOptionView, VariantItem } from './types.ts';

// The fixture of vsf1-behavior.md §1(b): color 10/11/12, size 20/21.
const child = (sku: string, color: string, size: string, gross: number, inStock = true, status = 1): VariantItem => ({
  sku,
  id: 1,
  name: sku,
  status,
  price: gross,
  price_incl_tax: gross,
  original_price_incl_tax: gross,
  stock: { is_in_stock: inStock, qty: inStock ? 5 : 0 },
  availability: { tone: 'neutral', text: '' },
  color,
  size,
});
const children = [
  child('COLT-01-R-S', '10', '20', 30),
  child('COLT-01-R-M', '10', '21', 25),
  child('COLT-01-B-S', '11', '20', 20, false),
  child('COLT-01-B-M', '11', '21', 28, true, 2),
  child('COLT-01-V-M', '12', '21', 35),
];
const options: ConfigurableOptionView[] = [
  { code: 'color', attributeId: '93', label: 'Colore', values: [{ id: '10', label: 'Rosso' }, { id: '11', label: 'Blu' }, { id: '12', label: 'Verde' }] },
  { code: 'size', attributeId: '142', label: 'Taglia', values: [{ id: '20', label: 'S' }, { id: '21', label: 'M' }] },
];

describe('chooseVariant (spec vectors, out-of-stock children skipped)', () => {
  const pick = (configuration: Record<string, string> | null) => chooseVariant(children, configuration, { fallback: true })?.sku;

  it('S1–S6, S12: exact match, partial matches, ties to the lower price', () => {
    expect(pick({ color: '10', size: '21' })).toBe('COLT-01-R-M');
    expect(pick({ color: '11' })).toBe('COLT-01-R-M');
    expect(pick({ color: '99' })).toBe('COLT-01-R-M');
    expect(pick({ sku: 'COLT-01-V-M' })).toBe('COLT-01-V-M');
    expect(pick({ size: '21' })).toBe('COLT-01-R-M');
    expect(pick({ size: '20' })).toBe('COLT-01-R-S');
    expect(pick(null)).toBe('COLT-01-R-M');
  });

  it('without fallback only a full match counts ("No such configuration")', () => {
    expect(chooseVariant(children, { color: '11', size: '20' }, { fallback: false })).toBeUndefined();
    expect(chooseVariant(children, { color: '12', size: '21' }, { fallback: false })?.sku).toBe('COLT-01-V-M');
  });

  it('finds nothing when no child is available', () => {
    expect(chooseVariant([children[2]!, children[3]!], null, { fallback: true })).toBeUndefined();
  });
});

describe('initialVariant', () => {
  it('shows the URL child when it is available', () => {
    expect(initialVariant(children, options, 'COLT-01-V-M')?.sku).toBe('COLT-01-V-M');
  });

  it('replaces an unavailable URL child by the closest available one', () => {
    // B-S is out of stock: same size (20) → R-S; B-M is disabled: same size 21, cheapest → R-M.
    expect(initialVariant(children, options, 'COLT-01-B-S')?.sku).toBe('COLT-01-R-S');
    expect(initialVariant(children, options, 'COLT-01-B-M')?.sku).toBe('COLT-01-R-M');
  });

  it('without a child in the URL takes the cheapest available child', () => {
    expect(initialVariant(children, options, undefined)?.sku).toBe('COLT-01-R-M');
  });
});

describe('configurationOf / isValueAvailable', () => {
  it('reads a child configuration', () => {
    expect(configurationOf(children[4], options)).toEqual({ color: '12', size: '21' });
    expect(configurationOf(undefined, options)).toEqual({});
  });

  it('marks values that lead to no available child', () => {
    const configuration = { color: '12', size: '21' };
    expect(isValueAvailable(children, configuration, 'color', '10')).toBe(true);
    expect(isValueAvailable(children, configuration, 'color', '11')).toBe(false);
    expect(isValueAvailable(children, configuration, 'size', '20')).toBe(false);
  });
});

describe('variantPath', () => {
  it('builds the child URL and keeps a store prefix', () => {
    expect(variantPath('/p/GUA-1/guanti', 'GUA-1', 'guanti', 'GUA-1-M')).toBe('/p/GUA-1/guanti/GUA-1-M');
    expect(variantPath('/it/p/GUA-1/guanti/GUA-1-S', 'GUA-1', 'guanti', 'GUA-1-M')).toBe('/it/p/GUA-1/guanti/GUA-1-M');
    expect(variantPath('/p/GUA-1/guanti/GUA-1-S', 'GUA-1', 'guanti', undefined)).toBe('/p/GUA-1/guanti');
  });
});
