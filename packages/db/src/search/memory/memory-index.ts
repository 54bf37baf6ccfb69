import { toCents } from '@shop/domain';
import type { AggregationCounts, AggregationRequest, TermCount } from '../../catalog/aggregations.ts';
import { minimumShouldMatch } from '../text.ts';
import { TIER, type GroupForms } from '../match-query.ts';
import { Bitset } from './bitset.ts';
import { TopK } from './top-k.ts';

/** A searchable product as the index reads it (memory-search.ts): columns, attr_keys and the search vector as text. */
export interface IndexedRow {
  id: number;
  sku: string;
  type_id: string;
  status: number;
  visibility: number;
  parent_sku: string | null;
  category_ids: number[];
  price_cents: number;
  special_price_cents: number | null;
  /** Epoch milliseconds. */
  special_from: number | null;
  special_to: number | null;
  tax_class_id: number;
  position: number;
  created_at: number;
  updated_at: number;
  attr_keys: string[];
  /** search_vec as PostgreSQL prints it: 'lexeme':1A,2 'other':3B … */
  vec: string;
}

const WEIGHT = { A: 1, B: 2, C: 4, D: 8 } as const;

/** Lexemes of a tsvector's text with their weights (bit mask of WEIGHT). */
export function parseTsvector(text: string): [lexeme: string, weights: number][] {
  const out: [string, number][] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] !== "'") {
      i++;
      continue;
    }
    let lexeme = '';
    for (i++; i < text.length; i++) {
      const c = text[i]!;
      if (c === '\\') lexeme += text[++i] ?? '';
      else if (c === "'" && text[i + 1] === "'") lexeme += text[i++];
      else if (c === "'") break;
      else lexeme += c;
    }
    i++;
    let weights = 0;
    if (text[i] === ':') {
      // positions: 1A,5,7C — a position without a letter is weight D
      for (i++; i < text.length && text[i] !== ' '; ) {
        while (i < text.length && text[i]! >= '0' && text[i]! <= '9') i++;
        const w = text[i];
        if (w === 'A' || w === 'B' || w === 'C' || w === 'D') {
          weights |= WEIGHT[w];
          i++;
        } else weights |= WEIGHT.D;
        if (text[i] === ',') i++;
      }
    } else weights = WEIGHT.D;
    out.push([lexeme, weights]);
  }
  return out;
}

/** Where and how a query group matched, best tier first (match-query.ts's tiers, as bit sets). */
interface GroupBits {
  any: Bitset;
  exactA: Bitset | null;
  exactC: Bitset | null;
  sku: Bitset | null;
  /** By distance level (0 … MAX_LEVEL): a nearer word ranks before a farther one at equal score. */
  nearA: (Bitset | null)[];
  nearC: (Bitset | null)[];
}

const MAX_LEVEL = 3;
/** Integer tiers (hundredths), so that sums are exact like the database's numeric ones. */
const T = {
  nameExact: TIER.nameExact * 100,
  nameNear: TIER.nameNear * 100,
  sku: TIER.sku * 100,
  categoryExact: TIER.categoryExact * 100,
  categoryNear: TIER.categoryNear * 100,
};

export type Order = { field: 'relevance' } | { field: 'price' | 'position' | 'created_at' | 'updated_at' | 'id'; dir: 'asc' | 'desc' };

export interface IndexQuery {
  groups: GroupForms[];
  /** Slots the catalogue filters let through; null: all. */
  filter: ((slot: number) => boolean) | null;
  minScore: number;
  order: Order;
  start: number;
  size: number;
  facets?: AggregationRequest;
  /** The clock for special prices (epoch ms). */
  now: number;
}

export interface IndexAnswer {
  total: number;
  page: { id: number; score: number }[];
  facets?: AggregationCounts;
}

/** A growable list of numbers kept in a typed array. */
class Column<A extends Int32Array | Float64Array> {
  length = 0;
  constructor(public data: A) {}
  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new (this.data.constructor as new (n: number) => A)(Math.max(16, this.data.length * 2));
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
}
const ints = () => new Column(new Int32Array(1024));
const floats = () => new Column(new Float64Array(1024));

/**
 * The in-memory search index (ADR 0008, issue #16). Products live in append-only slots: a write
 * appends the product's new state and retires its old slot, so posting lists only ever grow and
 * stay sorted; retired slots are skipped through `alive` until the next rebuild. Text postings
 * per lexeme and weight (A name, C category), SKU lexemes (B) in one sorted array for prefix
 * ranges; facets as interned 'code:value' tokens per slot.
 */
export class MemoryIndex {
  private readonly slotOf = new Map<number, number>();
  private alive = new Bitset(1024);
  private liveCount = 0;
  private readonly ids = ints();
  private readonly status = ints();
  private readonly visibility = ints();
  private readonly taxClass = ints();
  private readonly position = ints();
  private readonly price = floats();
  private readonly special = floats();
  private readonly specialFrom = floats();
  private readonly specialTo = floats();
  private readonly created = floats();
  private readonly updated = floats();
  private readonly skus: string[] = [];
  private readonly parentSkus: (string | null)[] = [];
  private readonly typeIds: string[] = [];
  private readonly categories: number[][] = [];
  private readonly tokens: Int32Array[] = [];
  private readonly tokenIds = new Map<string, number>();
  private readonly tokenCode: string[] = [];
  private readonly tokenKey: string[] = [];
  private readonly postA = new Map<string, number[]>();
  private readonly postC = new Map<string, number[]>();
  /** SKU lexemes (weight B) sorted, with their slots; those added after build() in `skuExtra`. */
  private skuLex: string[] = [];
  private skuSlot = new Int32Array(0);
  private readonly skuExtra: [string, number][] = [];

  /** Products searchable now. */
  get size(): number {
    return this.liveCount;
  }

  /** Retired slots and SKUs outside the sorted array: what a rebuild would reclaim. */
  get garbage(): number {
    return this.ids.length - this.liveCount + this.skuExtra.length;
  }

  private readonly bulkSkus: [string, number][] = [];

  /** Adds rows to a fresh index, in bulk; seal() then sorts their SKU lexemes once. */
  add(rows: Iterable<IndexedRow>): void {
    for (const row of rows) this.put(row, this.bulkSkus);
  }

  seal(): void {
    const pairs = this.bulkSkus.splice(0).concat(this.skuLex.map((l, i) => [l, this.skuSlot[i]!] as [string, number]));
    pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    this.skuLex = pairs.map((p) => p[0]);
    this.skuSlot = Int32Array.from(pairs, (p) => p[1]);
  }

  /** A product's new state (searchable), replacing the old one. */
  upsert(row: IndexedRow): void {
    this.remove(row.id);
    this.put(row, this.skuExtra);
  }

  /** The product is no longer searchable (disabled, hidden, deleted). */
  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.alive.clear(slot);
    this.slotOf.delete(id);
    this.liveCount--;
  }

  private put(row: IndexedRow, skuPairs: [string, number][]): void {
    const slot = this.ids.length;
    this.ids.push(row.id);
    this.status.push(row.status);
    this.visibility.push(row.visibility);
    this.taxClass.push(row.tax_class_id);
    this.position.push(row.position);
    this.price.push(row.price_cents);
    this.special.push(row.special_price_cents ?? NaN);
    this.specialFrom.push(row.special_from ?? NaN);
    this.specialTo.push(row.special_to ?? NaN);
    this.created.push(row.created_at);
    this.updated.push(row.updated_at);
    this.skus.push(row.sku);
    this.parentSkus.push(row.parent_sku);
    this.typeIds.push(row.type_id);
    this.categories.push(row.category_ids);
    this.tokens.push(Int32Array.from(row.attr_keys, (key) => this.tokenOf(key)));
    for (const [lexeme, weights] of parseTsvector(row.vec)) {
      if (weights & WEIGHT.A) push(this.postA, lexeme, slot);
      if (weights & WEIGHT.B) skuPairs.push([lexeme, slot]);
      if (weights & WEIGHT.C) push(this.postC, lexeme, slot);
    }
    if (slot >= this.alive.size) this.alive = this.alive.grown(Math.max(1024, slot * 2));
    this.alive.set(slot);
    this.slotOf.set(row.id, slot);
    this.liveCount++;
  }

  private tokenOf(key: string): number {
    let id = this.tokenIds.get(key);
    if (id === undefined) {
      id = this.tokenCode.length;
      this.tokenIds.set(key, id);
      const colon = key.indexOf(':');
      this.tokenCode.push(key.slice(0, colon));
      this.tokenKey.push(key.slice(colon + 1));
    }
    return id;
  }

  // ---- filters (memory-filters.ts reads these) ----

  readonly field = {
    id: (slot: number) => this.ids.data[slot]!,
    status: (slot: number) => this.status.data[slot]!,
    visibility: (slot: number) => this.visibility.data[slot]!,
    tax_class_id: (slot: number) => this.taxClass.data[slot]!,
    position: (slot: number) => this.position.data[slot]!,
    created_at: (slot: number) => this.created.data[slot]!,
    updated_at: (slot: number) => this.updated.data[slot]!,
    sku: (slot: number) => this.skus[slot]!,
    parent_sku: (slot: number) => this.parentSkus[slot]!,
    type_id: (slot: number) => this.typeIds[slot]!,
    category_ids: (slot: number) => this.categories[slot]!,
  };

  /** Whether a slot holds an option value of an attribute (its 'code:value' token). */
  hasToken(slot: number, key: string): boolean {
    const id = this.tokenIds.get(key);
    return id !== undefined && this.tokens[slot]!.includes(id);
  }

  /** effective-price.ts, at `now`. */
  effectivePrice(slot: number, now: number): number {
    const special = this.special.data[slot]!;
    const price = this.price.data[slot]!;
    if (Number.isNaN(special) || !(special < price)) return price;
    const from = this.specialFrom.data[slot]!;
    const to = this.specialTo.data[slot]!;
    return (Number.isNaN(from) || from < now) && (Number.isNaN(to) || now < to) ? special : price;
  }

  // ---- matching ----

  private fill(bits: Bitset, post: Map<string, number[]>, lexeme: string): void {
    const slots = post.get(lexeme);
    if (slots) for (const slot of slots) bits.set(slot);
  }

  /** SKU lexemes equal to `lexeme` or, with `prefix`, beginning with it. */
  private fillSku(bits: Bitset, lexeme: string, prefix: boolean): void {
    const matches = (l: string) => (prefix ? l.startsWith(lexeme) : l === lexeme);
    let lo = 0;
    let hi = this.skuLex.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.skuLex[mid]! < lexeme) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.skuLex.length && matches(this.skuLex[i]!); i++) bits.set(this.skuSlot[i]!);
    for (const [l, slot] of this.skuExtra) if (matches(l)) bits.set(slot);
  }

  private newBits(): Bitset {
    return new Bitset(this.ids.length);
  }

  /** All stems, in the given weight (A, C) or any. */
  private allOf(lexemes: readonly string[], weight: 'A' | 'C' | 'any'): Bitset | null {
    if (lexemes.length === 0) return null;
    let out: Bitset | null = null;
    for (const lexeme of lexemes) {
      const bits = this.newBits();
      if (weight !== 'C') this.fill(bits, this.postA, lexeme);
      if (weight !== 'A') this.fill(bits, this.postC, lexeme);
      if (weight === 'any') this.fillSku(bits, lexeme, false);
      out = out ? out.and(bits) : bits;
    }
    return out;
  }

  private groupBits(g: GroupForms): GroupBits {
    const nearA: (Bitset | null)[] = [];
    const nearC: (Bitset | null)[] = [];
    const any = this.allOf(g.exact, 'any') ?? this.newBits();
    for (const { lexeme, distance } of g.near) {
      const level = Math.min(distance, MAX_LEVEL);
      this.fill((nearA[level] ??= this.newBits()), this.postA, lexeme);
      this.fill((nearC[level] ??= this.newBits()), this.postC, lexeme);
      this.fillSku(any, lexeme, false);
    }
    for (const bits of [...nearA, ...nearC]) if (bits) any.or(bits);
    let sku: Bitset | null = null;
    if (g.sku) {
      sku = this.newBits();
      this.fillSku(sku, g.sku, true);
      any.or(sku);
    }
    return { any, exactA: this.allOf(g.exact, 'A'), exactC: this.allOf(g.exact, 'C'), sku, nearA, nearC };
  }

  /** The tier (hundredths) and distance level of a group at a slot; tier 0: not matched by a tier. */
  private static tier(g: GroupBits, slot: number): [number, number] {
    if (g.exactA?.has(slot)) return [T.nameExact, 0];
    for (let level = 0; level < g.nearA.length; level++) if (g.nearA[level]?.has(slot)) return [T.nameNear, level];
    if (g.sku?.has(slot)) return [T.sku, 0];
    if (g.exactC?.has(slot)) return [T.categoryExact, 0];
    for (let level = 0; level < g.nearC.length; level++) if (g.nearC[level]?.has(slot)) return [T.categoryNear, level];
    return [0, 0];
  }

  /**
   * The match, scored as postgres-search.ts scores it: at least 75 % of the groups by any form,
   * the mean of the groups' best tiers, plus 2 for an exact typed SKU and 1 for a SKU prefix;
   * totals and facets over every hit, the page by a bounded heap.
   */
  search(q: IndexQuery): IndexAnswer {
    const groups = q.groups.map((g) => this.groupBits(g));
    const skuWords = q.groups.flatMap((g) => g.sku ?? []);
    let skuPrefix: Bitset | null = null;
    let skuExact: Bitset | null = null;
    if (skuWords.length) {
      skuPrefix = this.newBits();
      skuExact = this.newBits();
      for (const s of skuWords) {
        this.fillSku(skuPrefix, s, true);
        this.fillSku(skuExact, s, false);
      }
    }
    const need = minimumShouldMatch(groups.length);
    const union = this.newBits();
    for (const g of groups) union.or(g.any);
    union.and(this.alive);

    const order = q.order;
    const sortKey =
      order.field === 'relevance'
        ? null
        : order.field === 'price'
          ? (slot: number) => this.effectivePrice(slot, q.now)
          : order.field === 'id'
            ? this.field.id
            : this.field[order.field];
    const dir = order.field !== 'relevance' && order.dir === 'desc' ? -1 : 1;
    const ids = this.ids.data;
    const hits = ints();
    const scores = floats();
    const edits = ints();
    const keys = floats();
    // Ranks a before b: negative. Relevance ties go to the nearer words, then the id.
    const before = (a: number, b: number): number => {
      if (sortKey) {
        const d = (keys.data[a]! - keys.data[b]!) * dir;
        if (d !== 0) return d;
        return scores.data[b]! - scores.data[a]! || ids[hits.data[a]!]! - ids[hits.data[b]!]!;
      }
      return scores.data[b]! - scores.data[a]! || edits.data[a]! - edits.data[b]! || ids[hits.data[a]!]! - ids[hits.data[b]!]!;
    };
    const top = new TopK(q.start + q.size, before);
    union.forEach((slot) => {
      let matched = 0;
      let sum = 0;
      let levels = 0;
      for (const g of groups) {
        if (!g.any.has(slot)) continue;
        matched++;
        const [tier, level] = MemoryIndex.tier(g, slot);
        sum += tier;
        levels += level;
      }
      if (matched < need) return;
      if (q.filter && !q.filter(slot)) return;
      const bonus = skuPrefix?.has(slot) ? (skuExact!.has(slot) ? 2 : 1) : 0;
      const score = sum / 100 / groups.length + bonus;
      if (score < q.minScore) return;
      const i = hits.length;
      hits.push(slot);
      scores.push(score);
      edits.push(levels);
      keys.push(sortKey ? sortKey(slot) : 0);
      top.offer(i);
    });
    const page = top
      .sorted()
      .slice(q.start)
      .map((i) => ({ id: ids[hits.data[i]!]!, score: scores.data[i]! }));
    return {
      total: hits.length,
      page,
      ...(q.facets ? { facets: this.countFacets(q.facets, hits.data.subarray(0, hits.length), q.now) } : {}),
    };
  }

  /** aggregations.ts's counts over the hits: option tokens per requested code, prices per range. */
  private countFacets(request: AggregationRequest, slots: Int32Array, now: number): AggregationCounts {
    const wanted = new Set(request.codes);
    const counts = new Int32Array(this.tokenCode.length);
    const isWanted = Uint8Array.from(this.tokenCode, (code) => (wanted.has(code) ? 1 : 0));
    const ranges = request.ranges.map((r) => [r.from === undefined ? -Infinity : toCents(r.from), r.to === undefined ? Infinity : toCents(r.to)] as const);
    const rangeCounts = request.ranges.map(() => 0);
    for (const slot of slots) {
      for (const token of this.tokens[slot]!) if (isWanted[token]) counts[token]!++;
      if (ranges.length) {
        const price = this.effectivePrice(slot, now);
        ranges.forEach(([lo, hi], i) => {
          if (price >= lo && price < hi) rangeCounts[i]!++;
        });
      }
    }
    const terms = new Map<string, TermCount[]>(request.codes.map((code) => [code, []]));
    counts.forEach((n, token) => {
      if (n > 0) terms.get(this.tokenCode[token]!)!.push({ key: this.tokenKey[token]!, doc_count: n });
    });
    for (const [code, buckets] of terms) {
      buckets.sort((a, b) => b.doc_count - a.doc_count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      terms.set(code, buckets.slice(0, request.size));
    }
    return { terms, rangeCounts };
  }
}

function push(post: Map<string, number[]>, lexeme: string, slot: number): void {
  const slots = post.get(lexeme);
  if (slots) slots.push(slot);
  else post.set(lexeme, [slot]);
}
