import { sql } from 'kysely';
import { intArray } from '../sql-values.ts';
import type { SqlRunner } from './index-data.ts';

/** What one catalogue write changed for search (a row of search_change, migration 0015). */
export interface SearchChange {
  seq: number;
  productIds: number[];
  /** Categories renamed: their products' search vectors were rewritten. */
  categoryIds: number[];
  /** The whole search data was rebuilt (reindex). */
  everything: boolean;
  /** Only the products' prices changed (an in-place write): their words, categories and attributes are as indexed. */
  pricesOnly: boolean;
}

/** Entries older than this are dropped: an index further behind rebuilds from scratch anyway. */
const KEEP = sql`interval '1 day'`;

const listeners = new Set<() => void>();

/**
 * Called whenever this process records a change, possibly before the writing transaction
 * commits: listeners read the change sequence at their next search, and again while it is new.
 */
export function onSearchChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Appends a change to the sequence, in the writer's transaction, and tells this process's indexes. */
export async function recordSearchChange(
  db: SqlRunner,
  change: { productIds?: readonly number[]; categoryIds?: readonly number[]; everything?: boolean; pricesOnly?: boolean },
): Promise<void> {
  const productIds = change.productIds ?? [];
  const categoryIds = change.categoryIds ?? [];
  if (!change.everything && productIds.length === 0 && categoryIds.length === 0) return;
  await sql`DELETE FROM search_change WHERE at < now() - ${KEEP}`.execute(db);
  await sql`INSERT INTO search_change (product_ids, category_ids, everything, prices_only)
    VALUES (${intArray(productIds)}, ${intArray(categoryIds)}, ${change.everything ?? false}, ${change.pricesOnly ?? false})`.execute(db);
  for (const listener of listeners) listener();
}

/** The last change recorded (0: none). */
export async function lastSearchChange(db: SqlRunner): Promise<number> {
  const { rows } = await sql<{ seq: number | string | null }>`SELECT max(seq) AS seq FROM search_change`.execute(db);
  return Number(rows[0]?.seq ?? 0);
}

/** Changes after `seq`, oldest first. */
export async function readSearchChanges(db: SqlRunner, after: number): Promise<SearchChange[]> {
  const { rows } = await sql<{ seq: number | string; product_ids: number[]; category_ids: number[]; everything: boolean; prices_only: boolean }>`
    SELECT seq, product_ids, category_ids, everything, prices_only FROM search_change WHERE seq > ${after} ORDER BY seq`.execute(db);
  return rows.map((r) => ({ seq: Number(r.seq), productIds: r.product_ids, categoryIds: r.category_ids, everything: r.everything, pricesOnly: r.prices_only }));
}

/**
 * Changes after `after` but those in `applied`: how many, and the age in seconds of the oldest
 * (0 when none). How far an index that has applied these is behind the sequence.
 */
export async function pendingSearchChanges(db: SqlRunner, after: number, applied: readonly number[]): Promise<{ changes: number; seconds: number }> {
  const { rows } = await sql<{ changes: number | string; seconds: number | string | null }>`
    SELECT count(*) AS changes, extract(epoch FROM now() - min(at))::float8 AS seconds
    FROM search_change WHERE seq > ${after} AND NOT (seq = ANY(${intArray(applied)}))`.execute(db);
  return { changes: Number(rows[0]?.changes ?? 0), seconds: Math.max(0, Number(rows[0]?.seconds ?? 0)) };
}
