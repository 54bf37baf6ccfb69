import type { ProductDoc } from '@shop/domain';
import { sql } from 'kysely';
import { groupPriceHistory, type PriceHistoryEntry, type PriceHistoryRow } from '../catalog/price-history.ts';
import type { Db } from '../connect.ts';
import { intArray } from '../sql-values.ts';

/** Product documents by id, in the order asked (a search's page). */
export async function findProductDocs(db: Db, ids: readonly number[]): Promise<ProductDoc[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('product_doc').select(['id', 'doc']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r.doc as unknown as ProductDoc]));
  return ids.map((id) => byId.get(id)).filter((doc) => doc !== undefined);
}

/**
 * The price history a discount's lowest 30-day price needs, over a relation `page` (column id)
 * the statement defines, as JSON text: of products whose columns carry a special price, and of
 * configurables' children (= ANY(ARRAY(…)): an index lookup per sku, where IN (…) let the planner
 * scan the table).
 */
export const pageHistorySql = sql<string | null>`(SELECT json_agg(h ORDER BY h.sku, h.recorded_at, h.id)::text FROM (
  SELECT id, sku, regular_price_cents, special_price_cents, special_from, special_to, recorded_at
  FROM price_history WHERE sku = ANY(ARRAY(
    SELECT unnest(CASE WHEN cardinality(p.child_skus) > 0 THEN array_prepend(p.sku, p.child_skus)
                       WHEN p.special_price_cents IS NOT NULL THEN ARRAY[p.sku] END)
    FROM page JOIN product p USING (id)))) AS h)`;

/** A page's documents (undefined where none is stored) and their price history, in one statement. */
export async function findPageDocuments(db: Db, ids: readonly number[]): Promise<{ docs: (ProductDoc | undefined)[]; priceHistory: Map<string, PriceHistoryEntry[]> }> {
  if (ids.length === 0) return { docs: [], priceHistory: new Map() };
  const { rows } = await sql<{ docs: string | null; history: string | null }>`
    WITH page AS (SELECT id FROM unnest(${intArray(ids)}) AS page(id))
    SELECT (SELECT json_agg(json_build_array(d.id, d.doc))::text FROM product_doc d WHERE d.id IN (SELECT id FROM page)) AS docs,
           ${pageHistorySql} AS history`.execute(db);
  const byId = new Map(rows[0]?.docs ? (JSON.parse(rows[0].docs) as [number, ProductDoc][]) : []);
  return {
    docs: ids.map((id) => byId.get(id)),
    priceHistory: groupPriceHistory(rows[0]?.history ? (JSON.parse(rows[0].history) as PriceHistoryRow[]) : []),
  };
}
