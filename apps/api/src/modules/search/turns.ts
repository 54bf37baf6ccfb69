/**
 * Searches take turns. The in-memory index answers a search in one synchronous stretch of a few
 * milliseconds; 200 searches arriving together each ran that stretch as soon as its request was
 * read, so any other request (a cart, a health check) that arrived behind them waited for all 200:
 * ~0.5 s on this machine. Here at most `limit` searches run at once, and each waiting one starts
 * from `setImmediate`, after the event loop has read what else arrived meanwhile: other requests
 * wait for a turn or two, not for the whole burst. Searches run in arrival order.
 */
export class Turns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((start) => this.waiting.push(start));
    else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The turn passes on (running stays the same), after pending I/O has been read.
      if (next) setImmediate(next);
      else this.running--;
    }
  }
}
