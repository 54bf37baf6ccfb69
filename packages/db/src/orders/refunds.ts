import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../connect.ts';
import { jsonb } from '../sql-values.ts';
import type { OrderRefundTable, RefundedLine } from './schema.ts';

export type RefundRow = Selectable<OrderRefundTable>;
export type NewRefund = Omit<Insertable<OrderRefundTable>, 'id' | 'lines' | 'created_at'> & { lines: RefundedLine[] };

/** PostgreSQL's lock_not_available: a NOWAIT lock another transaction holds. */
const isLockNotAvailable = (error: unknown) => (error as { code?: unknown } | null)?.code === '55P03';

/**
 * Locks an order's row for the rest of `trx` without waiting: false when another transaction holds
 * it (another action on the same order, in another tab), so the caller answers at once.
 */
export async function lockOrderNoWait(trx: Db, orderId: number): Promise<boolean> {
  try {
    await trx.selectFrom('sales_order').select('id').where('id', '=', orderId).forUpdate().noWait().execute();
    return true;
  } catch (error) {
    if (isLockNotAvailable(error)) return false;
    throw error;
  }
}

export async function insertRefund(db: Db, refund: NewRefund): Promise<RefundRow> {
  return db
    .insertInto('order_refund')
    .values({ ...refund, lines: jsonb(refund.lines) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The refunds of an order in `states` (default: done), oldest first. */
export function findRefunds(db: Db, orderId: number, states: readonly RefundRow['state'][] = ['done']): Promise<RefundRow[]> {
  return db.selectFrom('order_refund').selectAll().where('order_id', '=', orderId).where('state', 'in', states).orderBy('id').execute();
}

/** Ends a pending refund: `done` with what completed it, or `failed` with why. */
export async function settleRefund(db: Db, id: number, change: Pick<RefundRow, 'state'> & Partial<Pick<RefundRow, 'provider_reference' | 'credit_note_id' | 'failure' | 'completed_at'>>): Promise<void> {
  await db.updateTable('order_refund').set(change).where('id', '=', id).where('state', '=', 'pending').execute();
}
