import type { CatalogChange } from '@shop/db';
import { describe, expect, it } from 'vitest';
// The storefront's own tag names: what the API sends must be what the pages are cached under.
import { CMS_TAG, CacheTag, categoryTag, productSkuTag, productTag } from '../../../storefront/src/lib/cache-tags.ts';
import { StorefrontTag, tagsForChange } from './invalidation.ts';

const change = (entity: CatalogChange['entity'], parts: Partial<CatalogChange> = {}): CatalogChange => ({
  entity,
  ids: [1],
  productIds: [],
  skus: [],
  categoryIds: [],
  ...parts,
});

describe('tagsForChange', () => {
  it('spells tags as the storefront does', () => {
    expect(StorefrontTag.categoryOf(16)).toBe(categoryTag(16));
    expect(StorefrontTag.productOf(1852)).toBe(productTag(1852));
    expect(StorefrontTag.productBySku('COL-1')).toBe(productSkuTag('COL-1'));
    for (const name of ['attribute', 'category', 'home', 'product', 'sitemap', 'taxrule'] as const) expect(StorefrontTag[name]).toBe(CacheTag[name]);
    expect(StorefrontTag.cms).toBe(CMS_TAG);
  });

  it('expires a product by id and every SKU, its lists, the home page and the sitemap', () => {
    const tags = tagsForChange(change('product', { productIds: [7], skus: ['A', 'A-1'], categoryIds: [16, 20] }));
    expect(tags).toEqual(['P7', 'PSA', 'PSA-1', 'C16', 'C20', 'home', 'sitemap']);
  });

  it('expires the sitemap on every product change, and on no change of another entity', () => {
    // A product added, removed, disabled or given a new URL key changes the XML sitemap, whose
    // product reads carry `sitemap` (and `product`, which a single product change never sends).
    expect(tagsForChange(change('product', { productIds: [7] }))).toContain(StorefrontTag.sitemap);
    expect(tagsForChange(change('product', { skus: ['A'] }))).toContain(StorefrontTag.sitemap);
    for (const entity of ['review', 'category', 'attribute', 'taxrule', 'cms_page', 'cms_block', 'cms_hierarchy'] as const) {
      expect(tagsForChange(change(entity, { productIds: [7], skus: ['A'], categoryIds: [16] }))).not.toContain(StorefrontTag.sitemap);
    }
  });

  it('names the tags of the other entities', () => {
    expect(tagsForChange(change('category', { categoryIds: [5] }))).toEqual(['category', 'C5']);
    expect(tagsForChange(change('attribute'))).toEqual(['attribute']);
    expect(tagsForChange(change('taxrule'))).toEqual(['taxrule', 'product']);
    expect(tagsForChange(change('review', { productIds: [7], skus: ['A'] }))).toEqual(['P7', 'PSA']);
    expect(tagsForChange(change('cms_page'))).toEqual(['cms']);
    expect(tagsForChange(change('cms_block'))).toEqual(['cms']);
  });

  it('sends nothing when nothing changed, and no tag Next would ignore', () => {
    expect(tagsForChange(change('taxrule', { ids: [] }))).toEqual([]);
    const tags = tagsForChange(change('product', { productIds: [1], skus: ['x'.repeat(300)] }));
    expect(tags).toEqual(['P1', 'home', 'sitemap']);
  });
});
