import { describe, expect, it } from 'vitest';
import {
  CacheTag,
  MAX_TAGS,
  categoryListTags,
  categoryProductsTags,
  categoryTag,
  newestProductsTags,
  normalizeTags,
  productBySkuTags,
  productPageTags,
  productSkuTag,
  productTag,
  sitemapProductTags,
} from './cache-tags.ts';

describe('cache tags', () => {
  it('names entity tags as VSF1 does', () => {
    expect(categoryTag(16)).toBe('C16');
    expect(productTag(1852)).toBe('P1852');
    expect(productSkuTag('COL-00042')).toBe('PSCOL-00042');
  });

  it('covers the tag names of catalogue.md §2, and sitemap', () => {
    expect(Object.values(CacheTag).sort()).toEqual(
      ['attribute', 'category', 'checkout', 'compare', 'error', 'home', 'my-account', 'page-not-found', 'product', 'sitemap', 'taxrule'].sort(),
    );
  });

  it('tags each read with its entity type and ids', () => {
    expect(categoryListTags()).toEqual(['category']);
    expect(categoryProductsTags(16)).toEqual(['product', 'C16']);
    expect(categoryProductsTags(16, { home: true })).toEqual(['product', 'C16', 'home']);
    expect(newestProductsTags()).toEqual(['product', 'home']);
    expect(productBySkuTags('COL-1')).toEqual(['product', 'PSCOL-1']);
    expect(sitemapProductTags()).toEqual(['product', 'sitemap']);
  });

  it('drops duplicates, empty and over-long tags and caps the count', () => {
    expect(normalizeTags(['a', 'a', '', 'x'.repeat(257), 'b'])).toEqual(['a', 'b']);
    const many = Array.from({ length: 200 }, (_, i) => `P${i}`);
    expect(normalizeTags(many)).toHaveLength(MAX_TAGS);
  });
});

describe('CMS and attribute tags', () => {
  it('tags CMS reads with cms and the page they appear on', async () => {
    const { cmsTags, attributeTags } = await import('./cache-tags.ts');
    expect(cmsTags()).toEqual(['cms']);
    expect(cmsTags('category', 'C16')).toEqual(['cms', 'category', 'C16']);
    expect(attributeTags('compare')).toEqual(['attribute', 'compare']);
  });
});

describe('productPageTags', () => {
  it('names the product, its categories and the products it shows', () => {
    expect(productPageTags({ id: 50, sku: 'STI-00050', category_ids: [40, '44'] }, [51, 52])).toEqual([
      'product',
      'P50',
      'PSSTI-00050',
      'C40',
      'C44',
      'P51',
      'P52',
    ]);
    expect(productPageTags({ id: 1, sku: 'A' })).toEqual(['product', 'P1', 'PSA']);
  });
});
