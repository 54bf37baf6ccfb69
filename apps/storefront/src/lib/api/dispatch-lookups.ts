/**
 * SERVER ONLY — the catalogue lookups of the URL dispatcher (lib/dispatch.ts), for proxy.ts.
 * Proxy cannot use Next's data cache (fetch `cache`/`next` options do nothing there), so answers
 * are kept in a bounded in-memory LRU for a few seconds: a burst of requests for one URL costs
 * one API call, and a catalogue change shows within the TTL.
 */
import type { ApiEnvelope, CatalogQueryInput } from '@shop/contracts';
import { DISPATCH_PRODUCT_FIELDS, type DispatchLookups, type DispatchCategory, type DispatchCmsPage, type DispatchProduct, type UrlMapping } from '@/lib/dispatch.ts';
import { TtlLru, cachedLookup } from '@/lib/ttl-lru.ts';
import { apiRequestHeaders, countCacheLookup } from '@/lib/observability.ts';
import { apiInternalUrl } from './client.ts';

/** How long a lookup answer is reused, and how many are kept. */
export const DISPATCH_CACHE_TTL_MS = 30_000;
export const DISPATCH_CACHE_ENTRIES = 5_000;

/** A slow API must not hold every page up: past this the request goes through unchecked. */
const LOOKUP_TIMEOUT_MS = 2_000;

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${apiInternalUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...apiRequestHeaders() },
    body: JSON.stringify(body),
    cache: 'no-store',
    signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
  });
  const payload = (await response.json()) as ApiEnvelope<T>;
  if (!response.ok || payload.code !== 200) throw new Error(`${path} answered ${response.status}`);
  return payload.result;
}

async function first<T>(query: CatalogQueryInput): Promise<T | null> {
  const result = await post<{ items: T[] }>('/api/catalog', { ...query, size: 1, trackTotalHits: false });
  return result.items[0] ?? null;
}

/** The lookups straight from the API, without caching. */
export const apiDispatchLookups: DispatchLookups = {
  productBySku: (sku) =>
    first<DispatchProduct>({ entityType: 'product', filters: { sku: { eq: sku } }, includeFields: DISPATCH_PRODUCT_FIELDS }),
  parentOfChild: (childSku) =>
    first<DispatchProduct>({
      entityType: 'product',
      filters: { 'configurable_children.sku': { eq: childSku }, type_id: { eq: 'configurable' } },
      includeFields: DISPATCH_PRODUCT_FIELDS,
    }),
  categoryBySlug: (slug) =>
    first<DispatchCategory>({
      entityType: 'category',
      filters: { slug: { eq: slug }, is_active: { eq: true } },
      includeFields: ['id', 'slug', 'url_key', 'is_active'],
    }),
  cmsPage: (identifier) =>
    first<DispatchCmsPage>({
      entityType: 'cms_page',
      filters: { identifier: { eq: identifier }, active: { eq: true } },
      includeFields: ['identifier', 'active'],
    }),
  mapUrl: (url) =>
    post<UrlMapping>('/api/url/map', {
      url,
      includeFields: [...DISPATCH_PRODUCT_FIELDS, 'is_active', 'identifier', 'active'],
    }),
};

const cache = new TtlLru<{ result: unknown }>(DISPATCH_CACHE_ENTRIES, DISPATCH_CACHE_TTL_MS);

function cached<R>(lookup: (arg: string) => Promise<R>, prefix: string): (arg: string) => Promise<R> {
  return cachedLookup(lookup, cache as TtlLru<{ result: R }>, prefix, (hit) => countCacheLookup('dispatch', hit));
}

/** The lookups proxy.ts uses: the API behind the short-lived LRU. */
export const cachedDispatchLookups: DispatchLookups = {
  productBySku: cached(apiDispatchLookups.productBySku, 'sku'),
  parentOfChild: cached(apiDispatchLookups.parentOfChild, 'parent'),
  categoryBySlug: cached(apiDispatchLookups.categoryBySlug, 'category'),
  cmsPage: cached(apiDispatchLookups.cmsPage, 'cms'),
  mapUrl: cached(apiDispatchLookups.mapUrl, 'url'),
};
