import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../connect.ts';
import type { OrderStatusValue, PaymentStatusValue, ShippingStatusValue } from './schema.ts';

/** The back office's saved views of the orders list (issue #44). */
export type AdminOrderViewName = 'da-spedire' | 'bonifici-in-attesa' | 'contrassegno-da-incassare';

/**
 * What each saved view means. Offline methods start orders as apps/api/src/modules/payments/offline.ts
 * says: a bank transfer as pending_payment / pending (it waits for the money), cash on delivery as
 * processing / pending (it ships at once and the courier collects the money).
 * - da-spedire: status processing, shipping_status not yet `shipped`, and either paid (payment
 *   `paid`, or `partially_refunded`: paid, some lines refunded, the rest still goes out) or cash on
 *   delivery (whose payment is collected on delivery, so it stays pending while it is shipped).
 * - bonifici-in-attesa: payment_method banktransfer, payment pending, status neither canceled nor expired.
 * - contrassegno-da-incassare: payment_method cashondelivery, payment pending, status neither
 *   canceled nor expired (shipped or not: the money is still with the courier).
 */
export const ADMIN_ORDER_VIEWS: Readonly<Record<AdminOrderViewName, RawBuilder<unknown>>> = {
  'da-spedire': sql`(status = 'processing' AND shipping_status <> 'shipped' AND (payment_status IN ('paid', 'partially_refunded') OR payment_method = 'cashondelivery'))`,
  'bonifici-in-attesa': sql`(payment_method = 'banktransfer' AND payment_status = 'pending' AND status NOT IN ('canceled', 'expired'))`,
  'contrassegno-da-incassare': sql`(payment_method = 'cashondelivery' AND payment_status = 'pending' AND status NOT IN ('canceled', 'expired'))`,
};

export interface AdminOrderFilter {
  view?: AdminOrderViewName | undefined;
  status?: OrderStatusValue | undefined;
  paymentStatus?: PaymentStatusValue | undefined;
  shippingStatus?: ShippingStatusValue | undefined;
  paymentMethod?: string | undefined;
  /** Europe/Rome days YYYY-MM-DD (valid dates), both included. */
  from?: string | undefined;
  to?: string | undefined;
  buyer?: 'company' | 'private' | undefined;
  /** Case-insensitive text over number, e-mail, billing name, company, P.IVA, codice fiscale. */
  q?: string | undefined;
}

export type AdminOrderSort = '-createdAt' | 'createdAt' | '-grandTotal' | 'grandTotal';

/** Where a page ends: the sort column's value (a timestamp as text with microseconds, or cents) and the id that breaks ties. */
export interface AdminOrderKey {
  value: string | number;
  id: number;
}

export interface AdminOrderRow {
  id: number;
  increment_id: string;
  created_at: Date;
  status: OrderStatusValue;
  payment_status: PaymentStatusValue;
  shipping_status: ShippingStatusValue;
  payment_method: string;
  payment_title: string | null;
  email: string;
  firstname: string | null;
  lastname: string | null;
  is_company: boolean;
  company: string | null;
  vat_id: string | null;
  fiscal_code: string | null;
  grand_total_cents: number;
  refunded_cents: number;
  /** The sort key of this row, for the next page's cursor. */
  key_value: string | number;
}

/** LIKE's wildcards and its escape character taken literally. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/** The start of a Europe/Rome day as a timestamptz (the day is a valid YYYY-MM-DD). */
export const romeDayStart = (day: string, plusDays = 0) => sql`((${day}::date + ${plusDays}::int)::timestamp AT TIME ZONE 'Europe/Rome')`;

function conditions(storeCode: string, filter: AdminOrderFilter): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [sql`store_code = ${storeCode}`];
  if (filter.view) where.push(ADMIN_ORDER_VIEWS[filter.view]);
  if (filter.status) where.push(sql`status = ${filter.status}`);
  if (filter.paymentStatus) where.push(sql`payment_status = ${filter.paymentStatus}`);
  if (filter.shippingStatus) where.push(sql`shipping_status = ${filter.shippingStatus}`);
  if (filter.paymentMethod) where.push(sql`payment_method = ${filter.paymentMethod}`);
  // Bounds on created_at itself, so its index serves the range.
  if (filter.from) where.push(sql`created_at >= ${romeDayStart(filter.from)}`);
  if (filter.to) where.push(sql`created_at < ${romeDayStart(filter.to, 1)}`);
  if (filter.buyer) where.push(sql`is_company = ${filter.buyer === 'company'}`);
  // admin_search is the lower-cased text of those fields (migration 0026), trigram-indexed.
  if (filter.q) where.push(sql`admin_search LIKE ${likePattern(filter.q)}`);
  return sql.join(where, sql` AND `);
}

const SORTS: Readonly<Record<AdminOrderSort, { column: RawBuilder<unknown>; key: RawBuilder<unknown>; cast: RawBuilder<unknown>; descending: boolean }>> = {
  '-createdAt': { column: sql`created_at`, key: sql`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`, cast: sql`timestamptz`, descending: true },
  createdAt: { column: sql`created_at`, key: sql`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`, cast: sql`timestamptz`, descending: false },
  '-grandTotal': { column: sql`grand_total_cents`, key: sql`grand_total_cents`, cast: sql`integer`, descending: true },
  grandTotal: { column: sql`grand_total_cents`, key: sql`grand_total_cents`, cast: sql`integer`, descending: false },
};

/** Whether a cursor's key can belong to this sort (a timestamp for dates, an integer for totals). */
export function validOrderKey(sort: AdminOrderSort, key: AdminOrderKey): boolean {
  if (!Number.isSafeInteger(key.id) || key.id < 1) return false;
  if (sort.endsWith('createdAt')) return typeof key.value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(key.value) && !Number.isNaN(Date.parse(key.value));
  return typeof key.value === 'number' && Number.isSafeInteger(key.value) && Math.abs(key.value) < 2 ** 31;
}

/**
 * One page of orders in `sort` order after `after` (keyset: the sort column, then the id, so
 * orders placed in the same microsecond are neither repeated nor skipped across pages).
 */
export async function adminOrderPage(
  db: Db,
  storeCode: string,
  filter: AdminOrderFilter,
  sort: AdminOrderSort,
  limit: number,
  after?: AdminOrderKey,
): Promise<AdminOrderRow[]> {
  const s = SORTS[sort];
  const direction = s.descending ? sql`DESC` : sql`ASC`;
  const keyset = after ? sql` AND (${s.column}, id) ${s.descending ? sql`<` : sql`>`} (${after.value}::${s.cast}, ${after.id}::integer)` : sql``;
  const { rows } = await sql<AdminOrderRow>`
    SELECT id, increment_id, created_at, status, payment_status, shipping_status, payment_method,
      view -> 'payment' ->> 'title' AS payment_title, email,
      billing_address ->> 'firstname' AS firstname, billing_address ->> 'lastname' AS lastname,
      is_company, company, vat_id, fiscal_code, grand_total_cents, refunded_cents, ${s.key} AS key_value
    FROM sales_order
    WHERE ${conditions(storeCode, filter)}${keyset}
    ORDER BY ${s.column} ${direction}, id ${direction}
    LIMIT ${limit}`.execute(db);
  return rows;
}

/** How many orders match the filters. */
export async function countAdminOrders(db: Db, storeCode: string, filter: AdminOrderFilter): Promise<number> {
  const { rows } = await sql<{ total: number }>`SELECT count(*)::int8 AS total FROM sales_order WHERE ${conditions(storeCode, filter)}`.execute(db);
  return Number(rows[0]!.total);
}

/** Every matching order in `sort` order, `batch` rows per query: memory stays that of one batch (the CSV export). */
export async function* adminOrderBatches(db: Db, storeCode: string, filter: AdminOrderFilter, sort: AdminOrderSort, batch = 1000): AsyncGenerator<AdminOrderRow[]> {
  let after: AdminOrderKey | undefined;
  for (;;) {
    const rows = await adminOrderPage(db, storeCode, filter, sort, batch, after);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { value: last.key_value, id: last.id };
  }
}
