/**
 * BROWSER: how many offline orders wait for the buyer (to send, or to see the outcome), mirrored
 * into localStorage so that every page can tell without loading the queue (IndexedDB, idb) and
 * every tab hears of a change (the storage event).
 */
const KEY = 'shop/offline-orders/waiting';

export function readWaitingOrders(): number {
  try {
    return Number(window.localStorage.getItem(KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}

export function writeWaitingOrders(count: number): void {
  try {
    if (count > 0) window.localStorage.setItem(KEY, String(count));
    else window.localStorage.removeItem(KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
  } catch {
    // storage unavailable: the banner stays away, the orders stay in the queue
  }
}

export function subscribeWaitingOrders(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
