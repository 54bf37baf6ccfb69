/**
 * BROWSER: the server cart calls of shopping.md §7 through the shop's origin (proxy.ts forwards
 * `/api/*`). Every call answers the `{ code, result }` envelope; a network failure or a body
 * that is not JSON answers code 0 with the error as text (never throws).
 * The paths come from the zod-free `@shop/contracts/cart-paths`, so no schema reaches the browser.
 */
import type { CartTotals, FeesResult, ServerCartItem } from '@shop/contracts';
import { CART_PATHS } from '@shop/contracts/cart-paths';
import type { CartItemForUpdate } from '@shop/domain';

export interface Answer<T> {
  code: number;
  /** The result on code 200; otherwise the server's message. */
  result: T | string;
  /** The envelope's meta (login: the refresh token). */
  meta?: Record<string, unknown>;
}

export type FeeKind = 'product' | 'shipping';

export interface CartApi {
  create(): Promise<Answer<string>>;
  pull(cartId: string): Promise<Answer<ServerCartItem[]>>;
  update(cartId: string, cartItem: CartItemForUpdate): Promise<Answer<ServerCartItem>>;
  remove(cartId: string, cartItem: { sku: string; item_id: number; quoteId: string }): Promise<Answer<true>>;
  totals(cartId: string): Promise<Answer<CartTotals>>;
  fees(kind: FeeKind, cartId: string): Promise<Answer<FeesResult>>;
  /** Selects a fee's options (comma-joined ids); the answer is not read (§7). */
  setFees(kind: FeeKind, cartId: string, body: { itemId?: number; id: number; options: string }): Promise<Answer<true>>;
  applyCoupon(cartId: string, code: string): Promise<Answer<true>>;
  deleteCoupon(cartId: string): Promise<Answer<true>>;
}

/** One API call through the shop's origin: the envelope, or code 0 with the error as text. */
export async function apiCall<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  query: Record<string, string>,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  try {
    const search = new URLSearchParams(query).toString();
    const response = await fetch(search ? `${path}?${search}` : path, {
      method,
      cache: 'no-store',
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!(response.headers.get('content-type') ?? '').includes('json')) return { code: 0, result: 'Error with response - bad content-type!' };
    const payload = (await response.json()) as { code?: unknown; result?: unknown; meta?: Record<string, unknown> } | null;
    if (!payload || typeof payload.code !== 'number') return { code: 0, result: 'Unhandled error, wrong response format!' };
    return payload.code === 200
      ? { code: 200, result: payload.result as T, ...(payload.meta ? { meta: payload.meta } : {}) }
      : { code: payload.code, result: String(payload.result ?? '') };
  } catch (error) {
    return { code: 0, result: String(error) };
  }
}

/** How the cart reaches the server: `apiCall` for guests, or as the signed-in customer (session.ts). */
export type ApiCaller = <T>(method: 'GET' | 'POST', path: string, query: Record<string, string>, body?: unknown) => Promise<Answer<T>>;

/**
 * The cart calls of §7 through `call`, which carries the customer's token when one is signed in
 * (a customer's cart answers only to its customer). Fee calls say whether the buyer is a guest.
 */
export function cartApiOver(call: ApiCaller, isGuest: () => boolean): CartApi {
  const guest = () => (isGuest() ? '1' : '0');
  return {
    create: () => call('POST', CART_PATHS.create, {}),
    pull: (cartId) => call('GET', CART_PATHS.pull, { cartId }),
    update: (cartId, cartItem) => call('POST', CART_PATHS.update, { cartId }, { cartItem }),
    remove: (cartId, cartItem) => call('POST', CART_PATHS.delete, { cartId }, { cartItem }),
    totals: (cartId) => call('GET', CART_PATHS.totals, { cartId }),
    fees: (kind, cartId) => call('GET', kind === 'product' ? CART_PATHS.productFees : CART_PATHS.shippingFees, { cartId, isGuest: guest() }),
    setFees: (kind, cartId, body) =>
      call('POST', `${kind === 'product' ? CART_PATHS.setProductFees : CART_PATHS.setShippingFees}/${encodeURIComponent(cartId)}`, { isGuest: guest() }, body),
    applyCoupon: (cartId, code) => call('POST', CART_PATHS.applyCoupon, { cartId, coupon: code }),
    deleteCoupon: (cartId) => call('POST', CART_PATHS.deleteCoupon, { cartId }),
  };
}
