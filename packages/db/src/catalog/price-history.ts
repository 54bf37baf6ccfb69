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

/** The price history of each sku, oldest entry first. */
export async function readPriceHistory(db: Db, skus: readonly string[]): Promise<Map<string, PriceHistoryEntry[]>> {
  const bySku = new Map<string, PriceHistoryEntry[]>();
  if (skus.length === 0) return bySku;
  const rows = await db
    .selectFrom('price_history')
    .select(['sku', 'regular_price_cents', 'special_price_cents', 'special_from', 'special_to', 'recorded_at'])
    .where('sku', 'in', skus)
    .orderBy('sku')
    .orderBy('recorded_at')
    .orderBy('id')
    .execute();
  for (const { sku, ...row } of rows) {
    const entries = bySku.get(sku) ?? [];
    entries.push({
      ...row,
      special_from: asDate(row.special_from),
      special_to: asDate(row.special_to),
      recorded_at: new Date(row.recorded_at),
    });
    bySku.set(sku, entries);
  }
  return bySku;
}
