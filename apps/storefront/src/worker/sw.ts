/// <reference lib="webworker" />
/**
 * The shop's service worker, served at /service-worker.js (catalogue.md §1; built by Serwist in
 * app/serwist/[path]/route.ts; decisions in ADR 0020). Precaches the build's static files and
 * the offline page; keeps visited catalogue pages (network first, 3 s) and pictures (cache first,
 * bounded, expiring); stores nothing private (cache-rules.ts). A new build takes over at once and
 * drops the caches of the old one; a page still running the old build reloads itself when one of
 * its chunks is gone (lib/chunk-reload.ts).
 */
import type { PrecacheEntry } from 'serwist';
import { CacheFirst, CacheableResponsePlugin, ExpirationPlugin, NetworkFirst, NetworkOnly, Serwist } from 'serwist';
import { buildVersion, cacheKind, isBackOffice, outdatedPageCaches, PAGE_CACHE_PREFIX, SHELL_CACHE_PREFIX, SHELL_PATHS, shellKey } from './cache-rules.ts';

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };

/** The page shown for a page opened offline that was never visited (precached, see the route). */
const OFFLINE_URL = '/offline';
const version = buildVersion(self.__SW_MANIFEST ?? []);
const pageCache = `${PAGE_CACHE_PREFIX}${version}`;
/** The cart and checkout frames (no buyer data: the server renders them empty for everyone). */
const shellCache = `${SHELL_CACHE_PREFIX}${version}`;
const origin = self.location.origin;

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  skipWaiting: true,
  clientsClaim: true,
  runtimeCaching: [
    {
      matcher: ({ request }) => cacheKind(request, origin) === 'page',
      handler: new NetworkFirst({
        cacheName: pageCache,
        networkTimeoutSeconds: 3,
        plugins: [
          new CacheableResponsePlugin({ statuses: [200] }),
          // catalogue.md §9: output cache TTL 86400 s.
          new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 86_400, purgeOnQuotaError: true }),
        ],
      }),
    },
    {
      matcher: ({ request }) => cacheKind(request, origin) === 'shell',
      handler: new NetworkFirst({
        cacheName: shellCache,
        networkTimeoutSeconds: 3,
        plugins: [new CacheableResponsePlugin({ statuses: [200] }), { cacheKeyWillBeUsed: async ({ request }) => shellKey(request.url) }],
      }),
    },
    {
      matcher: ({ request }) => cacheKind(request, origin) === 'image',
      handler: new CacheFirst({
        cacheName: 'shop-images',
        plugins: [
          new CacheableResponsePlugin({ statuses: [200] }),
          new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * 86_400, maxAgeFrom: 'last-used', purgeOnQuotaError: true }),
        ],
      }),
    },
    // Any other page (thank-you, account, search) only from the network, so that offline it gets the
    // fallback; the back office matches no route at all: the browser fetches it as if there were no worker.
    { matcher: ({ request }) => request.mode === 'navigate' && !isBackOffice(request.url), handler: new NetworkOnly() },
  ],
  fallbacks: { entries: [{ url: OFFLINE_URL, matcher: ({ request }) => request.mode === 'navigate' && !isBackOffice(request.url) }] },
});

// The cart and checkout open offline even when never visited: their frames are fetched at install,
// without cookies (the same page as for anyone). A failure leaves them to the first online visit.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(shellCache).then((cache) =>
      Promise.all(
        SHELL_PATHS.map(async (path) => {
          const response = await fetch(path, { credentials: 'omit' });
          if (response.ok) await cache.put(shellKey(new URL(path, origin).href), response);
        }),
      ).catch(() => undefined),
    ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(outdatedPageCaches(names, [pageCache, shellCache]).map((name) => caches.delete(name)))),
  );
});

serwist.addEventListeners();
