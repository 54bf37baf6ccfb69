/**
 * SERVER ONLY (see client.ts). Catalogue reads used by the pages, one function per question the
 * UI asks; each names its cache tags from src/lib/cache-tags.ts. React `cache` deduplicates
 * equal calls within one render (POST fetches are not memoized by Next).
 */
import { cache } from 'react';
import type { CatalogQueryInput } from '@shop/contracts';
import { buildCategoryTree, CATEGORY_ROOT_ID, DEFAULT_CHILD_FIELDS, type CategoryDoc, type CategoryNode, type ProductDoc } from '@shop/domain';
import {
  categoryListTags,
  categoryProductsTags,
  newestProductsTags,
  productBySkuTags,
} from '@/lib/cache-tags.ts';
import { CATEGORY_FETCH_SIZE, LIST_STATUS, LIST_VISIBILITY } from '@/lib/shop-config.ts';
import { catalogQuery } from './client.ts';

/** Fields a product tile needs (the API computes the tax fields before projecting). */
export const TILE_FIELDS = [
  'id',
  'sku',
  'name',
  'slug',
  'url_key',
  'type_id',
  'status',
  'visibility',
  'image',
  'price',
  'price_incl_tax',
  'original_price',
  'original_price_incl_tax',
  'special_price',
  'final_price',
  'final_price_incl_tax',
  'created_at',
  // A configurable tile links to its default child (catalogue §2): what productPageUrl reads.
  ...DEFAULT_CHILD_FIELDS,
];

const CATEGORY_FIELDS = [
  'id',
  'parent_id',
  'name',
  'slug',
  'url_key',
  'url_path',
  'path',
  'level',
  'position',
  'is_active',
  'include_in_menu',
  'product_count',
];

/** Listable products (catalogue.md §7: visibility 2,3,4 and status 0,1). */
const LISTABLE = {
  visibility: { in: LIST_VISIBILITY },
  status: { in: LIST_STATUS },
} as const;

/** All active categories, by position (catalogue.md §7 "Category list"). */
export const getCategories = cache(async (): Promise<CategoryDoc[]> => {
  const query: CatalogQueryInput = {
    entityType: 'category',
    filters: { is_active: { eq: true } },
    sort: 'position:asc',
    size: CATEGORY_FETCH_SIZE,
    includeFields: CATEGORY_FIELDS,
  };
  const { items } = await catalogQuery<CategoryDoc>(query, categoryListTags());
  return items;
});

/** The header menu: active children of the root that are in the menu, with their children. */
export const getMenuTree = cache(async (): Promise<CategoryNode[]> => {
  return buildCategoryTree(await getCategories(), CATEGORY_ROOT_ID, { menuOnly: true });
});

/** One active category by its slug, or null. */
export const getCategoryBySlug = cache(async (slug: string): Promise<CategoryDoc | null> => {
  const { items } = await catalogQuery<CategoryDoc>(
    { entityType: 'category', filters: { slug: { eq: slug }, is_active: { eq: true } }, size: 1 },
    categoryListTags(),
  );
  return items[0] ?? null;
});

export interface ProductListOptions {
  size: number;
  sort: string;
  start?: number;
  /** The list appears on the home page (adds the `home` tag). */
  home?: boolean;
}

/** Listable products of a category. */
export const getCategoryProducts = cache(
  async (categoryId: number, { size, sort, start = 0, home = false }: ProductListOptions) => {
    return catalogQuery<ProductDoc>(
      {
        entityType: 'product',
        filters: { category_ids: { in: [categoryId] }, ...LISTABLE },
        sort,
        size,
        start,
        // Home lists show no total: skip counting the whole category.
        trackTotalHits: !home,
        includeFields: TILE_FIELDS,
      },
      categoryProductsTags(categoryId, { home }),
    );
  },
);

/**
 * The home page's "Nuovi arrivi": the newest products of its category (catalogue.md §9: 16); a
 * shop whose category is empty shows the newest of the whole catalogue rather than an empty list.
 */
export const getNewestProducts = cache(async (size: number, categoryId: number) => {
  const inCategory = await getCategoryProducts(categoryId, { size, sort: 'created_at:desc', home: true });
  if (inCategory.items.length > 0) return inCategory;
  return catalogQuery<ProductDoc>(
    { entityType: 'product', filters: { ...LISTABLE }, sort: 'created_at:desc', size, trackTotalHits: false, includeFields: TILE_FIELDS },
    newestProductsTags(),
  );
});

/** One product by SKU, whatever its status (the page decides), or null. */
export const getProductBySku = cache(async (sku: string): Promise<ProductDoc | null> => {
  const { items } = await catalogQuery<ProductDoc>(
    { entityType: 'product', filters: { sku: { eq: sku } }, size: 1 },
    productBySkuTags(sku),
  );
  return items[0] ?? null;
});
