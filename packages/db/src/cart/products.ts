import type { ProductDoc } from '@shop/domain';
import { sql } from 'kysely';
import type { Db } from '../connect.ts';
import { applyStockLevels, findStockLevels, stockSkusOf } from '../orders/stock.ts';
import { textArray } from '../sql-values.ts';

interface Found {
  doc: ProductDoc;
  parent_sku: string | null;
}

const bySku = (db: Db, skus: readonly string[]) =>
  sql<Found>`
    SELECT d.doc, p.parent_sku FROM product p JOIN product_doc d ON d.id = p.id
    WHERE p.status < 2 AND p.sku = ANY(${textArray(skus)})`.execute(db);

const byChildSku = (db: Db, skus: readonly string[]) =>
  sql<Found>`
    SELECT d.doc, p.parent_sku FROM product p JOIN product_doc d ON d.id = p.id
    WHERE p.status < 2 AND p.child_skus && ${textArray(skus)}`.execute(db);

/**
 * Documents of the enabled products a cart needs: those of `skus`, the parents of child rows among
 * them, and the configurable parents of skus that exist only inside a parent's document.
 * Visibility does not matter: bundle parts and children are often not visible on their own.
 * Separate lookups, not one `sku = ANY … OR child_skus && …`: the OR costs 5–10 ms of planning.
 */
export async function findCartProducts(db: Db, skus: readonly string[]): Promise<ProductDoc[]> {
  const wanted = [...new Set(skus)];
  if (wanted.length === 0) return [];
  const found = new Map<string, ProductDoc>();
  const add = (rows: readonly Found[]) => rows.forEach((row) => found.set(row.doc.sku, row.doc));
  const own = (await bySku(db, wanted)).rows;
  add(own);
  const parents = [...new Set(own.flatMap((row) => row.parent_sku ?? []))].filter((sku) => !found.has(sku));
  if (parents.length > 0) add((await bySku(db, parents)).rows);
  const missing = wanted.filter((sku) => !found.has(sku));
  if (missing.length > 0) add((await byChildSku(db, missing)).rows);
  // What the cart checks is what the shop can still sell: its own counts over the catalogue's.
  const docs = [...found.values()];
  const levels = await findStockLevels(db, docs.flatMap(stockSkusOf));
  return docs.map((doc) => applyStockLevels(doc, levels));
}
