import { ADMIN_ORDER_MESSAGES } from '@shop/contracts';
import { validOrderKey, type AdminOrderKey, type AdminOrderSort } from '@shop/db';
import { HttpError } from '../../http/errors.ts';

/**
 * The orders list's opaque page cursor: the sort it belongs to and the last row's key, as
 * base64url JSON. A cursor of another sort, or one that is not ours, is refused (400), never
 * guessed at.
 */
export const encodeOrderCursor = (sort: AdminOrderSort, key: AdminOrderKey): string => Buffer.from(JSON.stringify([sort, key.value, key.id])).toString('base64url');

export function decodeOrderCursor(sort: AdminOrderSort, cursor: string): AdminOrderKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (Array.isArray(parsed) && parsed.length === 3 && parsed[0] === sort) {
    const key = { value: parsed[1] as string | number, id: parsed[2] as number };
    if (validOrderKey(sort, key)) return key;
  }
  throw new HttpError(400, `cursor: ${ADMIN_ORDER_MESSAGES.badCursor}`);
}
