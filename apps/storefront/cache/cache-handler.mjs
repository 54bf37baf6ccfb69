// Next's own file-system ISR cache with two additions (ADR 0024):
// - it tells the front server (front-server.mjs) the cache tags of the page or route answer being
//   served, so it can pass them on to the edge cache as an `xkey` header. Next keeps those tags
//   with every cached page (`x-next-cache-tags`) but only sends them in its hosting platform's
//   minimal mode;
// - with REDIS_URL, pages, route answers and data-cache entries are also kept in Redis, shared by
//   every storefront instance: what this instance does not have, another may have rendered.
//   This instance's cache stays in front, and alone when Redis is away.
import { AsyncLocalStorage } from 'node:async_hooks';
import FileSystemCacheModule from 'next/dist/server/lib/incremental-cache/file-system-cache.js';
import tagsManifestModule from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';
import { answerTagsOf } from './cache-values.mjs';
import { sharedStore } from './shared-store.mjs';

const FileSystemCache = FileSystemCacheModule.default ?? FileSystemCacheModule;
const { areTagsExpired, tagsManifest } = tagsManifestModule;

/**
 * One store per request, opened by front-server.mjs: `{ tags?: string, afterAnswer(task), requestId }`,
 * `afterAnswer` running `task` once the answer has been sent; `requestId` is what the API client
 * passes on (src/lib/observability.ts).
 */
export const answerTags = (globalThis[Symbol.for('shop.answerTags')] ??= new AsyncLocalStorage());

/** Next refuses data-cache entries over 2 MB with its own handler only; kept so here too. */
const MAX_FETCH_ENTRY = 2 * 1024 * 1024;
/** What is shared: App Router pages, route answers and the data cache (Next's kinds). */
const SHARED_KINDS = new Set(['APP_PAGE', 'APP_ROUTE', 'FETCH']);

function noteTags(value) {
  if (!value || value.kind === 'FETCH') return;
  const tags = value.headers?.['x-next-cache-tags'];
  const store = answerTags.getStore();
  if (store && typeof tags === 'string') store.tags = tags;
}

/** The tags a read must check: a page's own, or those the data-cache lookup names. */
const readTags = (entry, ctx) => (entry.value.kind === 'FETCH' ? [...(ctx.tags ?? []), ...(ctx.softTags ?? [])] : answerTagsOf(entry.value));

export default class ShopCacheHandler extends FileSystemCache {
  constructor(ctx) {
    super(ctx);
    this.shared = sharedStore(ctx.serverDistDir);
    // With a shared store, what this instance renders stays in its memory and goes to Redis, not
    // to the build directory on disk, which instances on one machine would otherwise share
    // behind the store's back (its pages and tag checks are per instance).
    if (this.shared) this.flushToDisk = false;
  }

  async get(key, ctx) {
    const own = await super.get(key, ctx);
    const entry = own ?? (await this.sharedGet(key, ctx));
    noteTags(entry?.value);
    // The data cache's lookups for the metrics (front-server.mjs serves them; pages are counted there).
    if (ctx?.kind === 'FETCH') globalThis[Symbol.for('shop.metrics')]?.cacheLookup('data', own ? 'hit' : entry ? 'shared_hit' : 'miss');
    return entry;
  }

  async sharedGet(key, ctx) {
    if (!this.shared || !SHARED_KINDS.has(ctx.kind) || ctx.isFallback) return null;
    const entry = await this.shared.read(key);
    if (!entry || entry.value.kind !== ctx.kind) return null;
    // The same checks Next makes of its own entries, against this instance's tag expiries.
    const tags = readTags(entry, ctx);
    if (areTagsExpired(tags, entry.lastModified) || (ctx.kind === 'FETCH' && tags.some((tag) => this.revalidatedTags.includes(tag)))) return null;
    // Kept here too, with the time it was made, so tag expiries apply to it as to the original.
    const found = { value: entry.value, lastModified: entry.lastModified, cacheControl: entry.cacheControl };
    FileSystemCache.memoryCache?.set(key, found);
    return found;
  }

  async set(key, data, ctx) {
    if (ctx?.fetchCache && JSON.stringify(data).length > MAX_FETCH_ENTRY) return;
    noteTags(data);
    await super.set(key, data, ctx);
    if (!this.shared || !data || !SHARED_KINDS.has(data.kind) || ctx?.isFallback) return;
    const fetchCache = data.kind === 'FETCH';
    const entry = {
      lastModified: Date.now(),
      value: data,
      cacheControl: fetchCache ? undefined : ctx.cacheControl,
      tags: fetchCache ? (ctx.tags ?? []) : answerTagsOf(data),
    };
    // Next awaits this before it answers the request that rendered the page: encoding the entry
    // and sending it to Redis wait until the answer has gone (an edge miss is not made longer by
    // the copy for the other instances). The entry keeps the time it was made, so a tag expired
    // meanwhile still counts against it.
    const afterAnswer = answerTags.getStore()?.afterAnswer ?? setImmediate;
    afterAnswer(() => void this.shared.write(key, entry));
  }

  async revalidateTag(tags, durations) {
    await super.revalidateTag(tags, durations);
    if (!this.shared) return;
    const expiries = new Map();
    for (const tag of typeof tags === 'string' ? [tags] : tags) {
      const expired = tagsManifest.get(tag)?.expired;
      if (typeof expired === 'number') expiries.set(tag, expired);
    }
    await this.shared.expireTags(expiries);
  }
}
