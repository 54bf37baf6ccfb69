/**
 * SERVER ONLY (see client.ts). CMS pages and blocks from the API's CMS endpoint
 * (GET /api/ext/cms-data/…, catalogue.md §7), whose `content` is HTML the server has sanitised:
 * the only HTML the storefront renders as HTML. Cached with the `cms` tag (plus the tags of the
 * page showing the content).
 */
import { cache } from 'react';
import type { ApiEnvelope, CmsBlock, CmsPage } from '@shop/contracts';
import { cmsTags, normalizeTags } from '@/lib/cache-tags.ts';
import { CACHE_TTL_SECONDS } from '@/lib/shop-config.ts';
import { apiRequestHeaders } from '@/lib/observability.ts';
import { ApiError, apiInternalUrl } from './client.ts';

const REQUEST_TIMEOUT_MS = 5000;

/** Store view id of the it store (CMS content of store 0 is shared by all stores). */
export const CMS_STORE_ID = 1;

type CmsKind = 'cmsPage' | 'cmsBlock';

/** `/api/ext/cms-data/cmsPageIdentifier/{identifier}?storeId=1` (VSF cms-data extension paths). */
export function cmsIdentifierPath(kind: CmsKind, identifier: string, storeId = CMS_STORE_ID): string {
  return `/api/ext/cms-data/${kind}Identifier/${encodeURIComponent(identifier)}?storeId=${storeId}`;
}

/** A CMS document by identifier, or null when there is no active one. */
async function fetchCms<T>(kind: CmsKind, identifier: string, tags: readonly string[]): Promise<T | null> {
  const url = `${apiInternalUrl()}${cmsIdentifierPath(kind, identifier)}`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...apiRequestHeaders() },
      cache: 'force-cache',
      next: { tags: normalizeTags(tags), revalidate: CACHE_TTL_SECONDS },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ApiError(`The commerce API at ${url} is not reachable: ${String(error)}`, 0);
  }
  if (response.status === 404) return null;
  const payload = (await response.json().catch(() => null)) as ApiEnvelope<T> | null;
  if (!response.ok || !payload || payload.code !== 200) {
    throw new ApiError(`CMS query failed (${response.status}) for ${kind} ${identifier}`, response.status);
  }
  return payload.result ?? null;
}

/** An active CMS page by identifier, or null. */
export const getCmsPage = cache(async (identifier: string): Promise<CmsPage | null> => {
  const page = await fetchCms<CmsPage>('cmsPage', identifier, cmsTags());
  return page && page.active !== false ? page : null;
});

/**
 * Active CMS blocks by identifier (a category's cms_block_top / cms_block_bottom), tagged with
 * the page's own tags too. A block that is missing or cannot be read is left out: it is an
 * extra on the page, not a reason to fail it.
 */
export async function getCmsBlocks(identifiers: readonly string[], pageTags: readonly string[]): Promise<Map<string, CmsBlock>> {
  const unique = [...new Set(identifiers.filter((id) => id.trim() !== ''))];
  const blocks = await Promise.all(
    unique.map((identifier) => fetchCms<CmsBlock>('cmsBlock', identifier, cmsTags(...pageTags)).catch(() => null)),
  );
  const found = new Map<string, CmsBlock>();
  blocks.forEach((block, i) => {
    if (block && block.active !== false) found.set(unique[i]!, block);
  });
  return found;
}
