/** The notification list of shopping.md §4 "Notifications" and §9. Pure. */
import type { CartNotice } from './cart-engine.ts';

/** Notifications disappear after 5000 ms, except those with hasNoTimeout (the fee notification). */
export const NOTIFICATION_TTL_MS = 5000;

export interface Notification extends CartNotice {
  id: number;
}

const sameMessage = (a: CartNotice, b: CartNotice) => JSON.stringify(a.message) === JSON.stringify(b.message);

/** Adds a notification; a duplicate of the last one is ignored (the same list comes back). */
export function pushNotification(list: readonly Notification[], notice: CartNotice, id: number): readonly Notification[] {
  const last = list.at(-1);
  if (last && sameMessage(last, notice)) return list;
  return [...list, { ...notice, id }];
}

export function dismissNotification(list: readonly Notification[], id: number): readonly Notification[] {
  return list.some((n) => n.id === id) ? list.filter((n) => n.id !== id) : list;
}
