import { createHash } from 'node:crypto';
import { ADMIN_PRODUCT_MESSAGES } from '@shop/contracts';
import { validProductKey, type AdminProductFilter, type AdminProductKey, type AdminProductSort } from '@shop/db';
import { HttpError } from '../../http/errors.ts';

/**
 * The products list's opaque page cursor (base64url JSON): a digest of the sort and the filters it
 * belongs to, and the last row's sort key and id. No total travels with it: counting 200,000
 * products costs more than a page, so the list answers `more` and counts only when asked. A
 * cursor of other filters or another sort, or one that is not ours, is refused (400).
 */
const digest = (sort: AdminProductSort, filter: AdminProductFilter) =>
  createHash('sha256').update(JSON.stringify([sort, Object.entries(filter).filter(([, v]) => v !== undefined).sort()])).digest('base64url').slice(0, 12);

export const encodeProductCursor = (sort: AdminProductSort, filter: AdminProductFilter, key: AdminProductKey): string =>
  Buffer.from(JSON.stringify([digest(sort, filter), key.value, key.id])).toString('base64url');

export function decodeProductCursor(sort: AdminProductSort, filter: AdminProductFilter, cursor: string): AdminProductKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (Array.isArray(parsed) && parsed.length === 3 && parsed[0] === digest(sort, filter)) {
    const key = { value: parsed[1] as string | number, id: parsed[2] as number };
    if (validProductKey(sort, key)) return key;
  }
  throw new HttpError(400, `cursor: ${ADMIN_PRODUCT_MESSAGES.badCursor}`);
}
