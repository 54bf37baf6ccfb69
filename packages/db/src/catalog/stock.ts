import type { StockItem } from '@shop/contracts';
import { sql } from 'kysely';
import type { Db } from '../connect.ts';
import { textArray } from '../sql-values.ts';
import { findStockLevels } from '../orders/stock.ts';
import { flag } from './rows.ts';

function finite(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  return Number.isFinite(n) ? n : fallback;
}

/**
 * A document's `stock` as a stock item. A product without stock data is one whose stock is not
 * managed (services, downloads): it counts as in stock with manage_stock false, as Magento sells
 * any product whose stock it does not manage. Missing flags follow Magento's defaults.
 */
export function toStockItem(sku: string, productId: number, stock: unknown): StockItem {
  const s = typeof stock === 'object' && stock !== null ? (stock as Record<string, unknown>) : undefined;
  const manageStock = s !== undefined && (s.manage_stock === undefined || flag(s.manage_stock));
  const qty = finite(s?.qty, 0);
  return {
    sku,
    product_id: Math.trunc(finite(s?.product_id, productId)),
    qty,
    is_in_stock: s?.is_in_stock === undefined ? !manageStock || qty > 0 : flag(s.is_in_stock),
    manage_stock: manageStock,
    min_sale_qty: finite(s?.min_sale_qty, 1),
    max_sale_qty: finite(s?.max_sale_qty, 10_000),
    backorders: Math.trunc(finite(s?.backorders, 0)),
  };
}

/**
 * Stock items of the enabled products among `skus`, keyed by sku. A sku with no product row of its
 * own is looked up among the enabled children in its configurable parents' documents. One
 * statement: the sku index for products, the child_skus index for parents.
 */
export async function findStockItems(db: Db, skus: readonly string[]): Promise<Map<string, StockItem>> {
  const items = new Map<string, StockItem>();
  if (skus.length === 0) return items;
  const { rows } = await sql<{ sku: string; id: unknown; status: unknown; stock: unknown; own: boolean }>`
    SELECT p.sku, to_jsonb(p.id) AS id, to_jsonb(p.status) AS status, d.doc -> 'stock' AS stock, true AS own
    FROM product p JOIN product_doc d ON d.id = p.id
    WHERE p.sku = ANY(${textArray(skus)}) AND p.status < 2
    UNION ALL
    SELECT c ->> 'sku', c -> 'id', c -> 'status', c -> 'stock', false
    FROM product p JOIN product_doc d ON d.id = p.id
    CROSS JOIN LATERAL jsonb_array_elements(d.doc -> 'configurable_children') AS c
    WHERE p.child_skus && ${textArray(skus)} AND p.status < 2 AND c ->> 'sku' = ANY(${textArray(skus)})`.execute(db);
  // A product row is authoritative over a copy of the same sku inside a parent.
  for (const row of [...rows].sort((a, b) => Number(b.own) - Number(a.own))) {
    if (items.has(row.sku) || finite(row.status, 1) >= 2) continue;
    items.set(row.sku, toStockItem(row.sku, Math.trunc(finite(row.id, 0)), row.stock));
  }
  // Orders take from the shop's own counts: those are what is left to sell.
  for (const [sku, qty] of await findStockLevels(db, [...items.keys()])) {
    const item = items.get(sku)!;
    if (item.manage_stock) items.set(sku, { ...item, qty, is_in_stock: qty > 0 || item.backorders > 0 ? item.is_in_stock : false });
  }
  return items;
}
