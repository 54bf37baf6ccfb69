import { sql, type Selectable } from 'kysely';
import type { Db } from '../connect.ts';
import { jsonb } from '../sql-values.ts';
import type { CustomerAddressTable, CustomerTable } from './schema.ts';

export type CustomerRow = Selectable<CustomerTable>;
export type CustomerAddressRow = Selectable<CustomerAddressTable>;

export const emailKey = (email: string) => email.trim().toLowerCase();

/** Creates a customer; undefined when the e-mail already has an account. */
export async function insertCustomer(db: Db, customer: { email: string; firstname: string; lastname: string; password_hash: string | null }): Promise<CustomerRow | undefined> {
  return db
    .insertInto('customer')
    .values({ ...customer, email: customer.email.trim(), email_key: emailKey(customer.email) })
    .onConflict((oc) => oc.column('email_key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findCustomerByEmail(db: Db, email: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customer').selectAll().where('email_key', '=', emailKey(email)).executeTakeFirst();
}

export function findCustomer(db: Db, id: number): Promise<CustomerRow | undefined> {
  return db.selectFrom('customer').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Updates what a customer may change: names, e-mail, password (a new password also revokes every access token). */
export async function updateCustomer(
  db: Db,
  id: number,
  change: { firstname?: string; lastname?: string; email?: string; password_hash?: string; revokeTokens?: boolean },
): Promise<CustomerRow | undefined> {
  const { email, revokeTokens, ...rest } = change;
  return db
    .updateTable('customer')
    .set({
      ...rest,
      ...(email ? { email: email.trim(), email_key: emailKey(email) } : {}),
      ...(revokeTokens ? { token_version: sql<number>`token_version + 1` } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** A re-made hash of the same password, saved only while the stored one is still `from` (not a change: tokens stay). */
export async function upgradeCustomerPasswordHash(db: Db, id: number, from: string, to: string): Promise<void> {
  await db.updateTable('customer').set({ password_hash: to }).where('id', '=', id).where('password_hash', '=', from).execute();
}

/** Puts a customer in a customer group (the shop owner's decision, never the customer's); undefined for an unknown e-mail. */
export function setCustomerGroup(db: Db, email: string, groupId: number): Promise<CustomerRow | undefined> {
  return db.updateTable('customer').set({ group_id: groupId, updated_at: new Date() }).where('email_key', '=', emailKey(email)).returningAll().executeTakeFirst();
}

export function findAddresses(db: Db, customerId: number): Promise<CustomerAddressRow[]> {
  return db.selectFrom('customer_address').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
}

/**
 * Saves a customer's address book as the list given (the customer's own ids kept, new ones
 * added, missing ones removed); one default shipping and one default billing address at most.
 */
export async function replaceAddresses(
  db: Db,
  customerId: number,
  addresses: readonly { id?: number | undefined; address: Record<string, unknown>; default_shipping: boolean; default_billing: boolean }[],
): Promise<void> {
  const current = new Set((await findAddresses(db, customerId)).map((row) => row.id));
  const kept = addresses.flatMap((a) => (a.id !== undefined && current.has(a.id) ? [a.id] : []));
  await db
    .deleteFrom('customer_address')
    .where('customer_id', '=', customerId)
    .$if(kept.length > 0, (qb) => qb.where('id', 'not in', kept))
    .execute();
  // The last address flagged default wins: a new default clears the others.
  const lastShipping = addresses.findLastIndex((a) => a.default_shipping);
  const lastBilling = addresses.findLastIndex((a) => a.default_billing);
  for (const [index, a] of addresses.entries()) {
    const values = { address: jsonb(a.address), default_shipping: index === lastShipping, default_billing: index === lastBilling, updated_at: new Date() };
    if (a.id !== undefined && current.has(a.id)) {
      await db.updateTable('customer_address').set(values).where('id', '=', a.id).where('customer_id', '=', customerId).execute();
    } else {
      await db.insertInto('customer_address').values({ ...values, customer_id: customerId }).execute();
    }
  }
}

/** Removes one of the customer's addresses; false when it is not theirs (or does not exist). */
export async function deleteAddress(db: Db, customerId: number, addressId: number): Promise<boolean> {
  const deleted = await db.deleteFrom('customer_address').where('id', '=', addressId).where('customer_id', '=', customerId).returning('id').executeTakeFirst();
  return deleted !== undefined;
}

/** A customer's orders, newest first, one page, with the total count. */
export async function findCustomerOrders(db: Db, customerId: number, page: { size: number; current: number }) {
  const [items, count] = await Promise.all([
    db
      .selectFrom('sales_order')
      .select(['id', 'increment_id', 'status', 'created_at', 'subtotal_cents', 'tax_cents', 'shipping_cents', 'grand_total_cents', 'view'])
      .where('customer_id', '=', customerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute(),
    db.selectFrom('sales_order').select(sql<number>`count(*)::int`.as('n')).where('customer_id', '=', customerId).executeTakeFirstOrThrow(),
  ]);
  return { items, total: count.n };
}
