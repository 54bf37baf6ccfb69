import { describe, expect, it } from 'vitest';
import { productChecksum } from './checksum.ts';

// Vectors from vsf1-behavior §3.1 (VSF's productChecksum.spec.ts and runs of the original).
describe('productChecksum', () => {
  it('hashes bundle selections', () => {
    const bundle_options = [
      { option_id: '1', option_qty: '1', option_selections: ['2'] },
      { option_id: '2', option_qty: '1', option_selections: ['4'] },
      { option_id: '3', option_qty: '1', option_selections: ['5'] },
      { option_id: '4', option_qty: '1', option_selections: ['8'] },
    ];
    expect(productChecksum({ product_option: { extension_attributes: { bundle_options } } })).toBe(
      '3e183f026489207a9cd535d20f141e07ddfea729af58a9088b82612f',
    );
  });

  it('hashes configurable options, numbers like strings', () => {
    const expected = '357e8f9f8918873f12ed993c3073ddd3e8980c933034b5e2fdab10b6';
    const strings = [{ option_id: '93', option_value: '53' }, { option_id: '142', option_value: '169' }];
    const numbers = [{ option_id: 93, option_value: 53 }, { option_id: 142, option_value: 169 }];
    expect(productChecksum({ product_option: { extension_attributes: { configurable_item_options: strings } } })).toBe(expected);
    expect(productChecksum({ product_option: { extension_attributes: { configurable_item_options: numbers } } })).toBe(expected);
  });

  it('hashes custom options, and null without product_option', () => {
    const custom_options = [{ option_id: 1, option_value: '11' }];
    expect(productChecksum({ product_option: { extension_attributes: { custom_options } } })).toBe(
      '573e83c0d82d48808ccb85b3ea21906ed1d67c76b5a158c7fb043fe0',
    );
    expect(productChecksum({})).toBe('d766ca7cf2167ba1bd6a1263080ff36ff2fb21d96b15ab943891df44');
  });
});
