import { sql, type RawBuilder } from 'kysely';
import { facetRowsSql, readFacetRows, type FacetRow } from '../catalog/aggregations.ts';
import { effectivePriceCents } from '../catalog/effective-price.ts';
import { groupPriceHistory, type PriceHistoryRow } from '../catalog/price-history.ts';
import { CatalogQueryError, catalogWhere } from '../catalog/query.ts';
import type { Db } from '../connect.ts';
import type { ProductDoc } from '@shop/domain';
import { recordSearchChange } from './changes.ts';
import { pageHistorySql } from './documents.ts';
import { expandTerms, suggestWords, type Expansion } from './expand.ts';
import { mergeProductIndexQueues } from '../maintenance/gin-queues.ts';
import { addProductWords, rebuildSearchData } from './index-data.ts';
import { buildMatchQuery, type MatchQuery } from './match-query.ts';
import type { SearchHits, SearchProvider, SearchRequest } from './provider.ts';
import { parseQuery, type FuzzinessRule, type Term } from './text.ts';

/** Query words whose expansions are kept (a few KB each at most). */
const MAX_CACHED_EXPANSIONS = 5000;
/** How long an expansion is trusted without a catalogue write being signalled (invalidate()). */
const EXPANSION_TTL_MS = 5 * 60_000;

/** Sortable fields besides relevance. */
const SORTS: Record<string, RawBuilder<unknown>> = {
  price: effectivePriceCents,
  final_price: effectivePriceCents,
  position: sql`position`,
  updated_at: sql`updated_at`,
  created_at: sql`created_at`,
  name: sql`name`,
  id: sql`id`,
};

const tsquery = (text: string) => sql`${text}::tsquery`;

/** Mean of the words' tiers (0–1), plus 2 for an exact typed SKU and 1 for a SKU prefix. */
function scoreSql(q: MatchQuery): RawBuilder<number> {
  const words = q.tiers.map(
    (tiers) => sql`CASE ${sql.join(tiers.map(([t, value]) => sql`WHEN search_vec @@ ${tsquery(t)} THEN ${sql.lit(value)}`), sql` `)} ELSE 0 END`,
  );
  const sku = q.sku
    ? sql`CASE WHEN search_vec @@ ${tsquery(q.sku.prefix)} THEN CASE WHEN search_vec @@ ${tsquery(q.sku.exact)} THEN 2 ELSE 1 END ELSE 0 END`
    : sql`0`;
  return sql<number>`((${sql.join(words, sql` + `)})::float8 / ${sql.lit(q.tiers.length)} + ${sku})`;
}

/**
 * Search in the shop's own PostgreSQL (embedded or server): weighted tsvectors, typo and prefix
 * expansion through the vocabulary, and one statement that scores the hits once and reads the
 * total, the page and the facets from them.
 */
export class PostgresSearchProvider implements SearchProvider {
  /**
   * Vocabulary lookups per query word: the vocabulary only changes with catalogue writes, so a
   * word's expansion is kept until then (invalidate()), saving a statement per search. Writes
   * that bypass the services (a direct upsert) are seen within EXPANSION_TTL_MS.
   */
  private readonly expansions = new Map<string, { expansion: Expansion; at: number }>();
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly fuzziness: FuzzinessRule = 'two',
  ) {}

  /** Product writes store their vectors themselves (catalog/write.ts); only new words remain. */
  async indexProducts(ids: readonly number[]): Promise<void> {
    await addProductWords(this.db, ids);
    this.invalidate();
  }

  async reindex(): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await rebuildSearchData(trx);
      await mergeProductIndexQueues(trx);
      await recordSearchChange(trx, { everything: true });
    });
    this.invalidate();
  }

  /** Forgets the expansions after the catalogue (so possibly the vocabulary) changed. */
  invalidate(): void {
    this.expansions.clear();
    this.generation++;
  }

  private async expand(terms: readonly Term[]): Promise<Expansion[]> {
    const keyOf = (t: Term) => `${t.word}|${t.fuzziness}|${t.prefix ? 1 : 0}`;
    const now = Date.now();
    const cached = terms.map((t) => {
      const entry = this.expansions.get(keyOf(t));
      return entry && now - entry.at < EXPANSION_TTL_MS ? entry.expansion : undefined;
    });
    const missing = terms.filter((_, i) => !cached[i]);
    if (missing.length === 0) return cached as Expansion[];
    const generation = this.generation;
    const found = await expandTerms(this.db, missing);
    if (generation === this.generation) {
      if (this.expansions.size + missing.length > MAX_CACHED_EXPANSIONS) this.expansions.clear();
      missing.forEach((t, i) => this.expansions.set(keyOf(t), { expansion: found[i]!, at: now }));
    }
    let next = 0;
    return cached.map((e) => e ?? found[next++]!);
  }

  async search(request: SearchRequest): Promise<SearchHits> {
    const parsed = parseQuery(request.text, request.asTyped ? 'none' : this.fuzziness);
    const q = buildMatchQuery(parsed, await this.expand(parsed.terms));
    if (!q) return { hits: [], total: 0, matchedWords: [], suggestions: [] };

    const sort = request.sort === 'relevance' ? null : request.sort;
    const sortColumn = sort && SORTS[sort.field];
    if (sort && !sortColumn) throw new CatalogQueryError(`sort: cannot sort search results by ${sort.field}`);
    const where = catalogWhere({ entityType: 'product', filters: request.filters }, request.attributeCodes);
    // Only what the total, the order and the facets read is kept per hit.
    const candidates = this.db
      .selectFrom('product')
      .select([
        'id',
        scoreSql(q).as('score'),
        ...(sortColumn ? [sortColumn.as('sort_key')] : []),
        ...(request.facets ? [sql<string[]>`attr_keys`.as('attr_keys'), effectivePriceCents.as('price_cents')] : []),
      ])
      .where(sql<boolean>`search_vec @@ ${tsquery(q.match)}`)
      // Visible (2, 3, 4) and enabled (0, 1): the predicate of product_search_vec_idx (migration 0003).
      .where(sql<boolean>`visibility IN (2, 3, 4) AND status IN (0, 1)`)
      .where(where);
    const order = sort ? sql`sort_key ${sql.raw(sort.dir)}, score DESC, id` : sql`score DESC, id`;
    const facets = request.facets
      ? sql`(SELECT coalesce(json_agg(f), '[]') FROM (${facetRowsSql(request.facets)}) AS f)`
      : sql`NULL::json`;
    const history = request.withDocs ? pageHistorySql : sql`NULL::text`;
    // The page comes back as JSON text with the documents (one statement, parsed once here).
    const { rows } = await sql<{ total: number; page: string | null; facets: FacetRow[] | null; history: string | null }>`
      WITH hits AS MATERIALIZED (
        SELECT * FROM (${candidates}) AS c WHERE c.score >= ${request.minScore}
      ),
      matched AS (SELECT * FROM hits),
      page AS MATERIALIZED (SELECT * FROM hits ORDER BY ${order} LIMIT ${request.size} OFFSET ${request.start})
      SELECT
        (SELECT count(*)::int FROM hits) AS total,
        (SELECT json_agg(json_build_array(id, score, ${request.withDocs ? sql`d.doc` : sql`NULL`}) ORDER BY ${order})::text
         FROM page${request.withDocs ? sql` LEFT JOIN product_doc d USING (id)` : sql``}) AS page,
        ${facets} AS facets,
        ${history} AS history`.execute(this.db);
    const row = rows[0]!;
    const page = row.page ? (JSON.parse(row.page) as [number, number, ProductDoc | null][]) : [];
    const suggestions = row.total === 0 ? await suggestWords(this.db, q.unknownWords) : [];
    return {
      hits: page.map(([id, score, doc]) => ({ id, score, ...(doc ? { doc } : {}) })),
      total: row.total,
      ...(request.withDocs ? { priceHistory: groupPriceHistory(row.history ? (JSON.parse(row.history) as PriceHistoryRow[]) : []) } : {}),
      ...(request.facets ? { facets: readFacetRows(request.facets, row.facets ?? []) } : {}),
      matchedWords: row.total > 0 ? q.matchedWords : [],
      suggestions,
      ...(row.total > 0 && q.corrected ? { corrected: q.corrected } : {}),
    };
  }
}
