import { sql, type Selectable } from 'kysely';
import type { Db } from '../connect.ts';
import type { OrderRow } from './orders.ts';
import type { OrderNoteTable, OrderShipmentTable } from './schema.ts';

export type OrderShipmentRow = Selectable<OrderShipmentTable>;
export type OrderNoteRow = Selectable<OrderNoteTable>;
/** A shipment with the order lines it carried. */
export type ShipmentWithLines = OrderShipmentRow & { lines: { order_item_id: number; qty: number }[] };

/** PostgreSQL's lock_not_available: FOR UPDATE NOWAIT met a lock held by another transaction. */
export const isLockNotAvailable = (error: unknown) => (error as { code?: unknown } | null)?.code === '55P03';

/**
 * The order row locked for the rest of `trx`, without waiting: a lock held by another action on
 * the same order throws (see isLockNotAvailable) instead of queueing behind it.
 */
export function lockOrderNowait(trx: Db, storeCode: string, incrementId: string): Promise<OrderRow | undefined> {
  return trx.selectFrom('sales_order').selectAll().where('store_code', '=', storeCode).where('increment_id', '=', incrementId).forUpdate().noWait().executeTakeFirst();
}

/** The order's shipments, oldest first, with their lines. */
export async function findShipments(db: Db, orderId: number): Promise<ShipmentWithLines[]> {
  const shipments = await db.selectFrom('order_shipment').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  if (shipments.length === 0) return [];
  const lines = await db
    .selectFrom('order_shipment_line')
    .select(['shipment_id', 'order_item_id', 'qty'])
    .where('shipment_id', 'in', shipments.map((s) => s.id))
    .orderBy('order_item_id')
    .execute();
  return shipments.map((s) => ({ ...s, lines: lines.filter((l) => l.shipment_id === s.id).map(({ order_item_id, qty }) => ({ order_item_id, qty })) }));
}

/** Units shipped so far per order line (item id → qty). */
export async function shippedQuantities(db: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('order_shipment_line')
    .innerJoin('order_shipment', 'order_shipment.id', 'order_shipment_line.shipment_id')
    .select(['order_shipment_line.order_item_id', sql<number>`sum(order_shipment_line.qty)::int`.as('qty')])
    .where('order_shipment.order_id', '=', orderId)
    .groupBy('order_shipment_line.order_item_id')
    .execute();
  return new Map(rows.map((row) => [row.order_item_id, row.qty]));
}

export async function insertShipment(
  db: Db,
  shipment: Omit<OrderShipmentRow, 'id' | 'created_at'> & { created_at: Date },
  lines: readonly { order_item_id: number; qty: number }[],
): Promise<OrderShipmentRow> {
  const row = await db.insertInto('order_shipment').values(shipment).returningAll().executeTakeFirstOrThrow();
  await db
    .insertInto('order_shipment_line')
    .values(lines.map((line) => ({ shipment_id: row.id, ...line })))
    .execute();
  return row;
}

export function insertOrderNote(db: Db, note: Omit<OrderNoteRow, 'id' | 'created_at'> & { created_at: Date }): Promise<OrderNoteRow> {
  return db.insertInto('order_note').values(note).returningAll().executeTakeFirstOrThrow();
}

export function findOrderNotes(db: Db, orderId: number): Promise<OrderNoteRow[]> {
  return db.selectFrom('order_note').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}
