/**
 * SERVER ONLY (see client.ts). Data of the XML sitemap: listable products (visibility 2-4,
 * status 0-1), active categories but id 2, active CMS pages. Cached reads with the `product` and
 * `sitemap` tags (every product change sends `sitemap`), `category` and `cms` (sent by every
 * category and CMS change); products are read in blocks small enough for the data cache.
 */
import { CATALOG_QUERY_LIMITS } from '@shop/contracts';
import type { CategoryDoc, ProductDoc } from '@shop/domain';
import { cmsTags, sitemapProductTags } from '@/lib/cache-tags.ts';
import { sitemapCategories } from '@/lib/category.ts';
import { LIST_STATUS, LIST_VISIBILITY } from '@/lib/shop-config.ts';
import { getCategories } from './catalog.ts';
import { catalogQuery } from './client.ts';

/** Products a block: the largest product page the API serves (well under the data cache's 2 MB limit). */
export const SITEMAP_PRODUCT_BLOCK = CATALOG_QUERY_LIMITS.maxProductSize;

/** catalogue.md §9 "CMS blocks and pages maximum 500". */
const CMS_PAGE_LIMIT = 500;

const LISTABLE = { visibility: { in: LIST_VISIBILITY }, status: { in: LIST_STATUS } } as const;

export type SitemapProduct = Pick<ProductDoc, 'id' | 'sku' | 'name' | 'slug' | 'url_key' | 'updated_at'>;

export async function countSitemapProducts(): Promise<number> {
  // One id is the smallest page (catalogue.md §5 makes size 0 a default page of 50).
  const { total } = await catalogQuery({ entityType: 'product', filters: { ...LISTABLE }, size: 1, includeFields: ['id'] }, sitemapProductTags());
  return total;
}

/** Listable products [start, start + count), by id, read in cached blocks. */
export async function sitemapProducts(start: number, count: number): Promise<SitemapProduct[]> {
  const blocks: Promise<SitemapProduct[]>[] = [];
  for (let offset = start; offset < start + count; offset += SITEMAP_PRODUCT_BLOCK) {
    const size = Math.min(SITEMAP_PRODUCT_BLOCK, start + count - offset);
    blocks.push(
      catalogQuery<SitemapProduct>(
        {
          entityType: 'product',
          filters: { ...LISTABLE },
          sort: 'id:asc',
          start: offset,
          size,
          trackTotalHits: false,
          includeFields: ['id', 'sku', 'name', 'slug', 'url_key', 'updated_at'],
        },
        sitemapProductTags(),
      ).then((r) => r.items),
    );
  }
  return (await Promise.all(blocks)).flat();
}

/** Active categories but id 2, parents before children. */
export async function sitemapCategoryList(): Promise<CategoryDoc[]> {
  return sitemapCategories(await getCategories());
}

export interface SitemapCmsPage {
  identifier: string;
  update_time?: string;
  updated_at?: string;
}

export async function sitemapCmsPages(): Promise<SitemapCmsPage[]> {
  const { items } = await catalogQuery<SitemapCmsPage>(
    {
      entityType: 'cms_page',
      filters: { active: { eq: true } },
      sort: 'identifier:asc',
      size: CMS_PAGE_LIMIT,
      includeFields: ['identifier', 'update_time', 'updated_at'],
    },
    cmsTags(),
  );
  return items.filter((page) => typeof page.identifier === 'string' && page.identifier !== '');
}
