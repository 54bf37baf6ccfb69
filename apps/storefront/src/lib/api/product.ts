/**
 * SERVER ONLY (see client.ts). Catalogue reads of the product page beyond the product itself
 * (lib/api/catalog.ts getProductBySku): linked products, variant documents, attribute labels
 * and reviews. Each names its cache tags from src/lib/cache-tags.ts.
 */
import { cache } from 'react';
import type { AttributeDoc, ProductDoc, ReviewDoc } from '@shop/domain';
import { CacheTag, normalizeTags, productSkuTag } from '@/lib/cache-tags.ts';
import { catalogQuery } from './client.ts';

/** What the page needs of a grouped or bundle member. */
const MEMBER_FIELDS = [
  'id',
  'sku',
  'name',
  'status',
  'visibility',
  'type_id',
  'image',
  'price',
  'price_incl_tax',
  'original_price',
  'original_price_incl_tax',
  'special_price',
  'special_to_date',
  'lowest_price_30d',
  'lowest_price_30d_incl_tax',
  'stock',
  'messaggio_disponibilita',
  'messaggio_disponibilita_custom',
  'data_disponibilita',
];

/** What the page needs of a configurable child's own document (the embedded child lacks these). */
const VARIANT_FIELDS = [
  'id',
  'sku',
  'messaggio_disponibilita',
  'messaggio_disponibilita_custom',
  'data_disponibilita',
  'lowest_price_30d',
  'lowest_price_30d_incl_tax',
];

/** At most this many members or variants are read (a product with more is broken data). */
const MAX_LINKED = 500;

/** Products by SKU (grouped and bundle members), whatever their status; `skus` comma-separated (React cache keys by value). */
export const getProductsBySkus = cache(async (skus: string): Promise<ProductDoc[]> => {
  const list = [...new Set(skus.split(',').filter(Boolean))].slice(0, MAX_LINKED);
  if (list.length === 0) return [];
  const { items } = await catalogQuery<ProductDoc>(
    { entityType: 'product', filters: { sku: { in: list } }, size: list.length, includeFields: MEMBER_FIELDS },
    normalizeTags([CacheTag.product, ...list.map(productSkuTag)]),
  );
  return items;
});

/** The own documents of a configurable product's children (visibility 1, parent_sku set). */
export const getVariantDocs = cache(async (parentSku: string): Promise<ProductDoc[]> => {
  const { items } = await catalogQuery<ProductDoc>(
    { entityType: 'product', filters: { parent_sku: { eq: parentSku } }, size: MAX_LINKED, includeFields: VARIANT_FIELDS },
    normalizeTags([CacheTag.product, productSkuTag(parentSku)]),
  );
  return items;
});

/** Visible, user-defined attributes with their labels and options: one cached list for every product page. */
export const getVisibleAttributes = cache(async (): Promise<AttributeDoc[]> => {
  const { items } = await catalogQuery<AttributeDoc>(
    {
      entityType: 'attribute',
      filters: { is_visible: { eq: true }, is_user_defined: { eq: true } },
      sort: 'position:asc',
      // catalogue.md §9: "Attribute list size 200"
      size: 200,
    },
    [CacheTag.attribute],
  );
  return items;
});

/**
 * Approved reviews of a product, newest first. `tags` (space-separated) are the product page's
 * tags: this read is where the page picks up `P{id}` and `C{id}`, known only once the product is.
 */
export const getProductReviews = cache(async (productId: number, tags: string): Promise<ReviewDoc[]> => {
  const { items } = await catalogQuery<ReviewDoc>(
    {
      entityType: 'review',
      filters: { product_id: { eq: productId }, review_status: { eq: 1 } },
      sort: 'id:desc',
      size: 100,
    },
    tags.split(' ').filter(Boolean),
  );
  return items;
});
