/**
 * BROWSER: orders placed offline (shopping.md §3 "Offline order", §4 "Offline"; issue #18). The
 * checkout stores the order as an untransmitted task of the queue, with the payload and the
 * idempotency key it would have sent; it goes out on reconnect when automatic transmission is on
 * (off by default), or when the buyer sends it from the thank-you page. Always with its key, so a
 * resend (two tabs, a lost answer) answers the same order and never makes a second one
 * (ADR 0013). Sent as the signed-in customer when there is one: an expired access token is
 * refreshed under the session's lock (lib/account/session.ts).
 */
import { sessionCall } from '../account/session.ts';
import { runCartAction } from '../cart/cart-store.ts';
import { placementOutcome, type OrderPayload, type Placement } from '../checkout/placement.ts';
import { forgetPlacedOrder } from '../checkout/saved-checkout.ts';
import { writeWaitingOrders } from './pending-flag.ts';
import { processQueue, TaskQueue, type SyncTask } from './task-queue.ts';

export const ORDER_EVENT = 'order';
const ORDER_PATH = '/api/order';
/** One tab sends at a time (Web Locks); the idempotency key covers a browser without them. */
const SEND_LOCK = 'shop/offline-orders';

let opened: Promise<TaskQueue> | null = null;
const queue = () => (opened ??= TaskQueue.open());

const listeners = new Set<() => void>();
/** Calls `listener` whenever the stored orders change (stored, sent). */
export function subscribeOfflineOrders(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
async function changed(): Promise<void> {
  const orders = await offlineOrders();
  const toSend = orders.filter((task) => !task.transmited).length;
  writeWaitingOrders(toSend, orders.length - toSend);
  listeners.forEach((listener) => listener());
}

/** Stores an order the network cannot carry now; the same order id is stored once. */
export async function storeOfflineOrder(payload: OrderPayload, orderId: string): Promise<void> {
  const tasks = await queue();
  if ((await tasks.list(ORDER_EVENT)).some((task) => task.headers['idempotency-key'] === orderId)) return;
  await tasks.enqueue({ url: ORDER_PATH, method: 'POST', callback_event: ORDER_EVENT, payload, headers: { 'idempotency-key': orderId } });
  await changed();
}

/** Orders still to send, and sent ones whose outcome the buyer has not seen yet. */
export async function offlineOrders(): Promise<SyncTask[]> {
  if (typeof indexedDB === 'undefined') return [];
  return (await (await queue()).list(ORDER_EVENT)).filter((task) => !task.transmited || !task.acknowledged);
}

/** What the server said of a sent order (the same reading as the checkout's own answer). */
export function orderOutcome(task: SyncTask): Placement | null {
  return task.transmited ? placementOutcome({ code: task.code ?? 0, result: task.result }, true) : null;
}

/**
 * Sign-out: the answers of sent orders (their numbers and keys) go. Orders not yet sent stay:
 * they are orders the buyer placed, which a sign-out must not lose.
 */
export async function forgetAnsweredOrders(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const tasks = await queue();
  for (const task of await tasks.list(ORDER_EVENT)) if (task.transmited) await tasks.remove(task.task_id);
  await changed();
}

/** The buyer has seen the outcome: the order leaves the list. */
export async function acknowledgeOrder(taskId: number): Promise<void> {
  await (await queue()).update(taskId, { acknowledged: true });
  await changed();
}

/**
 * Sends the stored orders (oldest first). A server failure or no network keeps an order for the
 * next try; any other answer (placed, or refused because a price or the stock changed) is kept
 * on it for the buyer to see. Answers the orders that were answered.
 */
export async function sendOfflineOrders(): Promise<SyncTask[]> {
  const run = async () => {
    const { answered } = await processQueue(await queue(), {
      event: ORDER_EVENT,
      placeholders: () => ({ token: null, cartId: null }),
      send: async (task, url) => {
        const answer = await sessionCall('POST', url, {}, task.payload, task.headers);
        return placementOutcome(answer, true).kind === 'failed' ? { code: 0, result: answer.result } : answer;
      },
    });
    return answered;
  };
  const answered = typeof navigator !== 'undefined' && navigator.locks ? await navigator.locks.request(SEND_LOCK, run) : await run();
  // A placed order is the buyer's now: its cart and its order id go (§4 "Order").
  if (answered.some((task) => orderOutcome(task)?.kind === 'placed')) {
    forgetPlacedOrder();
    await runCartAction((actions) => actions.forget(), { quiet: true });
  }
  if (answered.length > 0) await changed();
  return answered;
}
