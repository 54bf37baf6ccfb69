import type { CatalogQuery } from '@shop/contracts';
import { toCents } from '@shop/domain';
import { sql } from 'kysely';
import type { Db } from '../connect.ts';
import { effectivePriceCents } from './effective-price.ts';
import { jsonb, textArray } from '../sql-values.ts';
import { catalogWhere } from './query.ts';

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

/**
 * Facet counts over every product the query's filters match (not just one page), in one
 * statement: option ids per attribute code from `attrs`, and products per range of the net list
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
    .select(['attrs', effectivePriceCents.as('price_cents')])
    .where(catalogWhere(query, attributeCodes));
  const ranges = request.ranges.map((r, i) => ({
    i,
    lo: r.from === undefined ? null : toCents(r.from),
    hi: r.to === undefined ? null : toCents(r.to),
  }));
  const { rows } = await sql<{ code: string | null; key: string; doc_count: number }>`
    WITH matched AS (${matched}),
    terms AS (
      SELECT t.code, v.key, count(*)::int AS doc_count,
        row_number() OVER (PARTITION BY t.code ORDER BY count(*) DESC, v.key COLLATE "C") AS rank
      FROM matched m
      CROSS JOIN unnest(${textArray(request.codes)}) AS t(code)
      CROSS JOIN LATERAL jsonb_array_elements_text(m.attrs -> t.code) AS v(key)
      GROUP BY t.code, v.key
    )
    SELECT code, key, doc_count FROM terms WHERE rank <= ${request.size}
    UNION ALL
    SELECT NULL, r.i::text, count(m.price_cents)::int
    FROM jsonb_to_recordset(${jsonb(ranges)}) AS r(i int, lo int, hi int)
    LEFT JOIN matched m ON (r.lo IS NULL OR m.price_cents >= r.lo) AND (r.hi IS NULL OR m.price_cents < r.hi)
    GROUP BY r.i`.execute(db);

  const terms = new Map<string, TermCount[]>(request.codes.map((code) => [code, []]));
  const rangeCounts = ranges.map(() => 0);
  for (const row of rows) {
    if (row.code === null) rangeCounts[Number(row.key)] = row.doc_count;
    else terms.get(row.code)?.push({ key: row.key, doc_count: row.doc_count });
  }
  for (const buckets of terms.values()) buckets.sort((a, b) => b.doc_count - a.doc_count || (a.key < b.key ? -1 : 1));
  return { terms, rangeCounts };
}
