// The page and data cache shared by every storefront instance (ADR 0024): Redis at REDIS_URL, so
// a page one instance rendered is served by the others without rendering it again. Each instance
// keeps its own cache in front of it and works alone whenever Redis does not answer: the store
// then steps aside for a few seconds instead of making every request wait for it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { decodeEntry, encodeEntry, expiredSince } from './cache-values.mjs';

/** How long a shared entry lives at most: a day of freshness (the pages' s-maxage) and a day of grace. */
const ENTRY_TTL_SECONDS = 2 * 86_400;
/**
 * A command Redis has not answered by then is given up: the page is read or rendered locally. Not
 * shorter: a storefront busy rendering reads answers late (a 250 ms limit tripped under the soak).
 */
const COMMAND_TIMEOUT_MS = 1_000;
/** After a failure the store is not asked for this long (a Redis down or frozen costs one timeout). */
const PAUSE_AFTER_FAILURE_MS = 5_000;

function createStore(url, buildId) {
  const client = new Redis(url, {
    // Fail at once while disconnected rather than queueing requests behind a dead server.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 1_000,
    retryStrategy: () => 1_000,
    lazyConnect: false,
  });
  // Pages are built against one build's scripts: a new deployment never reads the old one's pages.
  const pagePrefix = `shop:next:${buildId}:page:`;
  const tagKey = 'shop:next:tags';
  let pausedUntil = 0;
  let outage = false;
  /** Tag expiries that could not be written: sent again first thing once Redis answers. */
  const unsentExpiries = new Map();

  const fail = (error) => {
    pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
    if (!outage) console.warn(`Shared page cache unavailable, serving from this instance's cache: ${error?.message ?? error}`);
    outage = true;
  };
  client.on('error', fail);
  client.on('ready', () => {
    if (outage) console.warn('Shared page cache reachable again');
    outage = false;
    pausedUntil = 0;
  });
  // A restart starts cold, as each instance's own cache does (instrumentation.ts): pages stored
  // while no instance was up to hear of a catalogue change may be stale.
  let flushing = Promise.resolve();
  client.once('ready', () => {
    flushing = flushPages().catch(fail);
  });

  async function flushPages() {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${pagePrefix}*`, 'COUNT', 500);
      if (keys.length) await client.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  }

  const available = () => client.status === 'ready' && Date.now() >= pausedUntil;

  async function sendExpiries(expiries) {
    if (expiries.size === 0) return;
    // HSET keeps the latest expiry written; an older one sent late must not move a tag back.
    const batch = client.multi();
    for (const [tag, at] of expiries) batch.eval("local v = tonumber(redis.call('HGET', KEYS[1], ARGV[1])) if not v or v < tonumber(ARGV[2]) then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end", 1, tagKey, tag, at);
    await batch.exec();
  }

  async function flushUnsent() {
    if (unsentExpiries.size === 0) return;
    const pending = new Map(unsentExpiries);
    await sendExpiries(pending);
    for (const [tag, at] of pending) if (unsentExpiries.get(tag) === at) unsentExpiries.delete(tag);
  }

  return {
    /** The entry another instance stored, unless one of its tags expired since (or Redis is away). */
    async read(key) {
      if (!available()) return null;
      try {
        await flushing;
        await flushUnsent();
        const stored = await client.getBuffer(pagePrefix + key);
        if (!stored) return null;
        const entry = await decodeEntry(stored);
        if (!entry) return null;
        if (entry.tags.length) {
          const expiries = await client.hmget(tagKey, ...entry.tags);
          if (expiries.some((at) => at !== null && expiredSince(Number(at), entry.lastModified))) return null;
        }
        return entry;
      } catch (error) {
        fail(error);
        return null;
      }
    },

    async write(key, entry) {
      if (!available()) return;
      try {
        await client.set(pagePrefix + key, await encodeEntry(entry), 'EX', ENTRY_TTL_SECONDS);
      } catch (error) {
        fail(error);
      }
    },

    /** Records when tags expired, so an instance that did not hear of it yet (or restarted) skips what they tag. */
    async expireTags(expiries) {
      for (const [tag, at] of expiries) unsentExpiries.set(tag, Math.max(at, unsentExpiries.get(tag) ?? 0));
      if (client.status !== 'ready') return;
      try {
        await flushUnsent();
      } catch (error) {
        fail(error);
      }
    },
  };
}

/**
 * One store per process (Next makes a cache handler per request), or none without REDIS_URL, and
 * none while the build runs (no BUILD_ID yet): only a running shop shares what it rendered.
 */
export function sharedStore(serverDistDir) {
  const url = process.env.REDIS_URL;
  if (!url) return undefined;
  const slot = Symbol.for('shop.sharedPageStore');
  if (globalThis[slot]) return globalThis[slot];
  // Next does not give every handler it makes its server directory; the build's is where it runs.
  const distDir = serverDistDir ? join(serverDistDir, '..') : join(process.cwd(), process.env.NEXT_DIST_DIR ?? '.next');
  const buildIdFile = join(distDir, 'BUILD_ID');
  if (!existsSync(buildIdFile)) return undefined;
  return (globalThis[slot] = createStore(url, readFileSync(buildIdFile, 'utf8').trim()));
}
