import { ADMIN_PRODUCT_MESSAGES as M, UNSAFE_HTML_MESSAGE, UNSAFE_HTML_PARTS as PART } from '@shop/contracts';
import type { ProductDoc } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { applyPatch, changedFields, fieldProblems, patchCopy, readFields, urlPathWithKey, vsfDateTime, type EditContext } from './fields.ts';
import { urlKeyFromName } from './service.ts';

const attributes: EditContext['attributes'] = new Map([
  ['marca', { code: 'marca', label: 'Marca', input: 'select', options: new Map([['20012', 'Coldline'], ['20013', 'de Buyer']]) }],
  ['materiale', { code: 'materiale', label: 'Materiale', input: 'multiselect', options: new Map([['1', 'Acciaio'], ['2', 'Legno'], ['3', 'Rame']]) }],
  ['dimensioni', { code: 'dimensioni', label: 'Dimensioni', input: 'text', options: new Map() }],
  ['idoneo', { code: 'idoneo', label: 'Idoneo', input: 'boolean', options: new Map([['1', 'Sì'], ['0', 'No']]) }],
]);
const ctx: EditContext = {
  categories: new Map([[22, { id: 22, name: 'Coltelli da disosso', slug: 'coltelli-da-disosso', url_path: 'coltelli/coltelli-da-disosso', level: 3 }]]),
  attributes,
  taxClasses: new Set([2, 5]),
  now: new Date('2026-11-29T10:00:00Z'),
};

const doc = (extra: Partial<ProductDoc> = {}): ProductDoc => ({
  id: 7,
  sku: 'COL-7',
  name: 'Coltello',
  type_id: 'simple',
  status: 1,
  visibility: 4,
  price: 19.9,
  tax_class_id: '2',
  url_key: 'coltello-7',
  url_path: 'coltelli/coltello-7',
  stock: { qty: 4, is_in_stock: true, manage_stock: true, backorders: 0 },
  materiale: '1,3',
  marca: '20012',
  tier_prices: [{ customer_group_id: 2, qty: 1, value: 15 }, { customer_group_id: 0, qty: 10, value: 17.5 }],
  ...extra,
});

describe('readFields', () => {
  it('reads prices in cents, tiers and group prices apart, stock, attributes and the URL', () => {
    const fields = readFields(doc({ special_price: 14.5, special_from_date: '2026-11-01 00:00:00', data_disponibilita: '2026-12-24' }), attributes);
    expect(fields).toMatchObject({
      priceCents: 1990,
      specialPriceCents: 1450,
      specialFrom: '2026-11-01T00:00:00.000Z',
      specialTo: null,
      groupPrices: [{ customerGroupId: 2, priceCents: 1500 }],
      tierPrices: [{ customerGroupId: 0, qty: 10, priceCents: 1750 }],
      taxClassId: 2,
      qty: 4,
      isInStock: true,
      attributes: { marca: '20012', materiale: ['1', '3'] },
      availabilityDate: '2026-12-24',
      urlKey: 'coltello-7',
      urlPath: 'coltelli/coltello-7',
    });
  });

  it('reads a taxed document from its saved originals, as the shop prices it', () => {
    expect(readFields(doc({ price: 24.28, original_price: 19.9, special_price: 0, original_special_price: 12 }), attributes)).toMatchObject({ priceCents: 1990, specialPriceCents: 1200 });
  });

  it('reads the shop’s own count over the document’s', () => {
    expect(readFields(doc(), attributes, 0)).toMatchObject({ qty: 0, isInStock: false });
  });
});

describe('applyPatch', () => {
  it('writes prices in euros, dropping a platform final price and keeping the originals of a taxed document in step', () => {
    const changed = applyPatch(doc({ final_price: 18, original_price: 19.9, original_final_price: 18 }), { priceCents: 2490, specialPriceCents: 1990 }, ctx);
    expect(changed).toMatchObject({ price: 24.9, original_price: 24.9, special_price: 19.9, original_special_price: 19.9 });
    expect(changed).not.toHaveProperty('final_price');
    expect(changed).not.toHaveProperty('original_final_price');
    expect(readFields(changed, attributes)).toMatchObject({ priceCents: 2490, specialPriceCents: 1990 });
  });

  it('writes the window as VSF dates and keeps group prices when only tiers change', () => {
    const changed = applyPatch(doc(), { specialFrom: '2026-12-01T00:00:00+01:00', specialTo: null, tierPrices: [{ customerGroupId: 1, qty: 5, priceCents: 1800 }] }, ctx);
    expect(changed.special_from_date).toBe('2026-11-30 23:00:00');
    expect(changed.special_to_date).toBeNull();
    expect(changed.tier_prices).toEqual([{ customer_group_id: 2, qty: 1, value: 15 }, { customer_group_id: 1, qty: 5, value: 18 }]);
  });

  it('writes a quantity as managed stock, in stock when above zero unless said otherwise', () => {
    expect(applyPatch(doc({ stock: { qty: 0, is_in_stock: true, manage_stock: false } }), { qty: 3 }, ctx).stock).toMatchObject({ qty: 3, is_in_stock: true, manage_stock: true });
    expect(applyPatch(doc(), { qty: 0 }, ctx).stock).toMatchObject({ qty: 0, is_in_stock: false });
    expect(applyPatch(doc(), { qty: 5, isInStock: false }, ctx).stock).toMatchObject({ qty: 5, is_in_stock: false });
  });

  it('writes attributes as the catalogue stores them, custom_attributes in step, null removing', () => {
    const changed = applyPatch(doc({ custom_attributes: [{ attribute_code: 'marca', value: '20012' }, { attribute_code: 'dimensioni', value: '1' }] }), { attributes: { materiale: ['2', '3'], marca: '20013', dimensioni: null } }, ctx);
    expect(changed).toMatchObject({ materiale: '2,3', marca: '20013' });
    expect(changed).not.toHaveProperty('dimensioni');
    expect(changed.custom_attributes).toEqual([{ attribute_code: 'marca', value: '20013' }]);
  });

  it('writes categories with their refs, the URL key with slug and path, descriptions sanitised', () => {
    const changed = applyPatch(doc(), { categoryIds: [22, 22], urlKey: 'coltello-nuovo', description: '<p style="x">a</p><font>b</font>' }, ctx);
    expect(changed).toMatchObject({
      category_ids: [22],
      category: [{ category_id: 22, name: 'Coltelli da disosso', slug: 'coltelli-da-disosso', path: 'coltelli/coltelli-da-disosso' }],
      url_key: 'coltello-nuovo',
      slug: 'coltello-nuovo',
      url_path: 'coltelli/coltello-nuovo',
      description: '<p>a</p>b',
    });
  });

  it('leaves the source document alone and changes nothing it is not asked to', () => {
    const source = doc();
    const copy = structuredClone(source);
    const changed = applyPatch(source, { name: 'Coltello nuovo' }, ctx);
    expect(source).toEqual(copy);
    expect(changedFields(readFields(source, attributes), readFields(changed, attributes))).toEqual(['name']);
  });
});

describe('fieldProblems', () => {
  const problems = (patch: Parameters<typeof fieldProblems>[0], source = doc()) => fieldProblems(patch, readFields(applyPatch(source, patch, ctx), attributes), ctx).map((p) => p.message);

  it('refuses a special price not below the price, checked with the price kept', () => {
    expect(problems({ specialPriceCents: 1990 })).toEqual(['specialPriceCents: il prezzo speciale (19,90 €) deve essere inferiore al prezzo (19,90 €).']);
    expect(problems({ priceCents: 1000 }, doc({ special_price: 12 }))).toEqual(['specialPriceCents: il prezzo speciale (12,00 €) deve essere inferiore al prezzo (10,00 €).']);
    // An edit that does not touch prices is not blocked by an imported product's odd special price.
    expect(problems({ name: 'x' }, doc({ special_price: 25 }))).toEqual([]);
  });

  it('refuses a window ending first, unknown categories, tax classes, attributes and options, and HTML that runs', () => {
    expect(problems({ specialFrom: '2026-12-10T00:00:00Z', specialTo: '2026-12-01T00:00:00Z' })).toEqual([M.windowEndsFirst]);
    expect(problems({ categoryIds: [22, 5] })).toEqual([M.unknownCategory.replace('{id}', '5')]);
    expect(problems({ taxClassId: 9 })).toEqual([M.unknownTaxClass.replace('{id}', '9').replace('{values}', '0, 2, 5')]);
    expect(problems({ taxClassId: 0 })).toEqual([]);
    expect(problems({ attributes: { idoneo: 'sì' } })).toEqual(['attributes.idoneo: «Idoneo» vale "1" (sì) o "0" (no).']);
    expect(problems({ attributes: { materiale: ['1', '9'] } })).toEqual(['attributes.materiale: «9» non è tra i valori di «Materiale».']);
    expect(problems({ attributes: { dimensioni: '30 x 20 cm', colore: null } })).toEqual(['attributes.colore: «colore» non è un attributo tecnico del catalogo.']);
    expect(problems({ description: '<img src=x onerror=alert(1)>' })).toEqual([UNSAFE_HTML_MESSAGE.replace('{field}', 'description').replace('{found}', PART.handler.replace('{attribute}', 'onerror').replace('{tag}', 'img'))]);
  });
});

describe('patchCopy: a configurable child’s copy inside its parent', () => {
  const copy = { sku: 'COL-7-M', id: 8, name: 'M', status: 1, price: 10, stock: { qty: 2, is_in_stock: true }, taglia: '1' } as unknown as ProductDoc;

  it('with a row of its own, takes what the shop reads of it and the keys it has', () => {
    const patched = applyPatch(copy, { priceCents: 1200, description: '<p>x</p>', metaTitle: 'T', attributes: { marca: '20012' } }, ctx);
    expect(patchCopy(copy, patched, true)).toEqual({ ...copy, price: 12 });
  });

  it('without one, takes everything', () => {
    const patched = applyPatch(copy, { priceCents: 1200, metaTitle: 'T' }, ctx);
    expect(patchCopy(copy, patched, false)).toEqual({ ...copy, price: 12, meta_title: 'T' });
  });
});

describe('URLs and dates', () => {
  it('replaces the last segment of a path, derives a key from a name, writes VSF dates', () => {
    expect(urlPathWithKey('a/b/vecchio', 'nuovo')).toBe('a/b/nuovo');
    expect(urlPathWithKey('vecchio', 'nuovo')).toBe('nuovo');
    expect(urlKeyFromName('Affettatrice Rossa  Professionale ø 30 cm!')).toBe('affettatrice-rossa-professionale-o-30-cm');
    expect(urlKeyFromName('  Tè & Caffè_Bar ')).toBe('te-and-caffe-bar');
    expect(urlKeyFromName('!!!')).toBe('prodotto');
    expect(vsfDateTime(new Date('2026-01-02T03:04:05.678Z'))).toBe('2026-01-02 03:04:05');
  });
});
