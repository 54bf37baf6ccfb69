import { describe, expect, it, vi } from 'vitest';
import type { SearchQueryInput } from '@shop/contracts';
import { SearchError, runSearch, type SearchEnv } from './search-client.ts';

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (key: string) => this.data.get(key) ?? null;
  setItem = (key: string, value: string) => void this.data.set(key, value);
  removeItem = (key: string) => void this.data.delete(key);
}

const query: SearchQueryInput = { q: 'coltello', filters: {}, sort: 'relevance', size: 8, start: 0 };
const answer = {
  items: [{ sku: 'K1', name: 'Coltello', price: 10, description: 'long text', media_gallery: [] }],
  total: 1,
  start: 0,
  perPage: 8,
  matchedWords: ['coltello'],
  suggestions: [],
};
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function env(overrides: Partial<SearchEnv> = {}): SearchEnv {
  return { fetch: vi.fn(async () => json(200, { code: 200, result: answer })), storage: new MemoryStorage(), online: () => true, now: () => 1, timeoutMs: 5000, ...overrides };
}

describe('runSearch', () => {
  it('posts the query and keeps only the tile fields of each item', async () => {
    const e = env();
    const { result, offline } = await runSearch(query, new AbortController().signal, e);
    expect(offline).toBe(false);
    expect(result.items).toEqual([{ sku: 'K1', name: 'Coltello', price: 10 }]);
    const [url, init] = vi.mocked(e.fetch).mock.calls[0] ?? [];
    expect(url).toBe('/api/search');
    expect(JSON.parse(String(init?.body))).toEqual(query);
  });

  it('answers from the cache when offline, or an empty result flagged offline', async () => {
    const storage = new MemoryStorage();
    await runSearch(query, new AbortController().signal, env({ storage }));
    const offlineFetch = vi.fn();
    const cached = await runSearch(query, new AbortController().signal, env({ storage, online: () => false, fetch: offlineFetch }));
    expect(cached).toMatchObject({ offline: true, cached: true, result: { total: 1 } });
    expect(offlineFetch).not.toHaveBeenCalled();
    const other = await runSearch({ ...query, q: 'guanti' }, new AbortController().signal, env({ storage, online: () => false }));
    expect(other).toMatchObject({ offline: true, cached: false, result: { items: [], total: 0 } });
  });

  it('treats a network failure and a time-out as offline', async () => {
    const storage = new MemoryStorage();
    await runSearch(query, new AbortController().signal, env({ storage }));
    const failing = env({ storage, fetch: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) });
    expect(await runSearch(query, new AbortController().signal, failing)).toMatchObject({ offline: true, cached: true });
    const hanging = env({
      timeoutMs: 20,
      fetch: vi.fn(
        (_url: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
      ),
    });
    expect(await runSearch(query, new AbortController().signal, hanging)).toMatchObject({ offline: true, cached: false });
  });

  it('rejects on an error answer and when the caller aborts', async () => {
    await expect(runSearch(query, new AbortController().signal, env({ fetch: vi.fn(async () => json(500, { code: 500, result: 'boom' })) }))).rejects.toBeInstanceOf(SearchError);
    const controller = new AbortController();
    const pending = runSearch(
      query,
      controller.signal,
      env({
        fetch: vi.fn(
          (_url: RequestInfo | URL, init?: RequestInit) =>
            new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
        ),
      }),
    );
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
