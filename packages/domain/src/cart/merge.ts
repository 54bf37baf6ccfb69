import type { CartItemLike, CartProductOption } from './item.ts';
import { productsEquals } from './matching.ts';

/** A line as the server's pull answers it. */
export interface ServerItemLike {
  item_id: number;
  sku: string;
  qty: number;
  quote_id?: string;
  product_type?: string;
  product_option?: CartProductOption | null;
}

export interface MergeOptions {
  /** The client state wins (checkout, clearing); also implied while the shopper is in checkout. */
  forceClientState: boolean;
  /** Local items the server lacks may be removed locally (config serverSyncCanRemoveLocalItems). */
  serverSyncCanRemoveLocalItems: boolean;
  /** Local quantities may be overwritten by the server's (config serverSyncCanModifyLocalItems). */
  serverSyncCanModifyLocalItems: boolean;
  /** Quantities are added rather than compared (connect after login). */
  mergeQty: boolean;
}

export type MergeAction<C extends CartItemLike> =
  /** Send the client item to the server; `serverItem` given when the server has the line. */
  | { type: 'push'; clientItem: C; serverItem?: ServerItemLike }
  | { type: 'removeLocal'; clientItem: C }
  | { type: 'updateLocalQty'; clientItem: C; serverItem: ServerItemLike }
  /** Same line, same quantity: copy server_item_id, quote id, product_option and type. */
  | { type: 'copyServerIds'; clientItem: C; serverItem: ServerItemLike }
  | { type: 'deleteOnServer'; serverItem: ServerItemLike }
  /** Rebuild the product locally from the server line and add it silently. */
  | { type: 'pullIn'; serverItem: ServerItemLike };

const asComparable = (item: ServerItemLike): CartItemLike => ({ ...item, server_item_id: item.item_id });

/**
 * The merge of shopping.md §4 as decisions, client pass then server pass: what to push, remove,
 * update or pull in. Performing them (requests, notifications) is the caller's job.
 */
export function planCartMerge<C extends CartItemLike>(
  clientItems: readonly C[],
  serverItems: readonly ServerItemLike[],
  options: MergeOptions,
): MergeAction<C>[] {
  const actions: MergeAction<C>[] = [];
  for (const clientItem of clientItems) {
    const serverItem = serverItems.find((candidate) => productsEquals(asComparable(candidate), clientItem));
    if (!serverItem) {
      const push = options.forceClientState || !options.serverSyncCanRemoveLocalItems;
      actions.push(push ? { type: 'push', clientItem } : { type: 'removeLocal', clientItem });
    } else if (serverItem.qty !== clientItem.qty || options.mergeQty) {
      const push = options.forceClientState || !options.serverSyncCanModifyLocalItems;
      actions.push(push ? { type: 'push', clientItem, serverItem } : { type: 'updateLocalQty', clientItem, serverItem });
    } else {
      actions.push({ type: 'copyServerIds', clientItem, serverItem });
    }
  }
  for (const serverItem of serverItems) {
    if (clientItems.some((clientItem) => productsEquals(asComparable(serverItem), clientItem))) continue;
    actions.push(options.forceClientState ? { type: 'deleteOnServer', serverItem } : { type: 'pullIn', serverItem });
  }
  return actions;
}

/** The shopper counts as in checkout for 30 minutes after the last change (shopping.md §4). */
export const CHECKOUT_IDLE_MS = 1_800_000;

export function isUserInCheckout(lastModifiedAt: number | null | undefined, now: number): boolean {
  return lastModifiedAt != null && now - lastModifiedAt <= CHECKOUT_IDLE_MS;
}

export interface CartItemForUpdate {
  sku: string;
  qty: number;
  product_option?: CartProductOption | null;
  item_id?: number;
  quoteId: string;
}

/**
 * The `cartItem` of POST /api/cart/update for a push (VSF createCartItemForUpdate): the parent
 * sku when configurable options are sent by option, the server id when ids are updated, and the
 * quantities added when merging.
 */
export function cartItemForUpdate(
  clientItem: CartItemLike,
  serverItem: ServerItemLike | undefined,
  cartToken: string,
  opts: { updateIds: boolean; mergeQty: boolean; useParentSku: boolean },
): CartItemForUpdate {
  const qty = (clientItem.qty ?? 1) + (opts.mergeQty && serverItem ? serverItem.qty : 0);
  return {
    sku: String(opts.useParentSku && clientItem.parentSku ? clientItem.parentSku : clientItem.sku),
    qty,
    ...(clientItem.product_option ? { product_option: clientItem.product_option } : {}),
    ...(opts.updateIds && serverItem ? { item_id: serverItem.item_id } : {}),
    quoteId: serverItem?.quote_id || cartToken,
  };
}

export type PushFailureAction = { type: 'removeLocal' } | { type: 'restoreQty'; qty: number } | { type: 'deleteNonConfirmed' };

/**
 * After the server refused a push: a line the server lacks is removed; a confirmed line gets its
 * previous quantity back (or goes, if it had none); otherwise unconfirmed lines are dropped.
 */
export function pushFailureAction(clientItem: CartItemLike & { prev_qty?: number }, hadServerItem: boolean): PushFailureAction {
  if (!hadServerItem) return { type: 'removeLocal' };
  if (clientItem.server_item_id !== undefined) {
    return clientItem.prev_qty ? { type: 'restoreQty', qty: clientItem.prev_qty } : { type: 'removeLocal' };
  }
  return { type: 'deleteNonConfirmed' };
}
