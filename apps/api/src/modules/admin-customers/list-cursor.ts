import { createHash } from 'node:crypto';
import { ADMIN_CUSTOMER_MESSAGES } from '@shop/contracts';
import type { AdminCustomerFilter } from '@shop/db';
import { HttpError } from '../../http/errors.ts';

/**
 * The customers list's opaque page cursor, base64url JSON, as the orders list's
 * (admin-orders/list-cursor.ts): a digest of the filters, the last customer's id, and the total
 * counted for the first page. A cursor of other filters, or not ours, is refused (400).
 */
export interface CustomerCursor {
  afterId: number;
  total: number;
}

const digest = (filter: AdminCustomerFilter) =>
  createHash('sha256').update(JSON.stringify(Object.entries(filter).filter(([, v]) => v !== undefined).sort())).digest('base64url').slice(0, 12);

export const encodeCustomerCursor = (filter: AdminCustomerFilter, cursor: CustomerCursor): string =>
  Buffer.from(JSON.stringify([digest(filter), cursor.afterId, cursor.total])).toString('base64url');

export function decodeCustomerCursor(filter: AdminCustomerFilter, cursor: string): CustomerCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (Array.isArray(parsed) && parsed.length === 3 && parsed[0] === digest(filter) && Number.isSafeInteger(parsed[1]) && parsed[1] > 0 && parsed[1] < 2 ** 31 && Number.isSafeInteger(parsed[2]) && parsed[2] >= 0) {
    return { afterId: parsed[1] as number, total: parsed[2] as number };
  }
  throw new HttpError(400, `cursor: ${ADMIN_CUSTOMER_MESSAGES.badCursor}`);
}
