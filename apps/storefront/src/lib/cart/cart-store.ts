/**
 * BROWSER: the one cart of the page as a tiny external store for React (`useSyncExternalStore`),
 * kept in localStorage and in step with other tabs, with the notification list beside it. No
 * global framework: listeners and a snapshot. The sync engine (cart-actions.ts, with the
 * checksum and merge code) is not part of the page: it loads on the first cart operation (and
 * is fetched ahead when the shopper reaches an add-to-cart button), or when the page is idle
 * if a stored cart needs syncing.
 */
import { reloadAfterChunkFailure } from '../chunk-reload.ts';
import type { CartEngine, CartNotice } from './cart-engine.ts';
import { EMPTY_STATE } from './cart-view.ts';
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

export function setCartState(update: (current: CartState) => CartState): void {
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

const timers = new Map<number, ReturnType<typeof setTimeout>>();
const expire = (id: number) => timers.set(id, setTimeout(() => dismiss(id), NOTIFICATION_TTL_MS));
const stopTimer = (id: number) => {
  clearTimeout(timers.get(id));
  timers.delete(id);
};

export function notify(notice: CartNotice): void {
  const id = nextNotificationId++;
  const next = pushNotification(notifications, notice, id);
  if (next === notifications) return;
  notifications = next;
  emitNotifications();
  if (!notice.hasNoTimeout) expire(id);
}

/**
 * A notification the shopper points at or has focus in stays (WCAG 2.2.1): its timer stops, and
 * starts again in full when they leave it.
 */
export function holdNotification(id: number, held: boolean): void {
  stopTimer(id);
  if (!held && notifications.some((n) => n.id === id && !n.hasNoTimeout)) expire(id);
}

export function dismiss(id: number): void {
  stopTimer(id);
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

const importCartActions = () => import('./cart-actions.ts').then((module) => module.cartActions());

/**
 * Runs a cart operation (add, setQty, remove, coupon, fees…) with the engine, loaded on first
 * use. When its code cannot load, the page reloads if online (catalogue.md §2); otherwise the
 * page stays and, unless `quiet`, a notification tells the shopper the operation failed.
 */
export async function runCartAction(operation: (actions: CartEngine) => Promise<unknown>, { quiet = false } = {}): Promise<void> {
  let actions: CartEngine;
  try {
    actions = await importCartActions();
  } catch (error) {
    if (quiet) reloadAfterChunkFailure(error);
    else cartCodeFailed(error);
    return;
  }
  await operation(actions);
}

/**
 * Cart code the shopper asked for (the engine, the microcart) could not load: the page reloads
 * when online (catalogue.md §2, a new release), else the page stays and a notification says so.
 */
export function cartCodeFailed(error: unknown): void {
  if (!reloadAfterChunkFailure(error)) notify({ type: 'error', message: { key: 'somethingWrong' } });
}

let started = false;
/** The idle callback (or timer) of a sync not yet begun. */
let waiting: (() => void) | null = null;
const sync = () => {
  waiting = null;
  // Offline, the next cart operation tries again.
  void runCartAction((actions) => actions.load(), { quiet: true });
};

/**
 * Syncs the stored cart once per page load (connect, pull, totals as needed) when the page is
 * idle, so the engine never competes with the page's first paint and hydration. An empty cart
 * without token has nothing to sync: its engine loads with the first add. (Loading it at idle
 * on every page cost Lighthouse's mobile run ~100 ms of blocking time on the category page.)
 * `urgent`: the page shows the cart itself (cart, checkout): the sync starts now, a wait for
 * idle already begun included (the header's cart asks first; idle came ~150 ms after hydration
 * under throttling, then the engine's code was fetched: issue 46 point 3).
 */
export function startCart({ urgent = false }: { urgent?: boolean } = {}): void {
  if (started) {
    if (urgent && waiting) {
      waiting();
      sync();
    }
    return;
  }
  started = true;
  const { items, token } = getCartState();
  if (items.length === 0 && token === null) return;
  if (urgent) sync();
  else if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(sync, { timeout: 2000 });
    waiting = () => window.cancelIdleCallback(handle);
  } else {
    const handle = setTimeout(sync, 0);
    waiting = () => clearTimeout(handle);
  }
}

/** Fetches the engine ahead of a likely cart operation (pointer or focus on its button). */
export function prefetchCartActions(): void {
  importCartActions().catch(() => undefined); // the operation itself reloads or says it failed
}
