import type { Db } from '../connect.ts';

/** One recorded price state of a product (written by upsertProducts on every change). */
export interface PriceHistoryEntry {
  regular_price_cents: number;
  special_price_cents: number | null;
  special_from: Date | null;
  special_to: Date | null;
  recorded_at: Date;
}

const asDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** A price_history row as read: dates as Date, or ISO text when read as JSON. */
export interface PriceHistoryRow {
  sku: string;
  regular_price_cents: number;
  special_price_cents: number | null;
  special_from: Date | string | null;
  special_to: Date | string | null;
  recorded_at: Date | string;
}

/** Rows ordered by sku, recorded_at and id, grouped by sku. */
export function groupPriceHistory(rows: readonly PriceHistoryRow[]): Map<string, PriceHistoryEntry[]> {
  const bySku = new Map<string, PriceHistoryEntry[]>();
  for (const { sku, ...row } of rows) {
    const entries = bySku.get(sku) ?? [];
    entries.push({
      regular_price_cents: row.regular_price_cents,
      special_price_cents: row.special_price_cents,
      special_from: asDate(row.special_from),
      special_to: asDate(row.special_to),
      recorded_at: new Date(row.recorded_at),
    });
    bySku.set(sku, entries);
  }
  return bySku;
}

/** The price history of each sku, oldest entry first. */
export async function readPriceHistory(db: Db, skus: readonly string[]): Promise<Map<string, PriceHistoryEntry[]>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .selectFrom('price_history')
    .select(['sku', 'regular_price_cents', 'special_price_cents', 'special_from', 'special_to', 'recorded_at'])
    .where('sku', 'in', skus)
    .orderBy('sku')
    .orderBy('recorded_at')
    .orderBy('id')
    .execute();
  return groupPriceHistory(rows);
}
