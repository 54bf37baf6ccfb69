/**
 * BROWSER: the one cart of the page as a tiny external store for React (`useSyncExternalStore`),
 * kept in localStorage and in step with other tabs, with the sync engine working on it and the
 * notification list beside it. No global framework: listeners and a snapshot.
 */
import { browserCartApi } from './cart-api.ts';
import { createCartEngine, type CartEngine, type CartNotice } from './cart-engine.ts';
import { EMPTY_STATE } from './cart-state.ts';
import { parseCart, readStoredCart, subscribeStoredCart, writeStoredCart } from './cart-storage.ts';
import { dismissNotification, NOTIFICATION_TTL_MS, pushNotification, type Notification } from './notifications.ts';
import type { CartState } from './types.ts';

let state: CartState = EMPTY_STATE;
let loaded = false;
let storedRaw: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function ensureLoaded(): void {
  if (loaded || typeof window === 'undefined') return;
  loaded = true;
  storedRaw = readStoredCart();
  state = { ...EMPTY_STATE, ...parseCart(storedRaw) };
  subscribeStoredCart((raw) => {
    if (raw === storedRaw) return;
    storedRaw = raw;
    state = { ...parseCart(raw), busy: state.busy, adding: state.adding };
    emit();
  });
}

function setState(update: (current: CartState) => CartState): void {
  ensureLoaded();
  const next = update(state);
  if (next === state) return;
  state = next;
  storedRaw = writeStoredCart(state);
  emit();
}

export function getCartState(): CartState {
  ensureLoaded();
  return state;
}

/** The server renders every cart empty; the browser fills it in after hydration. */
export function getServerCartState(): CartState {
  return EMPTY_STATE;
}

export function subscribeCart(listener: () => void): () => void {
  ensureLoaded();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/* Notifications: a list with its own listeners; each leaves after 5000 ms unless it has no timeout. */
let notifications: readonly Notification[] = [];
let nextNotificationId = 1;
const notificationListeners = new Set<() => void>();
const emitNotifications = () => notificationListeners.forEach((listener) => listener());

export function notify(notice: CartNotice): void {
  const id = nextNotificationId++;
  const next = pushNotification(notifications, notice, id);
  if (next === notifications) return;
  notifications = next;
  emitNotifications();
  if (!notice.hasNoTimeout) setTimeout(() => dismiss(id), NOTIFICATION_TTL_MS);
}

export function dismiss(id: number): void {
  const next = dismissNotification(notifications, id);
  if (next === notifications) return;
  notifications = next;
  emitNotifications();
}

export const getNotifications = (): readonly Notification[] => notifications;
const NO_NOTIFICATIONS: readonly Notification[] = [];
export const getServerNotifications = (): readonly Notification[] => NO_NOTIFICATIONS;

export function subscribeNotifications(listener: () => void): () => void {
  notificationListeners.add(listener);
  return () => notificationListeners.delete(listener);
}

let engine: CartEngine | null = null;
let started = false;

/** The cart's operations (add, setQty, remove, coupon, fees…), created on first use. */
export function cartActions(): CartEngine {
  engine ??= createCartEngine({
    api: browserCartApi,
    get: getCartState,
    set: setState,
    notify,
    now: () => Date.now(),
    online: () => navigator.onLine,
    inCheckout: () => false,
    log: (message) => console.warn(message),
  });
  return engine;
}

/** Syncs the stored cart once per page load (connect, pull, totals as needed). */
export function startCart(): void {
  if (started) return;
  started = true;
  void cartActions().load();
}
