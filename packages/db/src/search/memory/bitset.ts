/** A fixed-size set of small integers (product slots), one bit each, 32 to a word. */
export class Bitset {
  readonly words: Uint32Array;

  constructor(
    /** Capacity in bits. */
    readonly size: number,
    words?: Uint32Array,
  ) {
    this.words = words ?? new Uint32Array((size + 31) >>> 5);
  }

  set(i: number): void {
    this.words[i >>> 5]! |= 1 << (i & 31);
  }

  clear(i: number): void {
    this.words[i >>> 5]! &= ~(1 << (i & 31));
  }

  has(i: number): boolean {
    return (this.words[i >>> 5]! & (1 << (i & 31))) !== 0;
  }

  /** How many bits are set. */
  count(): number {
    let n = 0;
    for (const word of this.words) {
      const pairs = word - ((word >>> 1) & 0x55555555);
      const nibbles = (pairs & 0x33333333) + ((pairs >>> 2) & 0x33333333);
      n += Math.imul((nibbles + (nibbles >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
    }
    return n;
  }

  /** In place; bits beyond `other` count as unset. */
  and(other: Bitset): this {
    const w = this.words;
    const o = other.words;
    for (let i = 0; i < w.length; i++) w[i]! &= o[i] ?? 0;
    return this;
  }

  /**
   * Moves the bits `mask` shares with this set into `out` (overwritten; not smaller than this
   * set) and clears them here: `out = this ∧ mask`, `this = this ∧ ¬mask`, in one pass.
   */
  moveInto(mask: Bitset, out: Bitset): Bitset {
    const w = this.words;
    const m = mask.words;
    const o = out.words;
    const shared = Math.min(w.length, m.length);
    for (let i = 0; i < shared; i++) {
      o[i] = w[i]! & m[i]!;
      w[i]! &= ~m[i]!;
    }
    o.fill(0, shared);
    return out;
  }

  /** In place; `other` must not be larger. */
  or(other: Bitset): this {
    const w = this.words;
    const o = other.words;
    for (let i = 0; i < o.length; i++) w[i]! |= o[i]!;
    return this;
  }

  /** A copy with room for `size` bits. */
  grown(size: number): Bitset {
    const words = new Uint32Array((size + 31) >>> 5);
    words.set(this.words);
    return new Bitset(size, words);
  }

  /** Every set bit, ascending. */
  forEach(visit: (i: number) => void): void {
    const w = this.words;
    for (let i = 0; i < w.length; i++) {
      let word = w[i]!;
      while (word !== 0) {
        const low = word & -word;
        visit((i << 5) + 31 - Math.clz32(low));
        word ^= low;
      }
    }
  }
}
