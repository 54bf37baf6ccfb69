/**
 * A small least-recently-used map whose entries also expire after a fixed time. Used by
 * proxy.ts to remember URL lookups for a few seconds (Proxy cannot use Next's data cache).
 */
export class TtlLru<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    readonly maxEntries: number,
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The live value of `key` (and marks it recently used), or undefined. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Wraps an async lookup with the cache: answers (including null, "not found") are kept for the
 * TTL, failures are not; concurrent calls for one key share one request.
 */
export function cachedLookup<A extends string, R>(
  lookup: (arg: A) => Promise<R>,
  cache: TtlLru<{ result: R }>,
  prefix: string,
  /** Told whether each call found its answer kept (the storefront's cache metrics). */
  observe?: (hit: boolean) => void,
): (arg: A) => Promise<R> {
  const inFlight = new Map<string, Promise<R>>();
  return (arg: A) => {
    const key = `${prefix}:${arg}`;
    const hit = cache.get(key);
    observe?.(hit !== undefined);
    if (hit) return Promise.resolve(hit.result);
    const pending = inFlight.get(key);
    if (pending) return pending;
    const request = lookup(arg)
      .then((result) => {
        cache.set(key, { result });
        return result;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, request);
    return request;
  };
}
