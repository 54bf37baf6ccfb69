import type { CatalogQuery, FieldCondition } from '@shop/contracts';
import { toCents } from '@shop/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../connect.ts';
import { effectivePriceCents } from './effective-price.ts';
import { textArray } from '../sql-values.ts';
import { catalogWhere, filtersOnClockPrice } from './query.ts';

export interface AggregationRequest {
  /** Select attribute codes whose option ids are counted (held in product.attrs). */
  codes: readonly string[];
  /** Buckets kept per code: the most frequent, ties by option id. */
  size: number;
  /** Price ranges in euros: `from` inclusive, `to` exclusive, either may be open. */
  ranges: readonly { from?: number; to?: number }[];
}

export interface TermCount {
  key: string;
  doc_count: number;
}

export interface AggregationCounts {
  terms: Map<string, TermCount[]>;
  /** Products per range, in the order of the request's ranges. */
  rangeCounts: number[];
}

/** One facet row: an option id's count (code set) or a price range's count (code null, key its index). */
export interface FacetRow {
  code: string | null;
  key: string;
  doc_count: number;
}

/**
 * Facet rows over a relation named `matched` (columns attr_keys and price_cents) that the caller
 * defines: the catalogue's filtered products, or a search's hits. Option ids are counted from
 * the 'code:value' tokens of attr_keys (migration 0003) in one pass, the price ranges in another.
 */
export function facetRowsSql(request: AggregationRequest): RawBuilder<FacetRow> {
  const ranges = request.ranges.map((r) => {
    const lo = r.from === undefined ? null : toCents(r.from);
    const hi = r.to === undefined ? null : toCents(r.to);
    const bounds = [...(lo === null ? [] : [sql`price_cents >= ${sql.lit(lo)}`]), ...(hi === null ? [] : [sql`price_cents < ${sql.lit(hi)}`])];
    return sql`count(price_cents)${bounds.length ? sql` FILTER (WHERE ${sql.join(bounds, sql` AND `)})` : sql``}`;
  });
  const rangeRows = ranges.length
    ? sql`
    UNION ALL
    SELECT NULL, (r.i - 1)::text, r.n::int
    FROM (SELECT ARRAY[${sql.join(ranges)}] AS counts FROM matched) AS c
    CROSS JOIN unnest(c.counts) WITH ORDINALITY AS r(n, i)`
    : sql``;
  return sql<FacetRow>`
    WITH tokens AS (
      SELECT k, count(*)::int AS doc_count FROM (SELECT unnest(attr_keys) AS k FROM matched) AS t GROUP BY k
    ),
    terms AS (
      SELECT split_part(k, ':', 1) AS code, substr(k, strpos(k, ':') + 1) AS key, doc_count FROM tokens
    ),
    ranked AS (
      SELECT code, key, doc_count,
        row_number() OVER (PARTITION BY code ORDER BY doc_count DESC, key COLLATE "C") AS rank
      FROM terms WHERE code = ANY(${textArray(request.codes)})
    )
    SELECT code, key, doc_count FROM ranked WHERE rank <= ${request.size}${rangeRows}`;
}

/** Facet rows as counts per code (most frequent first) and per range, in the request's order. */
export function readFacetRows(request: AggregationRequest, rows: readonly FacetRow[]): AggregationCounts {
  const terms = new Map<string, TermCount[]>(request.codes.map((code) => [code, []]));
  const rangeCounts = request.ranges.map(() => 0);
  for (const row of rows) {
    if (row.code === null) rangeCounts[Number(row.key)] = row.doc_count;
    else terms.get(row.code)?.push({ key: row.key, doc_count: row.doc_count });
  }
  for (const buckets of terms.values()) buckets.sort((a, b) => b.doc_count - a.doc_count || (a.key < b.key ? -1 : 1));
  return { terms, rangeCounts };
}

/**
 * Facet counts over every product the query's filters match (not just one page), in one
 * statement: option ids per attribute code from `attr_keys` (attrs as tokens), and products per range of the net list
 * price the shopper pays now (effective-price.ts: what price filters and price sorting use).
 */
export async function aggregateProducts(
  db: Db,
  query: CatalogQuery,
  attributeCodes: ReadonlySet<string>,
  request: AggregationRequest,
): Promise<AggregationCounts> {
  const matched = db
    .selectFrom('product')
    .select([sql<string[]>`attr_keys`.as('attr_keys'), effectivePriceCents.as('price_cents')])
    .where(catalogWhere(query, attributeCodes));
  const { rows } = await sql<FacetRow>`WITH matched AS (${matched}) SELECT * FROM (${facetRowsSql(request)}) AS f`.execute(db);
  return readFacetRows(request, rows);
}

/** Counts one facet request under one set of filters (an engine's conjunctive count). */
export type CountFacets = (filters: Record<string, FieldCondition>, request: AggregationRequest) => Promise<AggregationCounts>;

/** Whether a product filter field filters the price the ranges count (price, final_price). */
const isPriceField = (field: string) => filtersOnClockPrice({ entityType: 'product', filters: { [field]: {} } });

/**
 * Disjunctive facet counts (issue 42 point 8): each facet counted under every active filter but its
 * own, so that choosing "Wüsthof" narrows the price ranges to Wüsthof products while the brand
 * facet still counts the other brands a shopper may add. Facets without a filter of their own
 * come from one count under all filters (the call with `filters` itself, which a search reuses for
 * its page); each filtered facet from one more count without its filter. Engine-independent: the
 * in-memory index and the database give equal counts because they count each part alike.
 */
export async function countDisjunctive(filters: Record<string, FieldCondition>, request: AggregationRequest, count: CountFacets): Promise<AggregationCounts> {
  const fields = Object.keys(filters);
  const filteredCodes = request.codes.filter((code) => fields.includes(code));
  const priceFields = request.ranges.length > 0 ? fields.filter(isPriceField) : [];
  const without = (drop: readonly string[]) => Object.fromEntries(Object.entries(filters).filter(([field]) => !drop.includes(field)));
  const shared = { ...request, codes: request.codes.filter((code) => !filteredCodes.includes(code)), ranges: priceFields.length ? [] : request.ranges };
  const [all, ...own] = await Promise.all([
    count(filters, shared),
    ...filteredCodes.map((code) => count(without([code]), { ...request, codes: [code], ranges: [] })),
    ...(priceFields.length ? [count(without(priceFields), { ...request, codes: [] })] : []),
  ]);
  const terms = new Map(request.codes.map((code) => [code, all!.terms.get(code) ?? []]));
  filteredCodes.forEach((code, i) => terms.set(code, own[i]!.terms.get(code) ?? []));
  const rangeCounts = priceFields.length ? own[filteredCodes.length]!.rangeCounts : all!.rangeCounts;
  return { terms, rangeCounts };
}
