/**
 * The best `k` of a stream of items by a comparator (negative: a ranks before b), kept in a
 * binary heap whose root is the worst kept: O(n log k) instead of sorting every hit.
 */
export class TopK {
  private readonly heap: number[] = [];

  constructor(
    private readonly k: number,
    private readonly before: (a: number, b: number) => number,
  ) {}

  /** The worst item kept once `k` are kept (what a newcomer must beat), else -1. */
  get worst(): number {
    return this.heap.length === this.k && this.k > 0 ? this.heap[0]! : -1;
  }

  offer(item: number): void {
    const h = this.heap;
    if (h.length < this.k) {
      h.push(item);
      this.up(h.length - 1);
    } else if (this.k > 0 && this.before(item, h[0]!) < 0) {
      h[0] = item;
      this.down(0);
    }
  }

  /** The kept items, best first. */
  sorted(): number[] {
    return [...this.heap].sort(this.before);
  }

  // The heap is ordered worst first: a parent ranks after its children.
  private up(i: number): void {
    const h = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.before(h[parent]!, h[i]!) >= 0) return;
      [h[parent], h[i]] = [h[i]!, h[parent]!];
      i = parent;
    }
  }

  private down(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < h.length && this.before(h[l]!, h[worst]!) > 0) worst = l;
      if (r < h.length && this.before(h[r]!, h[worst]!) > 0) worst = r;
      if (worst === i) return;
      [h[worst], h[i]] = [h[i]!, h[worst]!];
      i = worst;
    }
  }
}
