/**
 * The local cache of search results (catalogue.md §7: "Results are cached locally by a hash of
 * the query"), for offline use. One storage entry holds the newest results by query hash, capped
 * in count and size (oldest go first); a storage error (quota, privacy mode) clears it (§8
 * "Storage-quota errors clear caches"). Pure apart from the injected storage.
 */
import type { SearchResult } from '@shop/contracts';

export const SEARCH_CACHE_KEY = 'bp.search-cache.v1';
export const SEARCH_CACHE_MAX_ENTRIES = 30;
/** Characters of the serialised cache (localStorage holds about 5 M per origin, shared). */
export const SEARCH_CACHE_MAX_CHARS = 1_000_000;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
type Entry = { at: number; result: SearchResult };
type CacheData = Record<string, Entry>;

/** JSON with object keys sorted, so equal queries serialise alike whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** cyrb53: a fast 53-bit string hash (not cryptographic; a cache key needs no more). */
function cyrb53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The cache key of a query: term, filters, sort, paging and facets. */
export function searchQueryHash(query: unknown): string {
  return cyrb53(canonicalJson(query));
}

function load(storage: StorageLike): CacheData {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SEARCH_CACHE_KEY) ?? '{}');
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as CacheData) : {};
  } catch {
    return {};
  }
}

export function readCachedResult(storage: StorageLike, hash: string): SearchResult | null {
  const entry = load(storage)[hash];
  return entry && typeof entry === 'object' && Array.isArray(entry.result?.items) ? entry.result : null;
}

/** Keeps `result` under `hash`; drops the oldest entries beyond the caps. */
export function writeCachedResult(storage: StorageLike, hash: string, result: SearchResult, now: number): void {
  const data = load(storage);
  data[hash] = { at: now, result };
  const newestFirst = Object.entries(data).sort(([, a], [, b]) => b.at - a.at);
  let kept = newestFirst.slice(0, SEARCH_CACHE_MAX_ENTRIES);
  let text = JSON.stringify(Object.fromEntries(kept));
  while (text.length > SEARCH_CACHE_MAX_CHARS && kept.length > 0) {
    kept = kept.slice(0, -1);
    text = JSON.stringify(Object.fromEntries(kept));
  }
  try {
    storage.setItem(SEARCH_CACHE_KEY, text);
  } catch {
    try {
      storage.removeItem(SEARCH_CACHE_KEY);
    } catch {
      // storage unusable: nothing is cached
    }
  }
}
