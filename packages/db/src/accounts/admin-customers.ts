import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../connect.ts';
import { emailKey } from './customers.ts';

/** The back office's customers list (issue #45): filters over the account and its address book. */
export interface AdminCustomerFilter {
  /** Case-insensitive text over e-mail, first and last name, and the addresses' company and P.IVA. */
  q?: string | undefined;
  groupId?: number | undefined;
  /** A company: some address of the book names a company or a P.IVA. */
  buyer?: 'company' | 'private' | undefined;
  hasOrders?: boolean | undefined;
}

export interface AdminCustomerRow {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  group_id: number;
  company: string | null;
  vat_id: string | null;
  orders_count: number;
  created_at: Date;
}

/** LIKE's wildcards and its escape character taken literally. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

const companyAddress = sql`EXISTS (SELECT 1 FROM customer_address a WHERE a.customer_id = c.id AND (COALESCE(a.address ->> 'company', '') <> '' OR COALESCE(a.address ->> 'vat_id', '') <> ''))`;

function conditions(filter: AdminCustomerFilter): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [sql`TRUE`];
  if (filter.groupId !== undefined) where.push(sql`c.group_id = ${filter.groupId}`);
  if (filter.buyer === 'company') where.push(companyAddress);
  if (filter.buyer === 'private') where.push(sql`NOT ${companyAddress}`);
  if (filter.hasOrders !== undefined) where.push(sql`${filter.hasOrders ? sql`` : sql`NOT `}EXISTS (SELECT 1 FROM sales_order o WHERE o.customer_id = c.id)`);
  if (filter.q) {
    const pattern = likePattern(filter.q);
    // A scan of the accounts (no trigram index yet): a shop's customers are thousands, not millions.
    where.push(sql`(c.email_key LIKE ${pattern} OR lower(c.firstname || ' ' || c.lastname) LIKE ${pattern}
      OR EXISTS (SELECT 1 FROM customer_address a WHERE a.customer_id = c.id
        AND (lower(COALESCE(a.address ->> 'company', '')) LIKE ${pattern} OR lower(COALESCE(a.address ->> 'vat_id', '')) LIKE ${pattern})))`);
  }
  return sql.join(where, sql` AND `);
}

/** One page of customers, newest account first, after the customer `afterId` (keyset on the id, which grows with creation). */
export async function adminCustomerPage(db: Db, filter: AdminCustomerFilter, limit: number, afterId?: number): Promise<AdminCustomerRow[]> {
  const keyset = afterId === undefined ? sql`` : sql` AND c.id < ${afterId}::integer`;
  const { rows } = await sql<AdminCustomerRow>`
    SELECT c.id, c.email, c.firstname, c.lastname, c.group_id, c.created_at,
      (SELECT NULLIF(a.address ->> 'company', '') FROM customer_address a WHERE a.customer_id = c.id AND COALESCE(a.address ->> 'company', '') <> '' ORDER BY a.default_billing DESC, a.id LIMIT 1) AS company,
      (SELECT NULLIF(a.address ->> 'vat_id', '') FROM customer_address a WHERE a.customer_id = c.id AND COALESCE(a.address ->> 'vat_id', '') <> '' ORDER BY a.default_billing DESC, a.id LIMIT 1) AS vat_id,
      (SELECT count(*)::int FROM sales_order o WHERE o.customer_id = c.id) AS orders_count
    FROM customer c
    WHERE ${conditions(filter)}${keyset}
    ORDER BY c.id DESC
    LIMIT ${limit}`.execute(db);
  return rows.map((row) => ({ ...row, orders_count: Number(row.orders_count), created_at: new Date(row.created_at) }));
}

/** How many customers match the filters. */
export async function countAdminCustomers(db: Db, filter: AdminCustomerFilter): Promise<number> {
  const { rows } = await sql<{ total: number }>`SELECT count(*)::int8 AS total FROM customer c WHERE ${conditions(filter)}`.execute(db);
  return Number(rows[0]!.total);
}

/** Puts a customer in a customer group (the shop owner's decision, never the customer's); the row as it was and as it is, or undefined for an unknown customer. */
export async function setCustomerGroupById(db: Db, id: number, groupId: number) {
  const before = await db.selectFrom('customer').select(['id', 'email', 'group_id']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!before) return undefined;
  const after = await db.updateTable('customer').set({ group_id: groupId, updated_at: new Date() }).where('id', '=', id).returning(['id', 'email', 'group_id']).executeTakeFirstOrThrow();
  return { before, after };
}

/** Whether the customer has an order still waiting for its money (not cancelled nor expired). */
export async function hasUnpaidOrder(db: Db, customerId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('sales_order')
    .select('increment_id')
    .where('customer_id', '=', customerId)
    .where('payment_status', '=', 'pending')
    .where('status', 'not in', ['canceled', 'expired'])
    .orderBy('id')
    .executeTakeFirst();
  return row?.increment_id;
}

/**
 * Erases a customer's personal data (GDPR art. 17) in `trx`: the account keeps its id (the orders
 * point to it) with a placeholder e-mail and name, no password and every token revoked; the
 * address book, wish list, password resets, refresh tokens, quote requests and the newsletter
 * subscription of its e-mail are deleted; its reviews stay on the products without its name.
 * Orders and invoices are not touched: tax law keeps them 10 years.
 */
export async function eraseCustomer(trx: Db, customer: { id: number; email: string }, now: Date): Promise<void> {
  const placeholder = `cliente-${customer.id}@cancellato.invalid`;
  const key = emailKey(customer.email);
  await trx
    .updateTable('customer')
    .set({ email: placeholder, email_key: placeholder, firstname: 'Cliente', lastname: 'cancellato', password_hash: null, token_version: sql<number>`token_version + 1`, updated_at: now })
    .where('id', '=', customer.id)
    .execute();
  await trx.deleteFrom('customer_address').where('customer_id', '=', customer.id).execute();
  await trx.deleteFrom('wishlist_item').where('customer_id', '=', customer.id).execute();
  await trx.deleteFrom('password_reset').where('customer_id', '=', customer.id).execute();
  await trx.deleteFrom('refresh_token').where('customer_id', '=', customer.id).execute();
  await trx.deleteFrom('quote_request').where((eb) => eb.or([eb('customer_id', '=', customer.id), eb(eb.fn('lower', ['email']), '=', key)])).execute();
  await trx.deleteFrom('newsletter_subscriber').where('email_key', '=', key).execute();
  await trx
    .updateTable('review')
    .set({ customer_id: null, doc: sql`jsonb_set(doc, '{nickname}', to_jsonb('Cliente'::text))` })
    .where('customer_id', '=', customer.id)
    .execute();
}
