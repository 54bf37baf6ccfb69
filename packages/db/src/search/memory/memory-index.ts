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
  /**
   * The sets above in the order tier() tests them, each with its packed tier: a slot takes the
   * first that holds it. That order is also the ranking's (score, then nearer words).
   */
  tiers: { bits: Bitset; tier: number }[];
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
  /**
   * Slots whose id is above every earlier slot's: their ids rise with the slot. Every slot of a
   * fresh index (built in id order); not a product rewritten since, which takes a new slot.
   */
  private ascending = new Bitset(1024);
  private highestId = -Infinity;
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
  /** Per category id, the slots put in it (retired ones too: readers keep to `alive`). */
  private readonly categorySlots = new Map<number, number[]>();
  /** Each slot's facet tokens, one after another: slot s holds tokenData[tokenStart[s] … + tokenCount[s]]. */
  private readonly tokenStart = ints();
  private readonly tokenCount = ints();
  private readonly tokenData = ints();
  private readonly tokenIds = new Map<string, number>();
  private readonly tokenCode: string[] = [];
  /** Per facet code asked for so far, each slot's value tokens of that code (usually none or one). */
  private readonly codeValues = new Map<string, CodeValues>();
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

  /**
   * A product's new prices and change time in its slot, when only those changed (an in-place
   * write): no slot retired, nothing to rebuild. False when the product has no slot.
   */
  setPrices(row: Pick<IndexedRow, 'id' | 'price_cents' | 'special_price_cents' | 'special_from' | 'special_to' | 'updated_at'>): boolean {
    const slot = this.slotOf.get(row.id);
    if (slot === undefined) return false;
    this.price.data[slot] = row.price_cents;
    this.special.data[slot] = row.special_price_cents ?? NaN;
    this.specialFrom.data[slot] = row.special_from ?? NaN;
    this.specialTo.data[slot] = row.special_to ?? NaN;
    this.updated.data[slot] = row.updated_at;
    // Effective prices are cached per slot: computed again at the next query.
    this.prices = null;
    return true;
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
    for (const category of row.category_ids) push(this.categorySlots, category, slot);
    this.tokenStart.push(this.tokenData.length);
    this.tokenCount.push(row.attr_keys.length);
    for (const key of row.attr_keys) this.tokenData.push(this.tokenOf(key));
    for (const [code, values] of this.codeValues) this.appendValues(values, slot, code);
    for (const [lexeme, weights] of parseTsvector(row.vec)) {
      if (weights & WEIGHT.A) push(this.postA, lexeme, slot);
      if (weights & WEIGHT.B) skuPairs.push([lexeme, slot]);
      if (weights & WEIGHT.C) push(this.postC, lexeme, slot);
    }
    if (slot >= this.alive.size) {
      this.alive = this.alive.grown(Math.max(1024, slot * 2));
      this.ascending = this.ascending.grown(this.alive.size);
    }
    this.alive.set(slot);
    if (row.id > this.highestId) {
      this.highestId = row.id;
      this.ascending.set(slot);
    }
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

  private appendValues(values: CodeValues, slot: number, code: string): void {
    const data = this.tokenData.data;
    let first = 0;
    let second = 0;
    let more = 0;
    for (let j = this.tokenStart.data[slot]!, end = j + this.tokenCount.data[slot]!; j < end; j++) {
      if (this.tokenCode[data[j]!] !== code) continue;
      if (first === 0) first = data[j]! + 1;
      else if (second === 0) second = data[j]! + 1;
      else {
        if (more === 0) {
          more = values.extra.length + 1;
          values.extra.push(0);
        }
        values.extra.push(data[j]! + 1);
        values.extra.data[more - 1]!++;
      }
    }
    values.first.push(first);
    values.second.push(second);
    values.more.push(more);
    if (second === 0) return;
    values.seconds++;
    if (slot >= values.multi.size) values.multi = values.multi.grown(Math.max(1024, slot * 2));
    values.multi.set(slot);
  }

  /**
   * Builds the facet columns of `codes` now rather than at the first count that asks for each:
   * at a million products a column is a pass over every slot, a few hundred ms that would
   * otherwise fall on the first shopper's category page after each (re)build.
   */
  prepareFacets(codes: Iterable<string>): void {
    for (const code of codes) this.valuesOf(code);
  }

  /** A code's values, gathered at its first facet request (or prepareFacets) and kept current by put(). */
  private valuesOf(code: string): CodeValues {
    let values = this.codeValues.get(code);
    if (!values) {
      const size = Math.max(1024, this.ids.length);
      values = { first: new Column(new Int32Array(size)), second: new Column(new Int32Array(size)), seconds: 0, multi: new Bitset(size), more: new Column(new Int32Array(size)), extra: ints() };
      for (let slot = 0; slot < this.ids.length; slot++) this.appendValues(values, slot, code);
      this.codeValues.set(code, values);
    }
    return values;
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
    if (id === undefined) return false;
    const data = this.tokenData.data;
    for (let j = this.tokenStart.data[slot]!, end = j + this.tokenCount.data[slot]!; j < end; j++) if (data[j] === id) return true;
    return false;
  }

  /** Whether a slot holds any option value of an attribute code. */
  hasCode(slot: number, code: string): boolean {
    const data = this.tokenData.data;
    for (let j = this.tokenStart.data[slot]!, end = j + this.tokenCount.data[slot]!; j < end; j++) if (this.tokenCode[data[j]!] === code) return true;
    return false;
  }

  private prices: { at: Float64Array; slots: number; since: number; until: number } | null = null;

  /**
   * Every slot's effective price at `now` (effective-price.ts), reused until a special price's
   * window opens or closes; slots added since are priced on top. Price facets, filters and sorts
   * then read one number per hit.
   */
  pricesAt(now: number): Float64Array {
    const slots = this.ids.length;
    let cached = this.prices;
    if (!cached || now < cached.since || now >= cached.until) cached = { at: new Float64Array(slots), slots: 0, since: now, until: Infinity };
    else if (cached.at.length < slots) {
      const at = new Float64Array(Math.max(slots, cached.at.length * 2));
      at.set(cached.at);
      cached.at = at;
    }
    for (let slot = cached.slots; slot < slots; slot++) {
      cached.at[slot] = this.effectivePrice(slot, cached.since);
      if (Number.isNaN(this.special.data[slot]!)) continue;
      // The window opens once `now` passes `from`, and closes at `to`.
      for (const edge of [this.specialFrom.data[slot]!, this.specialTo.data[slot]!]) if (edge >= cached.since && edge < cached.until) cached.until = edge;
    }
    cached.slots = slots;
    this.prices = cached;
    return cached.at;
  }

  /** effective-price.ts, at `now`. */
  private effectivePrice(slot: number, now: number): number {
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

  private copyOf(bits: Bitset): Bitset {
    return new Bitset(bits.size, bits.words.slice());
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
    const exactA = this.allOf(g.exact, 'A');
    const exactC = this.allOf(g.exact, 'C');
    // One stem (most words): any form is name, category or SKU, without reading its postings again.
    const any = g.exact.length === 1 ? this.copyOf(exactA!).or(exactC!) : (this.allOf(g.exact, 'any') ?? this.newBits());
    if (g.exact.length === 1) this.fillSku(any, g.exact[0]!, false);
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
    const tiers: GroupBits['tiers'] = [];
    const add = (bits: Bitset | null | undefined, tier: number) => bits && tiers.push({ bits, tier });
    add(exactA, T.nameExact * 4);
    nearA.forEach((bits, level) => add(bits, T.nameNear * 4 + level));
    add(sku, T.sku * 4);
    add(exactC, T.categoryExact * 4);
    nearC.forEach((bits, level) => add(bits, T.categoryNear * 4 + level));
    return { any, exactA, exactC, sku, nearA, nearC, tiers };
  }

  /**
   * The tier (hundredths) and distance level of a group at a slot, packed as tier × 4 + level
   * (level ≤ MAX_LEVEL): no pair allocated per hit. Tier 0: not matched by a tier.
   */
  private static tier(g: GroupBits, slot: number): number {
    for (const { bits, tier } of g.tiers) if (bits.has(slot)) return tier;
    return 0;
  }

  /** Per-search arrays over the hits, kept between searches (search() is synchronous, so never shared by two). */
  private scratch = { hits: new Int32Array(0), scores: new Float64Array(0), edits: new Uint8Array(0), keys: new Float64Array(0), passed: new Bitset(0) };

  /** The scratch arrays, with room for `hits` hits; `passed` (the hits as a set) has room for every slot. */
  private scratchFor(hits: number): typeof this.scratch {
    if (this.scratch.hits.length < hits) {
      const n = Math.max(1024, hits * 1.25);
      this.scratch = { ...this.scratch, hits: new Int32Array(n), scores: new Float64Array(n), edits: new Uint8Array(n), keys: new Float64Array(n) };
    }
    if (this.scratch.passed.size < this.ids.length) this.scratch.passed = new Bitset(Math.max(1024, this.ids.length * 1.25));
    return this.scratch;
  }

  /**
   * The match, scored as postgres-search.ts scores it: at least 75 % of the groups by any form,
   * the mean of the groups' best tiers, plus 2 for an exact typed SKU and 1 for a SKU prefix;
   * totals and facets over every hit, the page by a bounded heap. Every hit is visited once, in
   * a loop without allocation: its cost is what grows with the catalogue.
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
    if (groups.length === 1 && !q.filter && q.order.field === 'relevance') return this.searchByTiers(groups[0]!, union, q, skuPrefix, skuExact);

    const order = q.order;
    const prices = this.pricesAt(q.now);
    const sortKey = order.field === 'relevance' ? null : this.sortKey(order.field, prices);
    const dir = order.field !== 'relevance' && order.dir === 'desc' ? -1 : 1;
    const ids = this.ids.data;
    const { hits, scores, edits, keys, passed } = this.scratchFor(union.count());
    // Ranks a before b: negative. Relevance ties go to the nearer words, then the id.
    const before = (a: number, b: number): number => {
      if (sortKey) {
        const d = (keys[a]! - keys[b]!) * dir;
        if (d !== 0) return d;
        return scores[b]! - scores[a]! || ids[hits[a]!]! - ids[hits[b]!]!;
      }
      return scores[b]! - scores[a]! || edits[a]! - edits[b]! || ids[hits[a]!]! - ids[hits[b]!]!;
    };
    const top = new TopK(q.start + q.size, before);
    const words = union.words;
    const filter = q.filter;
    // A group's score in hundredths → the search's score (the database's arithmetic, looked up per hit).
    const scoreOf = Float64Array.from({ length: T.nameExact * groups.length + 1 }, (_, sum) => sum / 100 / groups.length);
    const passedWords = passed.words;
    const single = groups.length === 1 ? groups[0]! : null;
    const minScore = q.minScore;
    let total = 0;
    for (let w = 0; w < words.length; w++) {
      let passedWord = 0;
      for (let word = words[w]!; word !== 0; ) {
        const low = word & -word;
        word ^= low;
        const slot = (w << 5) + 31 - Math.clz32(low);
        // The catalogue filter first: a price range drops many hits for one read each.
        if (filter && !filter(slot)) continue;
        let sum = 0;
        let levels = 0;
        if (single) {
          // One group: every slot of the union matched it.
          const tier = MemoryIndex.tier(single, slot);
          sum = tier >> 2;
          levels = tier & 3;
        } else {
          let matched = 0;
          for (let k = 0; k < groups.length; k++) {
            const g = groups[k]!;
            if (!g.any.has(slot)) continue;
            matched++;
            const tier = MemoryIndex.tier(g, slot);
            sum += tier >> 2;
            levels += tier & 3;
          }
          if (matched < need) continue;
        }
        const bonus = skuPrefix?.has(slot) ? (skuExact!.has(slot) ? 2 : 1) : 0;
        const score = scoreOf[sum]! + bonus;
        if (score < minScore) continue;
        passedWord |= low;
        hits[total] = slot;
        scores[total] = score;
        edits[total] = levels;
        if (sortKey) keys[total] = sortKey(slot);
        // Most hits cannot enter a full page: only those that beat the heap's worst are offered.
        const worst = top.worst;
        if (worst < 0 || before(total, worst) < 0) top.offer(total);
        total++;
      }
      passedWords[w] = passedWord;
    }
    const page = top
      .sorted()
      .slice(q.start)
      .map((i) => ({ id: ids[hits[i]!]!, score: scores[i]! }));
    const facets = q.facets ? { facets: this.countFacets(q.facets, hits.subarray(0, total), passed, prices) } : {};
    return { total, page, ...facets };
  }

  /**
   * search() for one group by relevance, unfiltered (most typed searches), without visiting each
   * hit: the group's tiers (GroupBits.tiers), taken in turn from the hits left, are disjoint sets
   * whose slots score alike and tie by id. The total is a count of bits; the page is read from
   * the best tiers in id order (slotsByLowestId). Slots with a SKU bonus (a typed SKU or its
   * prefix: few) are scored one by one, as search() does, and merged in. `left`, the hits, loses
   * each tier's slots as the tier takes them.
   */
  private searchByTiers(g: GroupBits, left: Bitset, q: IndexQuery, skuPrefix: Bitset | null, skuExact: Bitset | null): IndexAnswer {
    const want = q.start + q.size;
    const { hits, passed } = this.scratchFor(left.count());
    passed.words.fill(0);
    const ids = this.ids.data;
    const ranked: { id: number; score: number; levels: number }[] = [];
    // One set reused for the slots each step takes out of `left`.
    const taken = this.newBits();
    if (skuPrefix) {
      left.moveInto(skuPrefix, taken).forEach((slot) => {
        const tier = MemoryIndex.tier(g, slot);
        const score = (tier >> 2) / 100 + (skuExact!.has(slot) ? 2 : 1);
        if (score < q.minScore) return;
        passed.set(slot);
        ranked.push({ id: ids[slot]!, score, levels: tier & 3 });
      });
    }
    const fromTiers: typeof ranked = [];
    // The group's tiers, then tier 0 for the hits no tier holds (bits null: all that are left).
    for (const { bits, tier } of [...g.tiers, { bits: null, tier: 0 }]) {
      const inTier = bits ? left.moveInto(bits, taken) : left;
      // One group's score at a tier, as search() computes it: hundredths / 100 / 1 group.
      const score = (tier >> 2) / 100;
      if (score < q.minScore) continue;
      passed.or(inTier);
      if (fromTiers.length < want) for (const slot of this.slotsByLowestId(inTier, want - fromTiers.length)) fromTiers.push({ id: ids[slot]!, score, levels: tier & 3 });
    }
    let total = 0;
    passed.forEach((slot) => (hits[total++] = slot));
    const page = ranked.length ? [...ranked, ...fromTiers].sort((a, b) => b.score - a.score || a.levels - b.levels || a.id - b.id) : fromTiers;
    const facets = q.facets ? { facets: this.countFacets(q.facets, hits.subarray(0, total), passed, this.pricesAt(q.now)) } : {};
    return { total, page: page.slice(q.start, want).map(({ id, score }) => ({ id, score })), ...facets };
  }

  /**
   * The `n` slots of `set` with the lowest ids, lowest first: the first n of its ascending slots
   * (their ids rise with the slot), with its others (products rewritten since the build: after a
   * large import, many until the index is rebuilt) through a bounded heap.
   */
  private slotsByLowestId(set: Bitset, n: number): number[] {
    const ids = this.ids.data;
    const lowest = new TopK(n, (a, b) => ids[a]! - ids[b]!);
    const words = set.words;
    const ascending = this.ascending.words;
    let taken = 0;
    for (let w = 0; w < words.length; w++) {
      const word = words[w]!;
      if (word === 0) continue;
      for (let m = word & ~ascending[w]!; m !== 0; m &= m - 1) lowest.offer((w << 5) + 31 - Math.clz32(m & -m));
      for (let m = word & ascending[w]!; m !== 0 && taken < n; m &= m - 1, taken++) lowest.offer((w << 5) + 31 - Math.clz32(m & -m));
    }
    return lowest.sorted();
  }

  /** Facet counts over the live products a filter lets through: a catalogue listing's facets (aggregations.ts). */
  aggregate(filter: (slot: number) => boolean, request: AggregationRequest, now: number, categories?: Iterable<number>): AggregationCounts {
    const { hits, passed } = this.scratchFor(this.liveCount);
    passed.words.fill(0);
    let total = 0;
    this.candidates(categories).forEach((slot) => {
      if (!filter(slot)) return;
      hits[total++] = slot;
      passed.set(slot);
    });
    return this.countFacets(request, hits.subarray(0, total), passed, this.pricesAt(now));
  }

  /**
   * One page of the live products `filter` lets through (among those of `categories` when
   * given) in `order`, ties by id in the order's direction as queryCatalog sorts them, with
   * their total: a category page's list without the database's walk along a sort index, which
   * at a million products passes thousands of other categories' rows for each page.
   */
  list(filter: (slot: number) => boolean, order: Exclude<Order, { field: 'relevance' }>, start: number, size: number, now: number, categories?: Iterable<number>): { total: number; ids: number[] } {
    const key = this.sortKey(order.field, this.pricesAt(now));
    const dir = order.dir === 'desc' ? -1 : 1;
    const ids = this.ids.data;
    const top = new TopK(start + size, (a, b) => (key(a) - key(b)) * dir || (ids[a]! - ids[b]!) * dir);
    let total = 0;
    this.candidates(categories).forEach((slot) => {
      if (!filter(slot)) return;
      total++;
      top.offer(slot);
    });
    return { total, ids: top.sorted().slice(start).map((slot) => ids[slot]!) };
  }

  /** A sort field's value per slot: prices are the effective ones at the query's clock. */
  private sortKey(field: Exclude<Order['field'], 'relevance'>, prices: Float64Array): (slot: number) => number {
    return field === 'price' ? (slot) => prices[slot]! : this.field[field];
  }

  /** How many live products pass `filter`, among those of `categories` when given. */
  count(filter: (slot: number) => boolean, categories?: Iterable<number>): number {
    let total = 0;
    this.candidates(categories).forEach((slot) => {
      if (filter(slot)) total += 1;
    });
    return total;
  }

  /** The live slots to test: a category page's scope only the slots its categories list, not the catalogue. */
  private candidates(categories: Iterable<number> | undefined): Bitset {
    return categories ? this.slotsIn(categories).and(this.alive) : this.alive;
  }

  /** The slots put in any of the categories (live or retired). */
  private slotsIn(categories: Iterable<number>): Bitset {
    const found = new Bitset(this.alive.size);
    for (const category of categories) for (const slot of this.categorySlots.get(category) ?? []) found.set(slot);
    return found;
  }

  /**
   * aggregations.ts's counts over the hits: option tokens per requested code, prices per range.
   * A code's values are read from its columns (CodeValues): one read per hit, more for a product
   * with several values of the code.
   */
  private countFacets(request: AggregationRequest, slots: Int32Array, hitSet: Bitset, prices: Float64Array): AggregationCounts {
    // counts[token + 1]; counts[0] takes the "no value" of the columns, so the loops never branch.
    const counts = new Int32Array(this.tokenCode.length + 1);
    // Odd hits count into a second array: hits with the same value (or none) one after another
    // would otherwise each wait for the previous increment of the same counter.
    const odd = new Int32Array(counts.length);
    for (const code of new Set(request.codes)) {
      const values = this.valuesOf(code);
      const first = values.first.data;
      const second = values.second.data;
      const more = values.more.data;
      const extra = values.extra.data;
      const pairs = slots.length & ~1;
      for (let h = 0; h < pairs; h += 2) {
        counts[first[slots[h]!]!]!++;
        odd[first[slots[h + 1]!]!]!++;
      }
      if (pairs < slots.length) counts[first[slots[pairs]!]!]!++;
      if (values.seconds === 0) continue;
      // Second values: only the hits among the slots that have one (a fifth of them, say).
      const multi = values.multi.words;
      const hitWords = hitSet.words;
      for (let w = 0; w < multi.length; w++) {
        for (let word = multi[w]! & hitWords[w]!; word !== 0; word &= word - 1) {
          const slot = (w << 5) + 31 - Math.clz32(word & -word);
          counts[second[slot]!]!++;
          const at = more[slot]!;
          if (at !== 0) for (let j = at, end = at + extra[at - 1]!; j < end; j++) counts[extra[j]!]!++;
        }
      }
    }
    for (let i = 0; i < counts.length; i++) counts[i]! += odd[i]!;
    const rangeCounts = this.countRanges(request.ranges, slots, prices);
    const terms = new Map<string, TermCount[]>(request.codes.map((code) => [code, []]));
    for (let token = 0; token < this.tokenCode.length; token++) {
      const n = counts[token + 1]!;
      if (n > 0) terms.get(this.tokenCode[token]!)?.push({ key: this.tokenKey[token]!, doc_count: n });
    }
    for (const [code, buckets] of terms) {
      buckets.sort((a, b) => b.doc_count - a.doc_count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      terms.set(code, buckets.slice(0, request.size));
    }
    return { terms, rangeCounts };
  }

  private buckets: { ranges: string; prices: Float64Array; slots: number; of: Uint8Array } | null = null;

  /**
   * Hits per price range. Ranges that do not overlap (a facet's usual set) get each slot's range
   * number once per set of prices, then one read per hit; others are tested range by range,
   * without branches (prices fall in ranges unpredictably).
   */
  private countRanges(ranges: AggregationRequest['ranges'], slots: Int32Array, prices: Float64Array): number[] {
    if (ranges.length === 0) return [];
    const lo = Float64Array.from(ranges, (r) => (r.from === undefined ? -Infinity : toCents(r.from)));
    const hi = Float64Array.from(ranges, (r) => (r.to === undefined ? Infinity : toCents(r.to)));
    const counts = new Int32Array(ranges.length + 1);
    const disjoint = ranges.length < 255 && lo.every((l, i) => i === 0 || (l >= hi[i - 1]! && l >= lo[i - 1]!));
    if (!disjoint) {
      for (let h = 0; h < slots.length; h++) {
        const price = prices[slots[h]!]!;
        for (let r = 0; r < lo.length; r++) counts[r]! += +(price >= lo[r]!) & +(price < hi[r]!);
      }
      return [...counts.subarray(0, ranges.length)];
    }
    const key = JSON.stringify(ranges);
    let buckets = this.buckets;
    if (!buckets || buckets.ranges !== key || buckets.prices !== prices || buckets.slots !== this.ids.length) {
      // Range number + 1 per slot, 0 outside every range.
      const of = new Uint8Array(this.ids.length);
      for (let slot = 0; slot < of.length; slot++) {
        const price = prices[slot]!;
        for (let r = 0; r < lo.length; r++) if (price >= lo[r]! && price < hi[r]!) of[slot] = r + 1;
      }
      buckets = this.buckets = { ranges: key, prices, slots: this.ids.length, of };
    }
    const of = buckets.of;
    for (let h = 0; h < slots.length; h++) counts[of[slots[h]!]!]!++;
    return [...counts.subarray(1)];
  }
}

/**
 * A facet code's values per slot, as token + 1 (0: none, so that counting needs no branch):
 * `first` and `second` the slot's first two values; a slot with more has `more` = 1 + where the
 * rest start in `extra`, which holds their count and then the values.
 */
interface CodeValues {
  first: Column<Int32Array>;
  /** The second value (a product in two colours, of two materials): common enough to count without a branch too. */
  second: Column<Int32Array>;
  /** Slots with a second value: none, and its pass is skipped. */
  seconds: number;
  /** The slots with a second value: the second pass reads only the hits among them. */
  multi: Bitset;
  more: Column<Int32Array>;
  extra: Column<Int32Array>;
}

function push<K>(post: Map<K, number[]>, key: K, slot: number): void {
  const slots = post.get(key);
  if (slots) slots.push(slot);
  else post.set(key, [slot]);
}
