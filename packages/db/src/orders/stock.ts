import type { ProductDoc } from '@shop/domain';
import { sql } from 'kysely';
import type { Db } from '../connect.ts';
import { intArray, textArray } from '../sql-values.ts';

/**
 * The shop's own stock count (table stock_level, ADR 0013). A sku's first order copies the
 * catalogue's quantity in; orders then take from it with a conditional UPDATE, so concurrent
 * orders for the last unit get it once, on PGlite and on PostgreSQL alike (the row lock makes
 * the second UPDATE re-read the row). A catalogue import that changes a product starts its count
 * again from the platform's figure.
 */

/** A line that takes stock: its quantity and what the catalogue says the sku holds. */
export interface StockTake {
  sku: string;
  qty: number;
  /** The catalogue's quantity, used when the sku has no count of its own yet. */
  catalogueQty: number;
  backorders: boolean;
}

/** Takes every line's quantity; the skus that lack it (nothing is taken then: run it in a transaction). */
export async function takeStock(db: Db, lines: readonly StockTake[]): Promise<string[]> {
  const short: string[] = [];
  // In sku order: two orders sharing skus lock their rows in the same order and never deadlock.
  for (const line of [...lines].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0))) {
    await db
      .insertInto('stock_level')
      .values({ sku: line.sku, qty: line.catalogueQty, backorders: line.backorders })
      .onConflict((oc) => oc.column('sku').doNothing())
      .execute();
    const taken = await db
      .updateTable('stock_level')
      .set({ qty: sql`qty - ${line.qty}`, updated_at: new Date() })
      .where('sku', '=', line.sku)
      .where((eb) => eb.or([eb('backorders', '=', true), eb('qty', '>=', String(line.qty))]))
      .returning('sku')
      .executeTakeFirst();
    if (!taken) short.push(line.sku);
  }
  return short;
}

/** Gives quantities back (an order that expired or was cancelled). */
export async function returnStock(db: Db, lines: readonly { sku: string; qty: number }[]): Promise<void> {
  for (const line of lines) {
    await db.updateTable('stock_level').set({ qty: sql`qty + ${line.qty}`, updated_at: new Date() }).where('sku', '=', line.sku).execute();
  }
}

/** The shop's counts of these skus (skus never ordered have none: the catalogue's figure holds). */
export async function findStockLevels(db: Db, skus: readonly string[]): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const rows = await db.selectFrom('stock_level').select(['sku', 'qty']).where('sku', '=', sql<string>`ANY(${textArray(skus)})`).execute();
  return new Map(rows.map((row) => [row.sku, Number(row.qty)]));
}

type Stocked = { sku: string; stock?: unknown };

function withLevel<T extends Stocked>(item: T, levels: ReadonlyMap<string, number>): T {
  const qty = levels.get(item.sku);
  if (qty === undefined || typeof item.stock !== 'object' || item.stock === null) return item;
  const stock = item.stock as Record<string, unknown>;
  const backorders = Number(stock['backorders'] ?? 0) > 0;
  return { ...item, stock: { ...stock, qty, is_in_stock: qty > 0 || backorders ? (stock['is_in_stock'] ?? true) : false } };
}

/** A document with the shop's counts written over the catalogue's, its configurable children included. */
export function applyStockLevels(doc: ProductDoc, levels: ReadonlyMap<string, number>): ProductDoc {
  if (levels.size === 0) return doc;
  const children = doc.configurable_children?.map((child) => withLevel(child, levels));
  const own = withLevel(doc, levels);
  return children ? { ...own, configurable_children: children } : own;
}

/** Skus of a document and of its configurable children. */
export const stockSkusOf = (doc: ProductDoc): string[] => [doc.sku, ...(doc.configurable_children ?? []).map((child) => child.sku)];

/** A catalogue import changed these products: their counts start again from the platform's figure. */
export async function resetStockLevels(db: Db, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  await sql`
    DELETE FROM stock_level s USING product p
    WHERE p.id = ANY(${intArray(productIds)}) AND (s.sku = p.sku OR s.sku = ANY(p.child_skus))`.execute(db);
}
