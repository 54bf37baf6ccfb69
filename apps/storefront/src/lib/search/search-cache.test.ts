import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@shop/contracts';
import {
  SEARCH_CACHE_KEY,
  SEARCH_CACHE_MAX_CHARS,
  SEARCH_CACHE_MAX_ENTRIES,
  canonicalJson,
  readCachedResult,
  searchQueryHash,
  writeCachedResult,
} from './search-cache.ts';

class MemoryStorage {
  data = new Map<string, string>();
  failWrites = false;
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new DOMException('quota', 'QuotaExceededError');
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

const result = (name: string, extra = ''): SearchResult => ({
  items: [{ sku: name, name: `${name}${extra}` }],
  aggregations: {},
  attributeMetadata: [],
  total: 1,
  start: 0,
  perPage: 8,
  matchedWords: [name],
  suggestions: [],
});

describe('search query hash', () => {
  it('is the same for equal queries whatever the key order, and differs otherwise', () => {
    const a = { q: 'coltello', filters: { colore: { in: ['1'] } }, sort: 'relevance', size: 8, start: 0 };
    const b = { start: 0, size: 8, sort: 'relevance', filters: { colore: { in: ['1'] } }, q: 'coltello' };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(searchQueryHash(a)).toBe(searchQueryHash(b));
    expect(searchQueryHash({ ...a, start: 8 })).not.toBe(searchQueryHash(a));
    expect(searchQueryHash({ ...a, filters: {} })).not.toBe(searchQueryHash(a));
    expect(searchQueryHash({ ...a, sort: 'final_price:asc' })).not.toBe(searchQueryHash(a));
    expect(searchQueryHash(a)).toMatch(/^[0-9a-z]+$/);
  });
  it('ignores undefined fields, as JSON does', () => {
    expect(canonicalJson({ q: 'x', aggregations: undefined })).toBe('{"q":"x"}');
  });
});

describe('search cache', () => {
  it('reads back what it wrote, by hash', () => {
    const storage = new MemoryStorage();
    writeCachedResult(storage, 'h1', result('coltello'), 1);
    expect(readCachedResult(storage, 'h1')).toEqual(result('coltello'));
    expect(readCachedResult(storage, 'h2')).toBeNull();
  });
  it('keeps the newest entries within the count cap', () => {
    const storage = new MemoryStorage();
    for (let i = 0; i < SEARCH_CACHE_MAX_ENTRIES + 5; i++) writeCachedResult(storage, `h${i}`, result(`p${i}`), i);
    expect(readCachedResult(storage, 'h0')).toBeNull();
    expect(readCachedResult(storage, 'h4')).toBeNull();
    expect(readCachedResult(storage, 'h5')).not.toBeNull();
    expect(readCachedResult(storage, `h${SEARCH_CACHE_MAX_ENTRIES + 4}`)).not.toBeNull();
  });
  it('drops the oldest entries beyond the size cap', () => {
    const storage = new MemoryStorage();
    const big = 'x'.repeat(Math.floor(SEARCH_CACHE_MAX_CHARS / 3));
    for (let i = 0; i < 4; i++) writeCachedResult(storage, `h${i}`, result(`p${i}`, big), i);
    expect(storage.getItem(SEARCH_CACHE_KEY)?.length).toBeLessThanOrEqual(SEARCH_CACHE_MAX_CHARS);
    expect(readCachedResult(storage, 'h0')).toBeNull();
    expect(readCachedResult(storage, 'h3')).not.toBeNull();
  });
  it('clears itself when storage refuses a write, and survives garbage', () => {
    const storage = new MemoryStorage();
    writeCachedResult(storage, 'h1', result('a'), 1);
    storage.failWrites = true;
    writeCachedResult(storage, 'h2', result('b'), 2);
    expect(storage.getItem(SEARCH_CACHE_KEY)).toBeNull();
    storage.failWrites = false;
    storage.setItem(SEARCH_CACHE_KEY, '{not json');
    expect(readCachedResult(storage, 'h1')).toBeNull();
    storage.setItem(SEARCH_CACHE_KEY, JSON.stringify({ h1: { at: 1, result: { items: 'no' } } }));
    expect(readCachedResult(storage, 'h1')).toBeNull();
  });
});
