import { sql } from 'kysely';
import type { Db } from './connect.ts';

/** The tables a shop cannot lose, by what the restore's report calls them. */
const COUNTED = { products: 'product', categories: 'category', customers: 'customer', orders: 'sales_order', invoices: 'invoice' } as const;

export type ShopTotals = Record<keyof typeof COUNTED, number>;

/**
 * Rows of the shop's main tables (npm run db:restore reports them, so the operator sees at once
 * that the backup was the right one). A table missing from an older backup counts 0.
 */
export async function shopTotals(db: Db): Promise<ShopTotals> {
  const totals = {} as ShopTotals;
  for (const [name, table] of Object.entries(COUNTED) as [keyof ShopTotals, string][]) {
    const { rows } = await sql<{ present: boolean }>`SELECT to_regclass(${table}::text) IS NOT NULL AS present`.execute(db);
    totals[name] = rows[0]?.present ? (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(db)).rows[0]!.n : 0;
  }
  return totals;
}
