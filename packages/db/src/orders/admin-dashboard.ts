import { sql } from 'kysely';
import type { Db } from '../connect.ts';
import { ADMIN_ORDER_VIEWS } from './admin-list.ts';

/**
 * The back office's dashboard figures (issue #44), every one a SQL aggregate over sales_order.
 *
 * Revenue counts the orders that are not canceled or expired (a bank transfer still awaited
 * counts: it is an order taken; a wholly refunded, `closed` order counts with 0). Per order:
 * - gross = grand total minus what was refunded;
 * - net (excluding VAT) = gross × (grand total − VAT) / grand total, rounded to the cent per order
 *   (a refund gives VAT back in the order's own proportion; with nothing refunded it is exactly
 *   grand total − VAT).
 * The orders of a period are those counted as revenue; the average order is gross / orders,
 * rounded to the cent. Days and months are Europe/Rome's.
 */
const COUNTED = sql`status NOT IN ('canceled', 'expired')`;
const GROSS = sql`(grand_total_cents - refunded_cents)`;
const NET = sql`(CASE WHEN grand_total_cents = 0 THEN 0 ELSE round((grand_total_cents - refunded_cents)::numeric * (grand_total_cents - tax_cents) / grand_total_cents) END)`;

export interface PeriodFigures {
  orders: number;
  grossCents: number;
  netCents: number;
  averageCents: number;
}

export interface DashboardFigures {
  today: PeriodFigures & { day: string };
  month: PeriodFigures & { month: string };
  toShip: number;
  bankTransfers: { count: number; oldestDays: number | null; oldest: { incrementId: string; createdAt: Date; grandTotalCents: number }[] };
  lowStock: { threshold: number; count: number; items: { sku: string; name: string; qty: number }[] };
  revenue30Days: { day: string; orders: number; grossCents: number; netCents: number }[];
}

/** Low-stock lines listed at most (the count says how many there are). */
const LOW_STOCK_LISTED = 50;
const OLDEST_TRANSFERS = 10;

export async function dashboardFigures(db: Db, storeCode: string, now: Date, lowStockThreshold: number): Promise<DashboardFigures> {
  // Rome's local time of `now`, as a timestamp without zone: its day and month start there.
  const local = sql`(${now.toISOString()}::timestamptz AT TIME ZONE 'Europe/Rome')`;
  const dayStart = sql`(date_trunc('day', ${local}) AT TIME ZONE 'Europe/Rome')`;
  const dayEnd = sql`((date_trunc('day', ${local}) + interval '1 day') AT TIME ZONE 'Europe/Rome')`;
  const monthStart = sql`(date_trunc('month', ${local}) AT TIME ZONE 'Europe/Rome')`;
  const inDay = sql`created_at >= ${dayStart}`;

  const periods = await sql<{ day: string; month: string; d_orders: number; d_gross: number; d_net: number; d_avg: number; m_orders: number; m_gross: number; m_net: number; m_avg: number }>`
    SELECT to_char(${local}, 'YYYY-MM-DD') AS day, to_char(${local}, 'YYYY-MM') AS month,
      count(*) FILTER (WHERE ${inDay})::int8 AS d_orders,
      coalesce(sum(${GROSS}) FILTER (WHERE ${inDay}), 0)::int8 AS d_gross,
      coalesce(sum(${NET}) FILTER (WHERE ${inDay}), 0)::int8 AS d_net,
      coalesce(round(avg(${GROSS}) FILTER (WHERE ${inDay})), 0)::int8 AS d_avg,
      count(*)::int8 AS m_orders,
      coalesce(sum(${GROSS}), 0)::int8 AS m_gross,
      coalesce(sum(${NET}), 0)::int8 AS m_net,
      coalesce(round(avg(${GROSS})), 0)::int8 AS m_avg
    FROM sales_order
    WHERE store_code = ${storeCode} AND ${COUNTED} AND created_at >= ${monthStart} AND created_at < ${dayEnd}`.execute(db);
  const p = periods.rows[0]!;

  const toShip = await sql<{ n: number }>`SELECT count(*)::int8 AS n FROM sales_order WHERE store_code = ${storeCode} AND ${ADMIN_ORDER_VIEWS['da-spedire']}`.execute(db);

  const awaited = sql`store_code = ${storeCode} AND ${ADMIN_ORDER_VIEWS['bonifici-in-attesa']}`;
  const transfers = await sql<{ n: number; oldest_days: number | null }>`
    SELECT count(*)::int8 AS n, (${local}::date - (min(created_at) AT TIME ZONE 'Europe/Rome')::date) AS oldest_days
    FROM sales_order WHERE ${awaited}`.execute(db);
  const oldest = await sql<{ increment_id: string; created_at: Date; grand_total_cents: number }>`
    SELECT increment_id, created_at, grand_total_cents FROM sales_order WHERE ${awaited}
    ORDER BY created_at, id LIMIT ${OLDEST_TRANSFERS}`.execute(db);

  // A stock row is a product's or a configurable's child's: the name is the product's, else its parent's.
  const low = await sql<{ sku: string; name: string; qty: number; n: number }>`
    SELECT s.sku, s.qty::float8 AS qty, count(*) OVER ()::int8 AS n,
      coalesce((SELECT name FROM product WHERE sku = s.sku), (SELECT name FROM product WHERE child_skus @> ARRAY[s.sku] LIMIT 1), s.sku) AS name
    FROM stock_level s WHERE s.qty <= ${lowStockThreshold}
    ORDER BY s.qty, s.sku LIMIT ${LOW_STOCK_LISTED}`.execute(db);

  const series = await sql<{ day: string; orders: number; gross: number; net: number }>`
    SELECT to_char(d, 'YYYY-MM-DD') AS day, count(o.id)::int8 AS orders,
      coalesce(sum(${GROSS}), 0)::int8 AS gross, coalesce(sum(${NET}), 0)::int8 AS net
    FROM generate_series(date_trunc('day', ${local}) - interval '29 days', date_trunc('day', ${local}), interval '1 day') AS d
    LEFT JOIN sales_order o ON o.store_code = ${storeCode} AND ${COUNTED}
      AND o.created_at >= (d AT TIME ZONE 'Europe/Rome') AND o.created_at < ((d + interval '1 day') AT TIME ZONE 'Europe/Rome')
    GROUP BY d ORDER BY d`.execute(db);

  const t = transfers.rows[0]!;
  return {
    today: { day: p.day, orders: Number(p.d_orders), grossCents: Number(p.d_gross), netCents: Number(p.d_net), averageCents: Number(p.d_avg) },
    month: { month: p.month, orders: Number(p.m_orders), grossCents: Number(p.m_gross), netCents: Number(p.m_net), averageCents: Number(p.m_avg) },
    toShip: Number(toShip.rows[0]!.n),
    bankTransfers: {
      count: Number(t.n),
      oldestDays: t.oldest_days === null ? null : Number(t.oldest_days),
      oldest: oldest.rows.map((r) => ({ incrementId: r.increment_id, createdAt: r.created_at, grandTotalCents: r.grand_total_cents })),
    },
    lowStock: { threshold: lowStockThreshold, count: Number(low.rows[0]?.n ?? 0), items: low.rows.map((r) => ({ sku: r.sku, name: r.name, qty: Number(r.qty) })) },
    revenue30Days: series.rows.map((r) => ({ day: r.day, orders: Number(r.orders), grossCents: Number(r.gross), netCents: Number(r.net) })),
  };
}
