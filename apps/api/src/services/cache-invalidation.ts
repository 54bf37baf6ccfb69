import { REVALIDATE_MAX_TAGS, type CacheInvalidationOutcome } from '@shop/contracts';
import type { CatalogChange } from '@shop/db';

/**
 * The storefront's cache tags (apps/storefront/src/lib/cache-tags.ts, catalogue.md §2), which the
 * API may not import; cache-invalidation.test.ts checks that both sides spell them alike.
 */
export const StorefrontTag = {
  attribute: 'attribute',
  category: 'category',
  cms: 'cms',
  home: 'home',
  product: 'product',
  taxrule: 'taxrule',
  categoryOf: (id: number) => `C${id}`,
  productOf: (id: number) => `P${id}`,
  productBySku: (sku: string) => `PS${sku}`,
} as const;

/** Next ignores longer tags. */
const MAX_TAG_LENGTH = 256;

/**
 * The tags a change makes stale, and no others. A product's own page (by id and by every SKU
 * it is read by: its own, its children's, its parent's) and every list that shows it: its
 * categories before and after the change, and the home page, whose newest-products list any
 * product change may enter or leave. Tax rules price every product, so they refresh all
 * product reads.
 */
export function tagsForChange(change: CatalogChange): string[] {
  if (change.ids.length === 0) return [];
  const products = [...change.productIds.map(StorefrontTag.productOf), ...change.skus.map(StorefrontTag.productBySku)];
  const lists = change.categoryIds.map(StorefrontTag.categoryOf);
  const tags = (() => {
    switch (change.entity) {
      case 'product':
        return [...products, ...lists, StorefrontTag.home];
      case 'review':
        return products;
      case 'category':
        return [StorefrontTag.category, ...lists];
      case 'attribute':
        return [StorefrontTag.attribute];
      case 'taxrule':
        return [StorefrontTag.taxrule, StorefrontTag.product];
      case 'cms_page':
      case 'cms_block':
      case 'cms_hierarchy':
        return [StorefrontTag.cms];
    }
  })();
  return [...new Set(tags)].filter((tag) => tag.length <= MAX_TAG_LENGTH);
}

export interface StorefrontTarget {
  /** Base URL of the storefront as the API reaches it; unset: nothing to invalidate. */
  url?: string | undefined;
  secret?: string | undefined;
}

const TIMEOUT_MS = 10_000;

/**
 * Sends stale tags to the storefront's `POST /internal/revalidate`, which expires them at once
 * (no stale answer after an invalidation: never an old price). A failure is reported, not
 * thrown: the catalogue change itself is already stored.
 */
export class CacheInvalidator {
  constructor(private readonly target: StorefrontTarget) {}

  async invalidate(tags: readonly string[]): Promise<CacheInvalidationOutcome> {
    const { url, secret } = this.target;
    if (tags.length === 0 || !url || !secret) return { tags: tags.length, status: 'skipped' };
    try {
      for (let i = 0; i < tags.length; i += REVALIDATE_MAX_TAGS) {
        const response = await fetch(`${url}/internal/revalidate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-revalidate-secret': secret },
          body: JSON.stringify({ tags: tags.slice(i, i + REVALIDATE_MAX_TAGS) }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (!response.ok) throw new Error(`the storefront answered ${response.status}`);
      }
      return { tags: tags.length, status: 'sent' };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { tags: tags.length, status: 'failed', error: `Cache invalidation at ${url} failed: ${reason}` };
    }
  }
}
