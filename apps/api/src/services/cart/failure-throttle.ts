/**
 * Counts failures (or any event) per key in a sliding window: coupon guessing per cart and per
 * client address, cart creations per client address.
 * In process memory: one API process sees all its requests; several processes would need a
 * shared store. Old keys are dropped so the map stays bounded.
 */
export class FailureThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 50_000,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it is not blocked. */
  retryAfterMs(key: string): number {
    const recent = this.recent(key);
    return recent.length >= this.limit ? recent[recent.length - this.limit]! + this.windowMs - this.now() : 0;
  }

  record(key: string): void {
    if (!this.failures.has(key) && this.failures.size >= this.maxKeys) {
      this.failures.delete(this.failures.keys().next().value!);
    }
    this.failures.set(key, [...this.recent(key), this.now()]);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) this.failures.delete(key);
    return kept;
  }
}
