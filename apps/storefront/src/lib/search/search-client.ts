/**
 * The browser side of POST /api/search (through the shop's origin): a 5000 ms client time-out
 * (catalogue.md §9) and the offline rules of §7. Online answers are cached by query hash; when
 * the browser is offline or the request fails on the way (network error, time-out), the cached
 * answer is shown, else an empty result flagged offline. An API error answer is an error, not
 * "offline". Environment injected for tests.
 */
import type { SearchQueryInput, SearchResult } from '@shop/contracts';
import { DEFAULT_CHILD_FIELDS, fieldProjection } from '@shop/domain';
import { readCachedResult, searchQueryHash, writeCachedResult } from './search-cache.ts';

/** catalogue.md §9 "client timeout 5000 ms". */
export const SEARCH_TIMEOUT_MS = 5000;

/** What a result item keeps (a tile's fields): the cache then holds many answers. */
const ITEM_FIELDS = ['id', 'sku', 'name', 'slug', 'url_key', 'type_id', 'image', 'price', 'price_incl_tax', 'original_price', 'original_price_incl_tax', 'special_price', ...DEFAULT_CHILD_FIELDS];
const projectItem = fieldProjection(ITEM_FIELDS);

export interface SearchAnswer {
  result: SearchResult;
  /** The shop could not be reached: `result` is a saved answer (`cached`) or empty. */
  offline: boolean;
  cached: boolean;
}

export class SearchError extends Error {
  override name = 'SearchError';
}

export interface SearchEnv {
  fetch: typeof fetch;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  online: () => boolean;
  now: () => number;
  timeoutMs: number;
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function browserEnv(): SearchEnv {
  return { fetch: (...args) => fetch(...args), storage: browserStorage(), online: () => navigator.onLine, now: Date.now, timeoutMs: SEARCH_TIMEOUT_MS };
}

export function emptyResult(): SearchResult {
  return { items: [], total: 0, start: 0, perPage: 0, aggregations: {}, attributeMetadata: [], matchedWords: [], suggestions: [] };
}

export function compactResult(result: SearchResult): SearchResult {
  const items = result.items.map(projectItem);
  return { ...result, items, matchedWords: result.matchedWords ?? [], suggestions: result.suggestions ?? [] };
}

function isResult(value: unknown): value is SearchResult {
  return typeof value === 'object' && value !== null && Array.isArray((value as SearchResult).items) && typeof (value as SearchResult).total === 'number';
}

/** Runs a search; rejects with the caller's AbortError when `signal` aborts, SearchError on an error answer. */
export async function runSearch(query: SearchQueryInput, signal: AbortSignal, env: SearchEnv = browserEnv()): Promise<SearchAnswer> {
  const hash = searchQueryHash(query);
  const fromCache = (): SearchAnswer => {
    const cached = env.storage ? readCachedResult(env.storage, hash) : null;
    return cached ? { result: cached, offline: true, cached: true } : { result: emptyResult(), offline: true, cached: false };
  };
  if (!env.online()) return fromCache();

  // One controller for the caller's abort and the time-out (a plain timer: AbortSignal.any over
  // AbortSignal.timeout can be collected before it fires in some runtimes).
  const controller = new AbortController();
  const abort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', abort);
  const timer = setTimeout(() => controller.abort(new DOMException('search timed out', 'TimeoutError')), env.timeoutMs);
  let response: Response;
  let body: { code?: unknown; result?: unknown } | null;
  try {
    response = await env.fetch('/api/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(query),
      signal: controller.signal,
    });
    body = (await response.json().catch((error: unknown) => {
      if (controller.signal.aborted) throw error;
      return null; // not JSON: an error answer
    })) as typeof body;
  } catch (error) {
    if (signal.aborted) throw error;
    return fromCache(); // network failure or time-out: treated as offline
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abort);
  }
  if (!response.ok || body?.code !== 200 || !isResult(body.result)) {
    throw new SearchError(`search answered ${response.status}`);
  }
  const result = compactResult(body.result);
  if (env.storage) writeCachedResult(env.storage, hash, result, env.now());
  return { result, offline: false, cached: false };
}
