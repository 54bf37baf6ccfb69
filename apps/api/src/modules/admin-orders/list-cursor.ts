import { createHash } from 'node:crypto';
import { ADMIN_ORDER_MESSAGES } from '@shop/contracts';
import { validOrderKey, type AdminOrderFilter, type AdminOrderKey, type AdminOrderSort } from '@shop/db';
import { HttpError } from '../../http/errors.ts';

/**
 * The orders list's opaque page cursor, base64url JSON: the sort and the filters it belongs to
 * (a digest), the last row's key, and the total counted for the first page. The next pages reuse
 * that total rather than counting again: a count reads every matching order (tens of ms at
 * 100,000), the page itself a few index entries; reloading the list counts afresh. A cursor of
 * other filters or another sort, or one that is not ours, is refused (400), never guessed at.
 */
export interface OrderCursor {
  key: AdminOrderKey;
  total: number;
}

const digest = (sort: AdminOrderSort, filter: AdminOrderFilter) =>
  createHash('sha256').update(JSON.stringify([sort, Object.entries(filter).filter(([, v]) => v !== undefined).sort()])).digest('base64url').slice(0, 12);

export const encodeOrderCursor = (sort: AdminOrderSort, filter: AdminOrderFilter, cursor: OrderCursor): string =>
  Buffer.from(JSON.stringify([digest(sort, filter), cursor.key.value, cursor.key.id, cursor.total])).toString('base64url');

export function decodeOrderCursor(sort: AdminOrderSort, filter: AdminOrderFilter, cursor: string): OrderCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (Array.isArray(parsed) && parsed.length === 4 && parsed[0] === digest(sort, filter) && Number.isSafeInteger(parsed[3]) && parsed[3] >= 0) {
    const key = { value: parsed[1] as string | number, id: parsed[2] as number };
    if (validOrderKey(sort, key)) return { key, total: parsed[3] as number };
  }
  throw new HttpError(400, `cursor: ${ADMIN_ORDER_MESSAGES.badCursor}`);
}
