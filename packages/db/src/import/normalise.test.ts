import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CategoryDoc, ProductDoc } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { flattenCategory } from './normalise-category.ts';
import { normaliseProduct } from './normalise-product.ts';
import { readDump } from './read-dump.ts';

const FIXTURES = fileURLToPath(new URL('../../../../../shared/fixtures/vsf/', import.meta.url));

/** The document of a pretty-printed example fixture. */
async function example(name: string): Promise<Record<string, unknown>> {
  for await (const record of readDump(`${FIXTURES}${name}`)) if (record.kind === 'doc') return record.doc;
  throw new Error(`no document in ${name}`);
}

const older = (): ProductDoc => ({ id: 7, sku: 'K-1', name: 'Coltello Disossatore 13 cm', type_id: 'simple', status: 1, visibility: 4, price: 10 });

describe('normaliseProduct', () => {
  it('derives slug, url_key and url_path, and an unmanaged in-stock item, when the dump lacks them', () => {
    const { doc, derived } = normaliseProduct(older());
    expect(doc.slug).toBe('coltello-disossatore-13-cm-7');
    expect(doc.url_key).toBe(doc.slug);
    expect(doc.url_path).toBe(doc.slug);
    expect(doc.stock).toEqual({ product_id: 7, qty: 0, is_in_stock: true, manage_stock: false });
    expect(derived).toEqual(['slug', 'url_key', 'url_path', 'stock']);
  });

  it('keeps what the dump has: url_key becomes the slug, stock stays', () => {
    const stock = { qty: 0, is_in_stock: false };
    const { doc, derived } = normaliseProduct({ ...older(), url_key: 'disossatore', url_path: 'coltelli/disossatore.html', stock });
    expect([doc.slug, doc.url_key, doc.url_path, doc.stock]).toEqual(['disossatore', 'disossatore', 'coltelli/disossatore.html', stock]);
    expect(derived).toEqual(['slug']);
  });

  it('lifts child attributes out of custom_attributes and category_ids out of category (fixture product)', async () => {
    const source = (await example('product-data-format.json')) as ProductDoc;
    const { doc, derived } = normaliseProduct(source);
    const child = doc.configurable_children![0]!;
    expect([child.color, child.size, child.url_key]).toEqual(['49', '167', 'chaz-kangeroo-hoodie-xs-black']);
    expect(child.custom_attributes).toEqual(source.configurable_children![0]!.custom_attributes);
    expect(source.configurable_children![0]!.color).toBeUndefined();
    expect(doc.slug).toBe('go-get-r-pushup-grips');
    expect(derived).toContain('child attributes');
    expect(derived).not.toContain('stock');
  });

  it('lets own fields win over custom_attributes, derives category_ids and is idempotent', () => {
    const source: ProductDoc = {
      ...older(),
      color: '1',
      custom_attributes: [{ attribute_code: 'color', value: '2' }, { attribute_code: 'marca', value: '9' }],
      category: [{ category_id: 16, name: 'Industria' }, { category_id: 20, name: 'Coltelli' }],
    };
    const once = normaliseProduct(source);
    expect([once.doc.color, once.doc.marca, once.doc.category_ids]).toEqual(['1', '9', [16, 20]]);
    const twice = normaliseProduct(once.doc);
    expect(twice.doc).toEqual(once.doc);
    expect(twice.derived).toEqual([]);
  });
});

describe('flattenCategory', () => {
  it('turns the example tree into one document per category, filling what children lack', async () => {
    const flat = flattenCategory({ ...(await example('category-data-format.json')), path: '1/2/20/22', url_path: 'women/bottoms-22' } as CategoryDoc);
    expect(flat.map((f) => [f.doc.id, f.nested])).toEqual([[22, false], [27, true], [28, true]]);
    for (const f of flat) expect(f.doc).not.toHaveProperty('children_data');
    expect(flat[1]!.doc).toMatchObject({ parent_id: 22, path: '1/2/20/22/27', level: 4, slug: 'pants-27', url_key: 'pants-27', url_path: 'women/bottoms-22/pants-27' });
    expect(flat[1]!.derived).toEqual(['path', 'slug', 'url_key', 'url_path']);
  });

  it('flattens the fixture trees and keeps the source fields of categories that have them', () => {
    const line = readFileSync(`${FIXTURES}catalog_it_category.json`, 'utf8').split('\n')[0]!;
    const root = (JSON.parse(line) as { _source: CategoryDoc })._source;
    const flat = flattenCategory(root);
    expect(flat[0]!.doc.id).toBe(2);
    expect(flat.length).toBeGreaterThan(10);
    const tops = flat.find((f) => f.doc.id === 21)!;
    expect(tops.doc.url_path).toBe('women/tops-women/tops-21');
    expect(tops.derived).toEqual([]);
    expect(flattenCategory(flat[0]!.doc)).toEqual([{ doc: flat[0]!.doc, nested: false, derived: [] }]);
  });
});
