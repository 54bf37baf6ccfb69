/**
 * The cart's synchronisation with the server cart (shopping.md §4 "Cart", vsf1-behavior.md
 * §3.5): lazy token creation, pull and merge with the domain's merge plan, pushes whose failure
 * restores the previous quantity, the guest bypass counter, hash-based totals sync, coupons,
 * fees and clearing. Operations run one at a time (a queue), so a quantity change never
 * interleaves with a merge. State access, API and notifications are injected (unit-tested with
 * a fake API in cart-engine.test.ts).
 */
import {
  CART_MESSAGES,
  cartItemForUpdate,
  cartItemsHash,
  formatMessage,
  isSyncRequired,
  isTotalsSyncRequired,
  planCartMerge,
  pushFailureAction,
  stockNotice,
  toggleFeeOption,
  type ServerItemLike,
} from '@shop/domain';
import type { ServerCartItem } from '@shop/contracts';
import type { CartApi, FeeKind } from './cart-api.ts';
import { addItem, patchLine, removeLine, removeUnconfirmed, withChecksum } from './cart-state.ts';
import { EMPTY_CART, lineKey } from './cart-view.ts';
import { messageFromText, type CartMessageName } from './messages.ts';
import type { CartItem, CartMessage, CartState, NewCartItem, StockStatus } from './types.ts';

/** The cart settings of the original shop's configuration (VSF config/default.json `cart`). */
export const CART_CONFIG = {
  synchronize: true,
  synchronizeTotals: true,
  serverMergeByDefault: true,
  serverSyncCanRemoveLocalItems: false,
  serverSyncCanModifyLocalItems: false,
  /** queues.maxCartBypassAttempts */
  maxBypassAttempts: 1,
} as const;

export type NotificationType = 'success' | 'warning' | 'error' | 'info';

export interface CartNotice {
  type: NotificationType;
  message: CartMessage;
  /** Offers "Proceed to checkout" (§8: added and updated notifications). */
  checkoutAction?: boolean;
  /** The fee notification stays until closed (§9). */
  hasNoTimeout?: boolean;
}

export interface EngineDeps {
  api: CartApi;
  get(): CartState;
  set(update: (state: CartState) => CartState): void;
  notify(notice: CartNotice): void;
  now(): number;
  online(): boolean;
  /** The checkout forces the client state (§4); the checkout issue plugs in here. */
  inCheckout(): boolean;
  log(message: string): void;
  /** Told of every quantity the shopper changes (add, stepper, remove): the GA4 cart events. */
  track?(line: Pick<CartItem, 'sku' | 'name' | 'parentSku'>, delta: number): void;
}

/** A product to add, with the stock status the product page checked (catalogue.md §4). */
export interface ItemToAdd {
  item: NewCartItem;
  stock: StockStatus;
}

interface SyncOptions {
  forceClientState?: boolean;
  mergeQty?: boolean;
  forceSync?: boolean;
}

const text = (message: string): CartMessage => ({ text: message });
/** Coupon refusals the API explains (issue 42); the shop shows them as said. */
const TOLD_COUPON_REASONS: readonly string[] = ['couponBelowMinimum', 'couponExpired'] satisfies CartMessageName[];

/** A refused coupon as the shopper reads it: the throttle or a reason the API told; anything else the spec's vague text. */
function couponRefusal(code: number, result: unknown): CartMessage {
  const said = messageFromText(typeof result === 'string' ? result : '');
  const told = 'key' in said && TOLD_COUPON_REASONS.includes(said.key);
  if (told) return said;
  return code === 429 ? messageOf(result) : text(CART_MESSAGES.couponInvalid);
}

const messageOf = (result: unknown): CartMessage => (typeof result === 'string' && result !== '' ? text(result) : { key: 'somethingWrong' });

/**
 * What the server says about a line's stock, as the line shows it (§4 "Stock sync"): in stock or
 * "Out of the stock!", and a quantity above what is left now ("Only N … available!").
 */
export function stockFields(server: Pick<ServerCartItem, 'stock_status' | 'max_qty' | 'qty'>): Pick<CartItem, 'errors' | 'info' | 'is_in_stock' | 'max_qty'> {
  const status = server.stock_status;
  const notice = stockNotice(status);
  const max = server.max_qty;
  const lowered = status !== 'out_of_stock' && typeof max === 'number' && server.qty > max;
  return {
    errors: {
      ...(notice.error ? { stock: notice.error } : {}),
      ...(lowered ? { qty: formatMessage(CART_MESSAGES.editOnlyAvailable, { maxQuantity: max }) } : {}),
    },
    info: notice.info && !lowered ? { stock: notice.info } : {},
    ...(status === 'volatile' ? {} : { is_in_stock: status === 'ok' }),
    ...(max === undefined ? {} : { max_qty: max }),
  };
}

/** The server's ids and stock of a line it answered. */
function confirmed(server: ServerCartItem): Partial<CartItem> {
  return {
    server_item_id: server.item_id,
    server_cart_id: server.quote_id,
    prev_qty: server.qty,
    qty: server.qty,
    ...(server.product_option ? { product_option: server.product_option } : {}),
    ...stockFields(server),
  };
}

/** A server line the client lacks, pulled in as a product (name and sku are what the server knows). */
function pulledIn(server: ServerCartItem): CartItem {
  return withChecksum({
    sku: server.sku,
    name: server.name,
    qty: server.qty,
    type_id: server.product_type,
    ...(server.product_option ? { product_option: server.product_option } : {}),
    ...confirmed(server),
  });
}

export type CartEngine = ReturnType<typeof createCartEngine>;

export function createCartEngine(deps: EngineDeps) {
  const { api } = deps;
  let queue: Promise<unknown> = Promise.resolve();
  /** Runs operations one after another; a failed one does not stop the next. */
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const result = queue.then(task, task);
    queue = result.catch(() => undefined);
    return result;
  };

  const state = () => deps.get();
  const setItems = (update: (items: CartItem[]) => CartItem[]) => deps.set((s) => ({ ...s, items: update([...s.items]) }));
  const hash = () => cartItemsHash(state().items, state().token);
  const lineOf = (key: string) => state().items.find((item) => lineKey(item) === key);
  const syncState = () => ({ storedHash: state().itemsHash, lastSyncAt: state().lastSyncAt, lastTotalsSyncAt: state().lastTotalsSyncAt });
  const syncEnabled = () => CART_CONFIG.synchronize && !state().syncDisabled && deps.online();
  const totalsEnabled = () => CART_CONFIG.synchronizeTotals && !state().syncDisabled && deps.online();
  const setBusy = (key: string, on: boolean) =>
    deps.set((s) => ({ ...s, busy: on ? [...s.busy.filter((k) => k !== key), key] : s.busy.filter((k) => k !== key) }));
  /** The server's totals and both fee lists (§7), asked together. */
  const askTotals = (token: string) => Promise.all([api.totals(token), api.fees('product', token), api.fees('shipping', token)]);
  type TotalsAnswers = Awaited<ReturnType<typeof askTotals>>;

  /** POST create; on success the new token's cart receives the client's items (§4 "Connect"). Answers as `sync` does. */
  async function connect(options: SyncOptions = {}): Promise<boolean> {
    const answer = await api.create();
    if (answer.code === 200 && typeof answer.result === 'string') {
      const token = answer.result;
      // Ids of another server cart mean nothing in the new one.
      deps.set((s) => ({
        ...s,
        token,
        items: s.items.map(({ server_item_id: _id, server_cart_id: _cart, ...item }) => item),
        totals: null,
        productFees: [],
        shippingFees: [],
      }));
      return sync({ ...options, forceSync: true });
    }
    if (answer.code === 401 && state().bypassCounter < CART_CONFIG.maxBypassAttempts) {
      deps.set((s) => ({ ...s, bypassCounter: s.bypassCounter + 1 }));
      return connect({ ...options, mergeQty: false });
    }
    deps.log('Cart sync is disabled by the config');
    deps.set((s) => ({ ...s, syncDisabled: true }));
    return false;
  }

  /**
   * Pull and merge when the items changed since the last sync (or when forced). Answers whether
   * it merged a pull: then the totals are synced as needed and the lines carry the server's stock.
   * `early`: totals asked beside the pull (see `load`).
   */
  async function sync(options: SyncOptions = {}, early?: Promise<TotalsAnswers>): Promise<boolean> {
    const token = state().token;
    if (!syncEnabled() || !token) return false;
    if (!options.forceSync && !isSyncRequired(hash(), syncState())) return false;
    const pulled = await api.pull(token);
    if (pulled.code === 200 && Array.isArray(pulled.result)) {
      deps.set((s) => ({ ...s, bypassCounter: 0 }));
      await merge(
        pulled.result,
        { forceClientState: Boolean(options.forceClientState) || deps.inCheckout(), mergeQty: Boolean(options.mergeQty) },
        early,
      );
      deps.set((s) => ({ ...s, lastSyncAt: deps.now() }));
      return true;
    }
    if (state().bypassCounter < CART_CONFIG.maxBypassAttempts) {
      // An unknown or expired token: a new guest cart takes the client's items.
      deps.set((s) => ({ ...s, bypassCounter: s.bypassCounter + 1 }));
      return connect({ forceClientState: options.forceClientState });
    }
    deps.set((s) => ({ ...s, itemsHash: null }));
    return false;
  }

  /**
   * Applies the merge plan, then the totals when the items changed: `early` ones (asked beside the
   * pull) when nothing was written to the server since, else asked now; and the pull's stock.
   */
  async function merge(serverItems: readonly ServerCartItem[], options: { forceClientState: boolean; mergeQty: boolean }, early?: Promise<TotalsAnswers>) {
    const byId = new Map(serverItems.map((item) => [item.item_id, item]));
    let wrote = false;
    const actions = planCartMerge(state().items, serverItems, {
      ...options,
      serverSyncCanRemoveLocalItems: CART_CONFIG.serverSyncCanRemoveLocalItems,
      serverSyncCanModifyLocalItems: CART_CONFIG.serverSyncCanModifyLocalItems,
    });
    for (const action of actions) {
      switch (action.type) {
        case 'push':
          wrote = true;
          await push(action.clientItem, action.serverItem, options.mergeQty);
          break;
        case 'removeLocal':
          setItems((items) => removeLine(items, lineKey(action.clientItem)));
          break;
        case 'updateLocalQty':
        case 'copyServerIds': {
          const server = byId.get(action.serverItem.item_id);
          if (server) setItems((items) => patchLine(items, lineKey(action.clientItem), confirmed(server)));
          break;
        }
        case 'deleteOnServer': {
          const { sku, item_id, quote_id } = action.serverItem as ServerItemLike;
          wrote = true;
          await api.remove(state().token ?? '', { sku, item_id, quoteId: quote_id || (state().token ?? '') });
          break;
        }
        case 'pullIn': {
          const server = byId.get(action.serverItem.item_id);
          if (server) setItems((items) => [...items, pulledIn(server)]);
          break;
        }
      }
    }
    const totalsDue = state().items.length > 0 && isTotalsSyncRequired(hash(), syncState());
    if (totalsDue && (wrote || !early)) await syncTotals({});
    else {
      if (totalsDue && early) applyTotals(await early);
      applyStock(serverItems);
    }
    deps.set((s) => ({ ...s, itemsHash: cartItemsHash(s.items, s.token) }));
  }

  /** Sends one line; success copies the server's ids, failure restores or removes it (§4). */
  async function push(clientItem: CartItem, serverItem: ServerItemLike | undefined, mergeQty: boolean) {
    const token = state().token ?? '';
    const key = lineKey(clientItem);
    const body = cartItemForUpdate(clientItem, serverItem, token, { updateIds: Boolean(serverItem), mergeQty, useParentSku: false });
    const answer = await api.update(token, body);
    if (answer.code === 200 && typeof answer.result === 'object') {
      const server = answer.result;
      setItems((items) => patchLine(items, key, confirmed(server)));
      if (!deps.inCheckout()) {
        deps.notify({
          type: 'success',
          message: text(serverItem ? CART_MESSAGES.qtyUpdated : CART_MESSAGES.addedToCart),
          checkoutAction: true,
        });
      }
      return;
    }
    deps.notify({ type: 'error', message: messageOf(answer.result) });
    const failure = pushFailureAction(clientItem, Boolean(serverItem));
    if (failure.type === 'restoreQty') setItems((items) => patchLine(items, key, { qty: failure.qty }));
    else if (failure.type === 'removeLocal') setItems((items) => removeLine(items, key));
    else setItems(removeUnconfirmed);
  }

  /**
   * Each line's stock as the server sees it now (§4 "Stock sync"): a line sold out or lowered since
   * it was added says so before the checkout. Only stock fields change: the cart is not re-synced
   * for it (the stored items hash follows when it was current).
   */
  function applyStock(lines: readonly ServerCartItem[]) {
    const current = state().itemsHash === hash();
    const byId = new Map(lines.map((line) => [line.item_id, line]));
    setItems((items) =>
      items.map((item) => {
        const server = item.server_item_id === undefined ? undefined : byId.get(item.server_item_id);
        return server ? { ...item, ...stockFields({ ...server, qty: item.qty }) } : item;
      }),
    );
    if (current) deps.set((s) => ({ ...s, itemsHash: cartItemsHash(s.items, s.token) }));
  }

  async function checkStock(): Promise<void> {
    const token = state().token;
    if (!syncEnabled() || !token || state().items.length === 0) return;
    const pulled = await api.pull(token);
    if (pulled.code === 200 && Array.isArray(pulled.result)) applyStock(pulled.result);
  }

  /**
   * Totals (and fees) from the server, only when the items hash changed or when forced (§4
   * "Totals"), with the lines' stock beside them. Answers whether it asked the server.
   */
  async function syncTotals({ forceServerSync = false }: { forceServerSync?: boolean }): Promise<boolean> {
    const token = state().token;
    if (!totalsEnabled() || !token) return false;
    if (!forceServerSync && !isTotalsSyncRequired(hash(), syncState())) return false;
    const [answers] = await Promise.all([askTotals(token), checkStock()]);
    applyTotals(answers);
    return true;
  }

  function applyTotals([totals, productFees, shippingFees]: TotalsAnswers) {
    if (totals.code === 200 && typeof totals.result === 'object') {
      const result = totals.result;
      deps.set((s) => ({ ...s, totals: result, lastTotalsSyncAt: deps.now() }));
    } else {
      deps.log(`Cart totals failed: ${String(totals.result)}`);
    }
    if (productFees.code === 200 && Array.isArray(productFees.result)) {
      const fees = productFees.result;
      deps.set((s) => ({ ...s, productFees: fees }));
    }
    if (shippingFees.code === 200 && Array.isArray(shippingFees.result)) {
      const fees = shippingFees.result;
      deps.set((s) => ({ ...s, shippingFees: fees }));
    }
  }

  /** Creates the server cart when there are items and no token, else syncs (VSF create / sync). Answers as `sync` does. */
  async function connectOrSync(options: SyncOptions, early?: Promise<TotalsAnswers>): Promise<boolean> {
    if (!syncEnabled()) return false;
    if (state().token) return sync(options, early);
    return state().items.length > 0 ? connect({ forceClientState: options.forceClientState }) : false;
  }

  /**
   * Totals asked at once when both a pull and totals are due (the first page after an add made
   * elsewhere): one round trip instead of two before the cart page shows its totals (issue 46
   * point 3). Valid unless the merge writes to the server, which then asks again.
   */
  function earlyTotals(): Promise<TotalsAnswers> | undefined {
    const token = state().token;
    if (!token || !syncEnabled() || !totalsEnabled() || state().items.length === 0) return undefined;
    const due = isSyncRequired(hash(), syncState()) && isTotalsSyncRequired(hash(), syncState());
    return due ? askTotals(token) : undefined;
  }

  return {
    /** On page load: connect or sync when needed, then totals when needed; the lines' stock in any case (§4 "Stock sync"). */
    load: () =>
      serial(async () => {
        if (await connectOrSync({}, earlyTotals())) return;
        if (!(await syncTotals({}))) await checkStock();
      }),

    /** Adds products checked by the product page (VSF addItems); the stock status decides (§4, §8). */
    add: (products: readonly ItemToAdd[]) =>
      serial(async () => {
        deps.set((s) => ({ ...s, adding: true }));
        try {
          for (const { item, stock } of products) {
            if (stock === 'out_of_stock') {
              deps.notify({ type: 'error', message: text(CART_MESSAGES.outOfStock) });
              continue;
            }
            if (stock === 'volatile') deps.notify({ type: 'warning', message: text(CART_MESSAGES.volatileStock) });
            setItems((items) => addItem(items, withChecksum(item)));
            deps.track?.(item, item.qty);
          }
          if (!syncEnabled()) {
            deps.notify({ type: 'success', message: text(CART_MESSAGES.addedToCart), checkoutAction: true });
            return;
          }
          await connectOrSync({ forceClientState: true });
        } finally {
          deps.set((s) => ({ ...s, adding: false }));
        }
      }),

    /** Sets a line's quantity, then pushes it (the stepper is locked meanwhile). */
    setQty: (key: string, qty: number) =>
      serial(async () => {
        setBusy(key, true);
        try {
          const line = lineOf(key);
          if (line && qty !== line.qty) deps.track?.(line, qty - line.qty);
          setItems((items) => patchLine(items, key, { qty }));
          await connectOrSync({ forceClientState: true });
        } finally {
          setBusy(key, false);
        }
      }),

    remove: (key: string) =>
      serial(async () => {
        const line = lineOf(key);
        if (line) deps.track?.(line, -line.qty);
        setItems((items) => removeLine(items, key));
        await connectOrSync({ forceClientState: true });
        if (state().items.length === 0) deps.set((s) => ({ ...s, totals: null, productFees: [], shippingFees: [] }));
      }),

    /** Edit mode: the line becomes another configuration and quantity (§4 "Edit mode"). */
    replace: (key: string, next: NewCartItem) =>
      serial(async () => {
        setItems((items) => addItem(removeLine(items, key), withChecksum(next)));
        await connectOrSync({ forceClientState: true });
      }),

    /** Empties the cart, syncs the deletions, then drops the token (§4 "Clearing"). */
    clear: () =>
      serial(async () => {
        setItems(() => []);
        await sync({ forceClientState: true, forceSync: true });
        deps.set((s) => ({ ...EMPTY_CART, bypassCounter: s.bypassCounter, busy: [], adding: false }));
      }),

    /** Totals, fees and payment costs again from the server (the checkout changed address or methods). */
    refreshTotals: () => serial(() => syncTotals({ forceServerSync: true })),

    /**
     * The server cart changed behind the client (a cancelled online payment put its lines back):
     * pull it, take its line ids, then its totals.
     */
    reconcile: () =>
      serial(async () => {
        await sync({ forceSync: true });
        await syncTotals({ forceServerSync: true });
      }),

    /**
     * A cart the server filled behind the client (a quote offer's link put its lines into it):
     * its token becomes the browser's cart, whose lines are pulled in as the server has them
     * (no local line pushed over them), then its totals. The browser's own lines were synced
     * into that cart before (a `load`), so nothing of theirs is lost.
     */
    adopt: (token: string) =>
      serial(async () => {
        deps.set((s) => ({ ...EMPTY_CART, token, bypassCounter: s.bypassCounter, busy: [], adding: false }));
        await sync({ forceSync: true });
        await syncTotals({ forceServerSync: true });
      }),

    /**
     * The cart is cleared locally without sync and the token dropped: after an order is placed
     * (§4 "Order"), and at logout (§4 "Session": the customer's cart stays theirs on the server).
     */
    forget: () =>
      serial(async () => {
        deps.set((s) => ({ ...EMPTY_CART, bypassCounter: s.bypassCounter, busy: [], adding: false }));
      }),

    /**
     * Sign-in (§4 "Authorize"): the guest cart's coupon is removed, `start` signs the customer in
     * (from then on every call carries their token), the customer's cart is connected with a
     * quantity merge (the guest's lines added to theirs, theirs pulled in), the coupon re-applied.
     * A refused sign-in gives the guest cart its coupon back. Answers what `start` answered.
     */
    authorize: (start: () => Promise<boolean>) =>
      serial(async () => {
        const guestToken = state().token;
        const coupon = state().totals?.coupon_code;
        const couponRemoved = Boolean(guestToken && coupon && totalsEnabled() && (await api.deleteCoupon(guestToken ?? '')).code === 200);
        if (!(await start())) {
          if (couponRemoved && guestToken && coupon) await api.applyCoupon(guestToken, coupon);
          return false;
        }
        deps.set((s) => ({ ...s, token: null, bypassCounter: 0, syncDisabled: false }));
        if (syncEnabled()) await connect({ mergeQty: true });
        const token = state().token;
        if (couponRemoved && token && coupon) await api.applyCoupon(token, coupon);
        await syncTotals({ forceServerSync: true });
        return true;
      }),

    /** Applies a coupon (trimmed; online only); answers whether it was applied (§4 "Coupon", §8). */
    applyCoupon: (raw: string) =>
      serial(async () => {
        const code = raw.trim();
        const token = state().token;
        if (code === '' || !token || !totalsEnabled()) return false;
        const answer = await api.applyCoupon(token, code);
        if (answer.code !== 200) {
          deps.notify({ type: 'error', message: couponRefusal(answer.code, answer.result) });
          return false;
        }
        await syncTotals({ forceServerSync: true });
        deps.notify({ type: 'success', message: text(CART_MESSAGES.couponApplied) });
        return true;
      }),

    removeCoupon: () =>
      serial(async () => {
        const token = state().token;
        if (!token || !totalsEnabled()) return;
        const answer = await api.deleteCoupon(token);
        if (answer.code !== 200) {
          deps.notify({ type: 'error', message: messageOf(answer.result) });
          return;
        }
        await syncTotals({ forceServerSync: true });
        deps.notify({ type: 'success', message: text(CART_MESSAGES.couponRemoved) });
      }),

    /** The fee checkbox: toggles the option, saves the selection, then a forced totals sync (§4 "Fees"). */
    toggleFee: (kind: FeeKind, fee: { itemId?: number; feeId: number; optionId: number; title: string }) =>
      serial(async () => {
        const token = state().token;
        if (!token || !totalsEnabled()) return;
        const list = kind === 'product' ? state().productFees : state().shippingFees;
        const details = list
          .filter((entry) => (kind === 'product' ? entry.quoteItemId === fee.itemId : entry.quoteItemId === null))
          .flatMap((entry) => entry.feesDetails)
          .find((detail) => detail.fee_id === fee.feeId);
        const selected = details?.options.filter((option) => option.selected).map((option) => option.fee_option_id) ?? [];
        const next = toggleFeeOption(selected, fee.optionId);
        const answer = await api.setFees(kind, token, { ...(fee.itemId === undefined ? {} : { itemId: fee.itemId }), id: fee.feeId, options: next.join(',') });
        if (answer.code !== 200) deps.notify({ type: 'error', message: messageOf(answer.result) });
        await syncTotals({ forceServerSync: true });
        if (answer.code === 200) {
          const added = next.includes(fee.optionId);
          deps.notify({ type: 'info', message: { key: added ? 'feeAdded' : 'feeRemoved', params: { title: fee.title } }, hasNoTimeout: true });
        }
      }),
  };
}
