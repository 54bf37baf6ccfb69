import type { FieldCondition } from '@shop/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { AggregationCounts, AggregationRequest } from '../../catalog/aggregations.ts';
import { CatalogQueryError, catalogWhere, productSortSpecs } from '../../catalog/query.ts';
import type { Db } from '../../connect.ts';
import { intArray, textArray } from '../../sql-values.ts';
import { lastSearchChange, onSearchChange, pendingSearchChanges, readSearchChanges } from '../changes.ts';
import { findPageDocuments } from '../documents.ts';
import { suggestWords, type Expansion } from '../expand.ts';
import { matchGroups } from '../match-query.ts';
import type { SearchHits, SearchProvider, SearchRequest } from '../provider.ts';
import { parseQuery, type FuzzinessRule, type Term } from '../text.ts';
import { compileFilters, splitCategoryScope } from './memory-filters.ts';
import { MemoryIndex, type IndexedRow, type Order } from './memory-index.ts';
import { Vocabulary } from './vocabulary.ts';

export interface MemorySearchOptions {
  fuzziness?: FuzzinessRule;
  /** How often the change sequence is read when nothing in this process signalled a write. */
  pollMs?: number;
  /**
   * Whether a write in this process is seen at the next search (default), or only through the
   * change sequence's polling, as another process sees it (tests of several instances).
   */
  followLocalWrites?: boolean;
  /** Rows read per statement while building. */
  pageSize?: number;
  /** Where failures of background updates are reported. */
  log?: (line: string) => void;
}

/** After a write in this process, every search reads the change sequence for this long (its transaction may commit later). */
const SIGNAL_WINDOW_MS = 2_000;
/** A gap in the sequence (a transaction still open, or rolled back) is waited for this long. */
const GAP_WAIT_MS = 30_000;
/** Stems of words outside the vocabulary kept (typos, stopwords). */
const MAX_STEMS = 20_000;

/** Catalogue sort fields the index orders by (queryCatalog's names; both prices are the effective one). */
const LISTABLE_BY = { price: 'price', final_price: 'price', position: 'position', created_at: 'created_at', updated_at: 'updated_at', id: 'id' } as const;

/** Sort fields of a search: the index's, and name (answered by the database). */
const SORTABLE = new Set([...Object.keys(LISTABLE_BY), 'name']);

/**
 * The deepest page end the index lists (page 208 of 48). A page is kept in a heap of start + size
 * slots, so a deeper one is most of a sort of the category on the event loop (start 999,000 of a
 * million products: 351 ms, against 46 ms at 10,000); the database answers those instead.
 */
const LIST_DEPTH_MAX = 10_000;

/** Distinct filter sets whose checks passed that are remembered (checkFilters), per set of attribute codes. */
const CHECKED_FILTERS_MAX = 2_000;

/** A catalogue query's sort as the index's order; null where the index cannot order so. */
function listOrder(sort: string | readonly string[] | undefined): Exclude<Order, { field: 'relevance' }> | null {
  const specs = productSortSpecs(sort);
  if (specs.length !== 1) return null;
  const [name = '', dir = 'asc'] = specs[0]!.split(':');
  const field = Object.hasOwn(LISTABLE_BY, name) ? LISTABLE_BY[name as keyof typeof LISTABLE_BY] : null;
  return field && { field, dir: dir === 'desc' ? 'desc' : 'asc' };
}

interface Loaded {
  index: MemoryIndex;
  vocabulary: Vocabulary;
  /** The change sequence's last entry when reading began: later entries are applied on top. */
  seq: number;
}

const searchable = sql<boolean>`(visibility IN (2, 3, 4) AND status IN (0, 1))`;
/** What `searchable` lets into the index. */
const HELD = { visibility: [2, 3, 4], status: [0, 1] };

/** Whether a filter condition lets through only values in `held`: eq/in alone, every value held. */
function onlyHeld(cond: FieldCondition | undefined, held: readonly number[]): boolean {
  if (!cond || Object.keys(cond).some((op) => op !== 'eq' && op !== 'in')) return false;
  const values = [...(cond.eq !== undefined ? [cond.eq] : []), ...(cond.in ?? [])];
  return values.length > 0 && values.every((v) => held.includes(Number(v)));
}
const ms = (column: string) => sql`(extract(epoch FROM ${sql.ref(column)}) * 1000)::float8`;

/**
 * Products as the index reads them, with whether each is searchable, in id order: one JSON text
 * per statement (decoding rows one by one costs the embedded database's driver several times more).
 */
async function readProducts(db: Db, where: RawBuilder<boolean>, page?: { after: number; limit: number }): Promise<ProductRow[]> {
  const { rows } = await sql<{ rows: string | null }>`
    SELECT json_agg(json_build_array(id, sku, type_id, status, visibility, parent_sku, category_ids, price_cents,
      special_price_cents, ${ms('special_from')}, ${ms('special_to')}, tax_class_id, position, ${ms('created_at')},
      ${ms('updated_at')}, attr_keys, search_vec::text, ${searchable}) ORDER BY id)::text AS rows
    FROM (SELECT * FROM product WHERE ${where}${page ? sql` AND id > ${page.after} ORDER BY id LIMIT ${page.limit}` : sql``}) AS product`.execute(db);
  const raw = rows[0]?.rows ? (JSON.parse(rows[0].rows) as unknown[][]) : [];
  return raw.map((r) => ({
    id: r[0] as number,
    sku: r[1] as string,
    type_id: r[2] as string,
    status: r[3] as number,
    visibility: r[4] as number,
    parent_sku: r[5] as string | null,
    category_ids: r[6] as number[],
    price_cents: r[7] as number,
    special_price_cents: r[8] as number | null,
    special_from: r[9] as number | null,
    special_to: r[10] as number | null,
    tax_class_id: r[11] as number,
    position: r[12] as number,
    created_at: r[13] as number,
    updated_at: r[14] as number,
    attr_keys: r[15] as string[],
    vec: r[16] as string,
    searchable: r[17] as boolean,
  }));
}
type ProductRow = IndexedRow & { searchable: boolean };

/**
 * Search from an in-memory index of the catalogue (ADR 0008, issue #16), inside each API
 * process: built from the database at start (the PostgreSQL provider answers meanwhile) and kept
 * current through the change sequence every catalogue write appends to (search_change): read at
 * the next search after a write in this process, and every `pollMs` for writes of other
 * processes. Stems, vocabulary and search vectors come from the database, so words fold and stem
 * exactly as there; matching, scores, totals and facets follow postgres-search.ts, which stays
 * the fallback (and serves sorts by name, whose collation is the database's).
 */
export class MemorySearchProvider implements SearchProvider {
  readonly cacheFacets = false;
  private state: Loaded | null = null;
  private readonly stems = new Map<string, string | null>();
  private floor = 0;
  private readonly applied = new Set<number>();
  private readonly gaps = new Map<number, number>();
  private queue: Promise<unknown> = Promise.resolve();
  private busy = false;
  private signalledUntil = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private unsubscribe: (() => void) | undefined;
  private rebuilding = false;
  private stopped = false;
  private readonly fuzziness: FuzzinessRule;
  private readonly checkedFilters = new WeakMap<ReadonlySet<string>, Set<string>>();

  constructor(
    private readonly db: Db,
    private readonly fallback: SearchProvider,
    private readonly options: MemorySearchOptions = {},
  ) {
    this.fuzziness = options.fuzziness ?? 'two';
  }

  /**
   * Builds the index and follows the change sequence; resolves once the index answers, or quietly
   * when the provider is stopped first (a build under way fails as its database closes, which is
   * no fault to report).
   */
  async start(): Promise<void> {
    this.stopped = false;
    if (this.options.followLocalWrites !== false) {
      this.unsubscribe ??= onSearchChange(() => {
        this.signalledUntil = Date.now() + SIGNAL_WINDOW_MS;
      });
    }
    this.timer ??= setInterval(() => {
      if (this.state && !this.busy) this.catchUp().catch((error: unknown) => this.options.log?.(`Search index update failed: ${String(error)}`));
    }, this.options.pollMs ?? 250);
    this.timer.unref();
    try {
      const loaded = await this.load();
      if (this.stopped) return;
      await this.serialized(() => this.swapIn(loaded));
    } catch (error) {
      if (!this.stopped) throw error;
    }
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.unsubscribe?.();
    this.timer = undefined;
    this.unsubscribe = undefined;
  }

  /** Whether the index answers (else the fallback does). */
  get ready(): boolean {
    return this.state !== null;
  }

  async indexProducts(ids: readonly number[]): Promise<void> {
    await this.fallback.indexProducts(ids);
    await this.catchUp();
  }

  async reindex(): Promise<void> {
    await this.fallback.reindex();
    await this.catchUp();
  }

  invalidate(): void {
    this.fallback.invalidate?.();
    this.signalledUntil = Date.now() + SIGNAL_WINDOW_MS;
  }

  /**
   * How far the index is behind the change sequence: changes recorded and not applied yet, and
   * the age in seconds of the oldest; null while it is not built (the database answers meanwhile).
   */
  async lag(): Promise<{ changes: number; seconds: number } | null> {
    if (!this.state) return null;
    return pendingSearchChanges(this.db, this.floor, [...this.applied]);
  }

  /** Applies every change recorded so far (a write committed before this call is seen after it). */
  catchUp(): Promise<void> {
    return this.serialized(() => this.applyPending());
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      this.busy = true;
      try {
        return await work();
      } finally {
        this.busy = false;
      }
    });
    this.queue = run.catch(() => {});
    return run;
  }

  private async load(): Promise<Loaded> {
    const seq = await lastSearchChange(this.db);
    const vocabulary = new Vocabulary();
    const { rows: words } = await sql<{ word: string; lexeme: string }>`SELECT word, lexeme FROM search_vocab`.execute(this.db);
    for (const w of words) vocabulary.add(w.word, w.lexeme);
    const index = new MemoryIndex();
    const pageSize = this.options.pageSize ?? 20_000;
    for (let after = -2_147_483_648; ; ) {
      const rows = await readProducts(this.db, searchable, { after, limit: pageSize });
      index.add(rows);
      if (rows.length < pageSize) break;
      after = rows[rows.length - 1]!.id;
    }
    index.seal();
    const { rows: filterable } = await sql<{ code: string }>`SELECT attribute_code AS code FROM attribute WHERE is_filterable`.execute(this.db);
    index.prepareFacets(filterable.map((r) => r.code));
    return { index, vocabulary, seq };
  }

  private async swapIn(loaded: Loaded): Promise<void> {
    this.state = loaded;
    this.floor = loaded.seq;
    this.applied.clear();
    this.gaps.clear();
    await this.applyPending();
  }

  private async applyPending(): Promise<void> {
    const state = this.state;
    if (!state) return;
    const changes = (await readSearchChanges(this.db, this.floor)).filter((c) => !this.applied.has(c.seq));
    if (changes.some((c) => c.everything)) {
      await this.swapIn(await this.load());
      return;
    }
    if (changes.length > 0) {
      const ids = [...new Set(changes.flatMap((c) => c.productIds))];
      const categories = [...new Set(changes.flatMap((c) => c.categoryIds))];
      // Products whose every change here is of prices alone keep their slots, words and postings.
      const reindexed = new Set(changes.filter((c) => !c.pricesOnly).flatMap((c) => c.productIds));
      const pricesOnly = categories.length === 0 ? new Set(ids.filter((id) => !reindexed.has(id))) : new Set<number>();
      const rows = await readProducts(
        this.db,
        categories.length === 0 ? sql<boolean>`id = ANY(${intArray(ids)})` : sql<boolean>`(id = ANY(${intArray(ids)}) OR category_ids && ${intArray(categories)})`,
      );
      if (reindexed.size > 0 || categories.length > 0) {
        const { rows: words } = await sql<{ word: string; lexeme: string }>`
          SELECT word, lexeme FROM search_vocab WHERE word IN (
            SELECT regexp_split_to_table(search_words(name), ' ') FROM product WHERE id = ANY(${intArray([...reindexed])})
            UNION SELECT regexp_split_to_table(search_words(name), ' ') FROM category WHERE id = ANY(${intArray(categories)}))`.execute(this.db);
        for (const w of words) state.vocabulary.add(w.word, w.lexeme);
      }
      const seen = new Set<number>();
      for (const row of rows) {
        seen.add(row.id);
        if (pricesOnly.has(row.id) && state.index.setPrices(row)) continue;
        if (row.searchable) state.index.upsert(row);
        else state.index.remove(row.id);
      }
      for (const id of ids) if (!seen.has(id)) state.index.remove(id);
      for (const c of changes) this.applied.add(c.seq);
    }
    this.advanceFloor();
    this.rebuildIfWasteful(state.index);
  }

  /** Moves past entries applied, and past gaps older than GAP_WAIT_MS (a rolled-back write). */
  private advanceFloor(): void {
    const now = Date.now();
    while (this.applied.size > 0) {
      const next = this.floor + 1;
      if (!this.applied.delete(next)) {
        const since = this.gaps.get(next) ?? now;
        this.gaps.set(next, since);
        if (now - since < GAP_WAIT_MS) return;
      }
      this.gaps.delete(next);
      this.floor = next;
    }
  }

  /** Retired slots pile up with updates: past a quarter of the index, build a fresh one in the background. */
  private rebuildIfWasteful(index: MemoryIndex): void {
    if (this.rebuilding || index.garbage < Math.max(5_000, index.size / 4)) return;
    this.rebuilding = true;
    this.load()
      .then((loaded) => this.serialized(() => this.swapIn(loaded)))
      .catch((error: unknown) => this.options.log?.(`Search index rebuild failed: ${String(error)}`))
      .finally(() => {
        this.rebuilding = false;
      });
  }

  /** Stems of words the vocabulary lacks, from the database's Italian stemmer (one statement, then kept). */
  private async expand(state: Loaded, terms: readonly Term[]): Promise<Expansion[]> {
    const missing = [...new Set(terms.map((t) => t.word).filter((w) => state.vocabulary.lexemeOf(w) === undefined && !this.stems.has(w)))];
    if (missing.length > 0) {
      const { rows } = await sql<{ w: string; stem: string | null }>`
        SELECT w, (tsvector_to_array(to_tsvector('it_unaccent', w)))[1] AS stem FROM unnest(${textArray(missing)}) AS w`.execute(this.db);
      if (this.stems.size + rows.length > MAX_STEMS) this.stems.clear();
      for (const row of rows) this.stems.set(row.w, row.stem);
    }
    return terms.map((t) => state.vocabulary.expand(t, state.vocabulary.lexemeOf(t.word) ?? this.stems.get(t.word) ?? null));
  }

  /**
   * Facet counts of a catalogue product query (a category page's) from the index, or null where
   * it cannot answer as aggregateProducts would: before it is built, for filters it cannot
   * evaluate, or unless the visibility and status filters keep to the products it holds.
   */
  async aggregate(filters: Record<string, FieldCondition>, attributeCodes: ReadonlySet<string>, request: AggregationRequest): Promise<AggregationCounts | null> {
    const compiled = await this.catalogueFilter(filters, attributeCodes);
    return compiled && compiled.index.aggregate(compiled.filter, request, compiled.now, compiled.scope);
  }

  /** The total of a catalogue product query (a category page's) from the index, or null as for aggregate(). */
  async count(filters: Record<string, FieldCondition>, attributeCodes: ReadonlySet<string>): Promise<number | null> {
    const compiled = await this.catalogueFilter(filters, attributeCodes);
    return compiled && compiled.index.count(compiled.filter, compiled.scope);
  }

  /**
   * One page of a catalogue product query (a category page's list) from the index: the page's
   * ids in the query's order and the total, or null as for aggregate(), for sorts the index
   * does not hold (by name or SKU, or by more than one field), and past LIST_DEPTH_MAX.
   */
  async list(filters: Record<string, FieldCondition>, attributeCodes: ReadonlySet<string>, sort: string | readonly string[] | undefined, start: number, size: number): Promise<{ total: number; ids: number[] } | null> {
    const order = start + size <= LIST_DEPTH_MAX ? listOrder(sort) : null;
    const compiled = order && (await this.catalogueFilter(filters, attributeCodes));
    return compiled ? compiled.index.list(compiled.filter, order, start, size, compiled.now, compiled.scope) : null;
  }

  /**
   * The catalogue's checks of a query's filters: the same 400s as the database's answer. They
   * build and compile a whole statement (~0.3 ms), and a category page asks the index three or
   * more times with the same filters, so filters that passed are remembered for the attribute
   * codes they passed with (a catalogue change brings a new set of codes).
   */
  private checkFilters(filters: Record<string, FieldCondition>, attributeCodes: ReadonlySet<string>): void {
    let passed = this.checkedFilters.get(attributeCodes);
    if (!passed) this.checkedFilters.set(attributeCodes, (passed = new Set()));
    const key = JSON.stringify(filters);
    if (passed.has(key)) return;
    this.db.selectFrom('product').select('id').where(catalogWhere({ entityType: 'product', filters }, attributeCodes)).compile();
    if (passed.size >= CHECKED_FILTERS_MAX) passed.clear();
    passed.add(key);
  }

  /** The index, current, with a catalogue query's filters over it, or null where it cannot answer them. */
  private async catalogueFilter(filters: Record<string, FieldCondition>, attributeCodes: ReadonlySet<string>) {
    if (!this.state || !onlyHeld(filters.visibility, HELD.visibility) || !onlyHeld(filters.status, HELD.status)) return null;
    if (Date.now() < this.signalledUntil) await this.catchUp();
    const { index } = this.state;
    this.checkFilters(filters, attributeCodes);
    const now = Date.now();
    const { scope, rest } = splitCategoryScope(filters);
    const filter = compileFilters(index, rest, attributeCodes, now);
    return filter && { index, filter, now, scope };
  }

  async search(request: SearchRequest): Promise<SearchHits> {
    const sort = request.sort === 'relevance' ? null : request.sort;
    if (!this.state || sort?.field === 'name') return this.fallback.search(request);
    if (Date.now() < this.signalledUntil) await this.catchUp();
    const state = this.state;
    const parsed = parseQuery(request.text, request.asTyped ? 'none' : this.fuzziness);
    const forms = matchGroups(parsed, await this.expand(state, parsed.terms));
    if (!forms) return { hits: [], total: 0, matchedWords: [], suggestions: [] };
    if (sort && !SORTABLE.has(sort.field)) throw new CatalogQueryError(`sort: cannot sort search results by ${sort.field}`);
    const where = catalogWhere({ entityType: 'product', filters: request.filters }, request.attributeCodes);
    // Compiling runs the catalogue's checks: the same 400s for unknown fields and wrong values.
    const filtered = this.db.selectFrom('product').select('id').where(where).where(searchable);
    filtered.compile();
    const now = Date.now();
    let filter = Object.keys(request.filters).length ? compileFilters(state.index, request.filters, request.attributeCodes, now) : null;
    if (Object.keys(request.filters).length && !filter) {
      const passing = new Set((await filtered.execute()).map((r) => r.id));
      filter = (slot) => passing.has(state.index.field.id(slot));
    }
    // SORTABLE less name (answered by the database above): every field here is one the index orders by.
    const order: Order = !sort ? { field: 'relevance' } : { field: LISTABLE_BY[sort.field as keyof typeof LISTABLE_BY], dir: sort.dir };
    const answer = state.index.search({
      groups: forms.groups,
      filter,
      minScore: request.minScore,
      order,
      start: request.start,
      size: request.size,
      now,
      ...(request.facets ? { facets: request.facets } : {}),
    });
    const page = request.withDocs ? await findPageDocuments(this.db, answer.page.map((h) => h.id)) : null;
    return {
      hits: answer.page.map((h, i) => {
        const doc = page?.docs[i];
        return { ...h, ...(doc ? { doc } : {}) };
      }),
      total: answer.total,
      ...(page ? { priceHistory: page.priceHistory } : {}),
      ...(answer.facets ? { facets: answer.facets } : {}),
      matchedWords: answer.total > 0 ? forms.matchedWords : [],
      suggestions: answer.total === 0 ? await suggestWords(this.db, forms.unknownWords) : [],
      ...(answer.total > 0 && forms.corrected ? { corrected: forms.corrected } : {}),
    };
  }
}
