/**
 * BROWSER: how many offline orders wait for the buyer, mirrored into localStorage so that every
 * page can tell without loading the queue (IndexedDB, idb) and every tab hears of a change (the
 * storage event): those still to send, and those sent whose answer the buyer has not seen (an
 * order sent by itself on reconnect is no longer "not sent", but a refusal must still reach them).
 */
const KEY = 'shop/offline-orders/waiting';
const ANSWERED_KEY = 'shop/offline-orders/answered';

const read = (key: string) => {
  try {
    return Number(window.localStorage.getItem(key) ?? 0) || 0;
  } catch {
    return 0;
  }
};
/** Orders still to send. */
export const readWaitingOrders = () => read(KEY);
/** Orders sent whose answer (placed, or refused) the buyer has not seen yet. */
export const readAnsweredOrders = () => read(ANSWERED_KEY);

export function writeWaitingOrders(waiting: number, answered: number): void {
  try {
    for (const [key, count] of [[KEY, waiting], [ANSWERED_KEY, answered]] as const) {
      if (count > 0) window.localStorage.setItem(key, String(count));
      else window.localStorage.removeItem(key);
    }
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
  } catch {
    // storage unavailable: the banner stays away, the orders stay in the queue
  }
}

export function subscribeWaitingOrders(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === ANSWERED_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
