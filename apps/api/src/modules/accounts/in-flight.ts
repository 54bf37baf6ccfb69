/**
 * At most `limit` operations of one key at a time in this process; the rest are refused at once,
 * before they cost a database round trip. A burst of registrations from one address, or of guesses
 * at one account (issue #43), otherwise queues its counter reads and writes in front of everyone's
 * sign-in on the embedded database.
 */
export class InFlightLimit {
  private readonly counts = new Map<string, number>();

  constructor(private readonly limit: number) {}

  async run<T>(key: string, refused: () => Error, work: () => Promise<T>): Promise<T> {
    const running = this.counts.get(key) ?? 0;
    if (running >= this.limit) throw refused();
    this.counts.set(key, running + 1);
    try {
      return await work();
    } finally {
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
    }
  }
}
