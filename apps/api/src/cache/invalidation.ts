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
  /** The XML sitemap's product reads: any product change may add, remove or move a sitemap URL. */
  sitemap: 'sitemap',
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
 * categories before and after the change, the home page, whose newest-products list any
 * product change may enter or leave, and the XML sitemap, which lists every listable product by
 * URL (category and CMS changes reach its other reads by `category` and `cms`). Tax rules price
 * every product, so they refresh all product reads.
 */
export function tagsForChange(change: CatalogChange): string[] {
  if (change.ids.length === 0) return [];
  const products = [...change.productIds.map(StorefrontTag.productOf), ...change.skus.map(StorefrontTag.productBySku)];
  const lists = change.categoryIds.map(StorefrontTag.categoryOf);
  const tags = (() => {
    switch (change.entity) {
      case 'product':
        return [...products, ...lists, StorefrontTag.home, StorefrontTag.sitemap];
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
  /** Base URL of the storefront as the API reaches it, or of each instance, comma-separated; unset: nothing to invalidate. */
  url?: string | undefined;
  secret?: string | undefined;
  /** The edge cache (Varnish, deploy/varnish/shop.vcl), or each of several, comma-separated, purged by tag after the storefronts; unset: none. */
  edgeUrl?: string | undefined;
}

const TIMEOUT_MS = 10_000;

/** Tags per edge purge: at most 256 characters each (MAX_TAG_LENGTH), 50 fit in 13 KB. */
const EDGE_PURGE_BATCH = 50;

/**
 * A render that read the old data before a tag expired can still store its page afterwards, in
 * a storefront's cache or (fetched meanwhile) at the edge; with an edge cache, the whole
 * invalidation runs again this much later to remove such pages (ADR 0024).
 */
const SECOND_PASS_MS = 500;

/** `http://a:1, http://b:2/` → the two base URLs. */
const baseUrls = (list: string) =>
  list
    .split(',')
    .map((url) => url.trim().replace(/\/+$/, ''))
    .filter(Boolean);

async function expectOk(response: Response, who: string): Promise<void> {
  await response.body?.cancel();
  if (!response.ok) throw new Error(`${who} answered ${response.status}`);
}

/**
 * Sends stale tags to every storefront instance's `POST /internal/revalidate`, which expires them
 * at once (no stale answer after an invalidation: never an old price), then purges them from
 * every edge cache (`PURGE` with `xkey-purge`). A failure is reported, not thrown: the catalogue change
 * itself is already stored.
 */
export class CacheInvalidator {
  constructor(private readonly target: StorefrontTarget) {}

  async invalidate(tags: readonly string[]): Promise<CacheInvalidationOutcome> {
    const { url, secret, edgeUrl } = this.target;
    if (tags.length === 0 || !url || !secret) return { tags: tags.length, status: 'skipped' };
    const where = edgeUrl ? `${url} and the edge cache at ${edgeUrl}` : url;
    const pass = async () => {
      await Promise.all(baseUrls(url).map((storefront) => this.revalidate(storefront, secret, tags)));
      if (edgeUrl) await Promise.all(baseUrls(edgeUrl).map((edge) => this.purgeEdge(edge, tags)));
    };
    try {
      await pass();
      if (edgeUrl) setTimeout(() => void pass().catch(() => {}), SECOND_PASS_MS).unref();
      return { tags: tags.length, status: 'sent' };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { tags: tags.length, status: 'failed', error: `Cache invalidation at ${where} failed: ${reason}` };
    }
  }

  private async revalidate(storefront: string, secret: string, tags: readonly string[]): Promise<void> {
    for (let i = 0; i < tags.length; i += REVALIDATE_MAX_TAGS) {
      const response = await fetch(`${storefront}/internal/revalidate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-revalidate-secret': secret },
        body: JSON.stringify({ tags: tags.slice(i, i + REVALIDATE_MAX_TAGS) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await expectOk(response, `the storefront ${storefront}`);
    }
  }

  /** xkey takes tags separated by spaces; batches keep the header under Varnish's limit (64 KB). */
  private async purgeEdge(edgeUrl: string, tags: readonly string[]): Promise<void> {
    for (let i = 0; i < tags.length; i += EDGE_PURGE_BATCH) {
      const response = await fetch(`${edgeUrl}/`, {
        method: 'PURGE',
        headers: { 'xkey-purge': tags.slice(i, i + EDGE_PURGE_BATCH).join(' ') },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await expectOk(response, `the edge cache ${edgeUrl}`);
    }
  }
}
