// The storefront's memory budget, read where Next is configured (next.config.ts) and where a
// storefront process is started (scripts/lib/processes.mjs, scripts/lib/topology.mjs, the unit in
// docs/deploy.md).
//
// Its live heap is ~90 MB of code and state plus the in-memory page cache at up to twice the size
// Next estimates for its entries. Left to V8's defaults on a large machine (a heap limit of several
// GB), the collector lets garbage build up to 3–4 times that between full collections: a soak
// instance held 650–980 MB of RSS of which ~160 MB was live (heap snapshot after a forced
// collection). Capping the old generation at what the live heap can reach keeps it near the
// live size for a few percent more CPU (ADR 0024, the soaks of 2026-11-30). Outside the heap, glibc's
// per-thread allocator arenas held ~90 MB: the production topology (topology.mjs) and the
// systemd unit of docs/deploy.md start a storefront, like an API, with MALLOC_ARENA_MAX=2.

const positive = (name, value) => {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`${name} must be a positive number of megabytes, not "${value}"`);
  return number;
};

/**
 * Next's in-memory page and data cache: small with the shared cache (Redis), whose near copy it
 * is (a page it misses costs a Redis read, not a render). Against 64 MB, 32 saved ~40 MB of live
 * heap for a few percent more CPU in the soak (ADR 0024).
 */
export const pageCacheMb = (env = process.env) => positive('PAGE_CACHE_MB', env.PAGE_CACHE_MB ?? (env.REDIS_URL ? 32 : 256));

/** V8's old-generation limit: the live heap's reach (code and state, the page cache at twice its estimate), unless STOREFRONT_HEAP_MB says. */
export const heapLimitMb = (env = process.env) => positive('STOREFRONT_HEAP_MB', env.STOREFRONT_HEAP_MB ?? 128 + 2 * pageCacheMb(env));

/** The Node options a storefront process starts with (none when NODE_OPTIONS already sets the limit). */
export const storefrontNodeArgs = (env = process.env) =>
  /--max[-_]old[-_]space[-_]size/.test(env.NODE_OPTIONS ?? '') ? [] : [`--max-old-space-size=${heapLimitMb(env)}`];
