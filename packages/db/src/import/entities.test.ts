import { describe, expect, it } from 'vitest';
import { entityFromFields, entityFromName, resolveEntity } from './entities.ts';

describe('entity detection', () => {
  it('reads the entity from index and file names', () => {
    expect(entityFromName('vue_storefront_catalog_category_1587031505')).toBe('category');
    expect(entityFromName('vue_storefront_catalog_cms_block_1587031505')).toBe('cms_block');
    expect(entityFromName('vue_storefront_catalog_it_cms_page')).toBe('cms_page');
    expect(entityFromName('catalog_it_taxrule.json')).toBe('taxrule');
    expect(entityFromName('products.ndjson')).toBe('product');
    expect(entityFromName('2020-01-categories.bulk')).toBe('category');
    expect(entityFromName('product-data-format.json')).toBe('product');
    expect(entityFromName('vue_storefront_catalog1510349212167')).toBeUndefined();
    expect(entityFromName('testOrderAnon.json')).toBeUndefined();
    expect(entityFromName('byproducts.json')).toBeUndefined();
  });

  it('recognises bare documents by their fields', () => {
    expect(entityFromFields({ id: 1, sku: 'A', type_id: 'simple' })).toBe('product');
    expect(entityFromFields({ attribute_code: 'color', frontend_input: 'select' })).toBe('attribute');
    expect(entityFromFields({ id: 2, rates: [], product_tax_class_ids: [2] })).toBe('taxrule');
    expect(entityFromFields({ id: 3, product_id: 1, nickname: 'A' })).toBe('review');
    expect(entityFromFields({ id: 4, identifier: 'about', content: '', page_layout: '1column' })).toBe('cms_page');
    expect(entityFromFields({ id: 5, identifier: 'footer', content: '' })).toBe('cms_block');
    expect(entityFromFields({ id: 6, name: 'Men', parent_id: 2, path: '1/2/6' })).toBe('category');
    expect(entityFromFields({ customer: { email: 'x' } })).toBeUndefined();
  });

  it('prefers _type, then _index, then the file name, then the fields', () => {
    const doc = { sku: 'A', type_id: 'simple' };
    expect(resolveEntity({ _type: 'category' }, 'review', doc)).toEqual({ entity: 'category' });
    expect(resolveEntity({ _type: '_doc', _index: 'vue_storefront_catalog_review_1' }, 'category', doc)).toEqual({ entity: 'review' });
    expect(resolveEntity({ _type: '_doc', _index: 'catalog' }, 'category', doc)).toEqual({ entity: 'category' });
    expect(resolveEntity(undefined, undefined, doc)).toEqual({ entity: 'product' });
    expect(resolveEntity({ _type: 'cms_hierarchy' }, 'product', doc)).toEqual({ entity: 'cms_hierarchy' });
    expect(resolveEntity({ _type: 'cms_tree' }, 'product', doc)).toEqual({ reason: 'unsupported document type "cms_tree"' });
    expect(resolveEntity(undefined, undefined, {})).toHaveProperty('reason');
  });
});
