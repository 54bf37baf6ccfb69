/**
 * The one source of cache tags (catalogue.md §2: attribute, C, category, checkout, compare, error,
 * home, my-account, P, page-not-found, product, taxrule; and `sitemap`, below). Every cached API
 * read is tagged with these; a full page rendered with ISR inherits the tags of every read it
 * made, so `revalidateTag(tag, 'max')` refreshes the data and the pages that show it.
 *
 * Entity tags follow VSF1's output cache: `C{categoryId}` and `P{productId}`. A product page is
 * looked up by SKU before its id is known, so that read also carries `PS{sku}`
 * (see {@link productSkuTag}); whoever invalidates a product should send both.
 */
export const CacheTag = {
  attribute: 'attribute',
  category: 'category',
  checkout: 'checkout',
  compare: 'compare',
  error: 'error',
  home: 'home',
  myAccount: 'my-account',
  pageNotFound: 'page-not-found',
  product: 'product',
  /**
   * Not in catalogue.md §2: the XML sitemap's product reads (see {@link sitemapProductTags}). The
   * API sends it on every product change, since a product added, removed, disabled or given a new
   * URL key changes the sitemap; it never sends `product` for one product (that would expire
   * every product read), so `product` alone left the sitemap stale until its revalidate time.
   */
  sitemap: 'sitemap',
  taxrule: 'taxrule',
} as const;

export type CacheTagName = (typeof CacheTag)[keyof typeof CacheTag];

/** Next.js limits: a tag is at most 256 characters, a cached entry at most 128 tags. */
export const MAX_TAG_LENGTH = 256;
export const MAX_TAGS = 128;

/** `C16` — data of one category (its document or its product list). */
export function categoryTag(id: number | string): string {
  return `C${id}`;
}

/** `P1852` — data of one product. */
export function productTag(id: number | string): string {
  return `P${id}`;
}

/** `PSCOL-00042` — a product read by SKU (its id is not known before the answer). */
export function productSkuTag(sku: string): string {
  return `PS${sku}`;
}

/** Removes duplicates, empty and over-long tags, keeping the first MAX_TAGS. */
export function normalizeTags(tags: readonly string[]): string[] {
  const unique = [...new Set(tags.filter((t) => t.length > 0 && t.length <= MAX_TAG_LENGTH))];
  return unique.slice(0, MAX_TAGS);
}

/** Tags of the category tree (header menu, category lookup by slug). */
export function categoryListTags(): string[] {
  return [CacheTag.category];
}

/** Tags of a product list in a category; `home` is added when the home page shows it. */
export function categoryProductsTags(categoryId: number, opts: { home?: boolean } = {}): string[] {
  return normalizeTags([
    CacheTag.product,
    categoryTag(categoryId),
    ...(opts.home ? [CacheTag.home] : []),
  ]);
}

/** Tags of the home page's newest-products list. */
export function newestProductsTags(): string[] {
  return [CacheTag.product, CacheTag.home];
}

/** Tags of the XML sitemap's product reads: `sitemap` (any product change), and `product` (all products). */
export function sitemapProductTags(): string[] {
  return [CacheTag.product, CacheTag.sitemap];
}

/** Tags of one product read by SKU. */
export function productBySkuTags(sku: string): string[] {
  return normalizeTags([CacheTag.product, productSkuTag(sku)]);
}

/**
 * `cms` — CMS pages and blocks. catalogue.md §2's list names no CMS tag (VSF cached CMS content
 * under its page's tags), so one extra tag lets an import refresh every page showing CMS content.
 */
export const CMS_TAG = 'cms';

/** Tags of a CMS page or block read (`cms`), plus the tags of the page it appears on. */
export function cmsTags(...pageTags: readonly string[]): string[] {
  return normalizeTags([CMS_TAG, ...pageTags]);
}

/** Tags of the attribute list a category page's filters or the compare page read. */
export function attributeTags(...pageTags: readonly string[]): string[] {
  return normalizeTags([CacheTag.attribute, ...pageTags]);
}

/**
 * Tags of a product page (catalogue.md §2): `product`, the product's `P{id}` and `PS{sku}`, the
 * `P{id}` of products it shows (variants, grouped and bundle members) and `C{id}` of its
 * categories, so a change to any of them refreshes the page.
 */
export function productPageTags(
  product: { id: number; sku: string; category_ids?: readonly (number | string)[] | null },
  relatedIds: readonly number[] = [],
): string[] {
  return normalizeTags([
    CacheTag.product,
    productTag(product.id),
    productSkuTag(product.sku),
    ...(product.category_ids ?? []).map(categoryTag),
    ...relatedIds.map(productTag),
  ]);
}
