/**
 * A bounded cache of loads by key: an entry expires `ttlMs` after it was loaded, and the least
 * recently used entry goes when the cache is full. Expired entries at the least recently used end
 * go at every load, so the cache holds what was used lately rather than filling to its bound with
 * every key a long run has seen. Concurrent loads of one key share one promise; a failed load is
 * not kept.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number }>();
  private onLookup: ((hit: boolean) => void) | undefined;

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Tells `onLookup` whether each lookup found its entry (the API's cache metrics); returns this cache. */
  observed(onLookup: (hit: boolean) => void): this {
    this.onLookup = onLookup;
    return this;
  }

  getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    this.entries.delete(key);
    if (entry && entry.expires > this.now()) {
      this.entries.set(key, entry); // now the most recently used
      this.onLookup?.(true);
      return entry.value;
    }
    this.onLookup?.(false);
    this.dropExpired();
    const value = load();
    const loaded = { value, expires: this.now() + this.ttlMs };
    this.entries.set(key, loaded);
    value.catch(() => {
      if (this.entries.get(key) === loaded) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  /** Entries held, expired ones not yet dropped included. */
  get size(): number {
    return this.entries.size;
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.expires > now) return;
      this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
