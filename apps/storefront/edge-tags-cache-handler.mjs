// Next's own file-system ISR cache, unchanged, that also tells the front server (front-server.mjs)
// the cache tags of the page or route answer being served, so it can pass them on to the edge
// cache as an `xkey` header (ADR 0024). Next keeps those tags with every cached page
// (`x-next-cache-tags`) but only sends them in its hosting platform's minimal mode.
import { AsyncLocalStorage } from 'node:async_hooks';
import FileSystemCacheModule from 'next/dist/server/lib/incremental-cache/file-system-cache.js';

const FileSystemCache = FileSystemCacheModule.default ?? FileSystemCacheModule;

/** One store per request, opened by front-server.mjs: `{ tags?: string }`. */
export const answerTags = (globalThis[Symbol.for('shop.answerTags')] ??= new AsyncLocalStorage());

/** Next refuses data-cache entries over 2 MB with its own handler only; kept so here too. */
const MAX_FETCH_ENTRY = 2 * 1024 * 1024;

function noteTags(value) {
  if (!value || value.kind === 'FETCH') return;
  const tags = value.headers?.['x-next-cache-tags'];
  const store = answerTags.getStore();
  if (store && typeof tags === 'string') store.tags = tags;
}

export default class EdgeTagsCacheHandler extends FileSystemCache {
  async get(key, ctx) {
    const entry = await super.get(key, ctx);
    noteTags(entry?.value);
    return entry;
  }

  async set(key, data, ctx) {
    if (ctx?.fetchCache && JSON.stringify(data).length > MAX_FETCH_ENTRY) return;
    noteTags(data);
    return super.set(key, data, ctx);
  }
}
