import { describe, expect, it } from 'vitest';
import { dedupeByKey, prepareDoc } from './prepare.ts';

describe('prepareDoc', () => {
  it('accepts a product, its id from the hit when the document lacks one', () => {
    const { docs, problems } = prepareDoc('product', { sku: 'A', name: 'Guanto', type_id: 'simple' }, '12');
    expect(problems).toEqual([]);
    expect(docs[0]!.doc).toMatchObject({ id: 12, sku: 'A', slug: 'guanto-12', url_path: 'guanto-12' });
  });

  it.each([
    ['product', { id: 1, name: 'X', type_id: 'simple' }, 'missing sku'],
    ['product', { id: 1, sku: 'A', name: 'X' }, 'missing type_id'],
    ['product', { id: 'abc', sku: 'A', name: 'X', type_id: 'simple' }, 'id must be a whole number from 0 to 2147483647, not "abc"'],
    ['category', { name: 'X' }, 'missing id'],
    ['category', { id: 3 }, 'missing name'],
    ['attribute', { id: 5 }, 'missing attribute_code'],
    ['taxrule', { id: 2 }, 'missing rates'],
    ['review', { id: 1, product_id: 3059982310 }, 'product_id must be a whole number from 0 to 2147483647, not 3059982310'],
    ['cms_page', { id: 1, title: 'x' }, 'missing identifier'],
  ] as const)('refuses a %s without what it needs: %j', (entity, doc, problem) => {
    expect(prepareDoc(entity, doc)).toEqual({ docs: [], problems: [problem] });
  });

  it('turns numeric strings into numbers and fills attribute_id and id from each other', () => {
    const { docs } = prepareDoc('attribute', { id: '93', attribute_code: 'color', options: [] });
    expect(docs[0]!.doc).toMatchObject({ id: 93, attribute_id: 93 });
    const sku = prepareDoc('product', { id: 1, sku: 12345, name: 'X', type_id: 'simple' });
    expect(sku.docs[0]!.doc.sku).toBe('12345');
  });

  it('flattens a category tree and refuses only its broken children', () => {
    const tree = { id: 20, name: 'Women', path: '1/2/20', children_data: [{ id: 21, name: 'Tops' }, { name: 'no id' }] };
    const { docs, problems } = prepareDoc('category', tree);
    expect(docs.map((d) => [d.doc.id, d.nested])).toEqual([[20, false], [21, true]]);
    expect(problems).toEqual(['category in children_data of 20: missing id']);
  });
});

describe('dedupeByKey', () => {
  const item = (id: number, name: string, nested: boolean) => ({ doc: { id, name }, nested, derived: [] });

  it('keeps the later document, but never lets a nested copy replace a category of its own', () => {
    const out = dedupeByKey('category', [item(1, 'own', false), item(1, 'copy', true), item(2, 'copy', true), item(2, 'own', false), item(3, 'a', false), item(3, 'b', false)]);
    expect(out.map((i) => [i.doc.id, i.doc.name])).toEqual([[1, 'own'], [2, 'own'], [3, 'b']]);
  });
});
