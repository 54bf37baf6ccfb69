import { HttpError } from '../../http/errors.ts';
import type { OpenCart } from './service.ts';

/**
 * Who may use a cart: a guest cart without a user token, a customer's cart only with its
 * customer's token (query `token` or Bearer). Anything else is "not found": nothing tells a
 * customer cart exists. A guest cart sent with a user token is refused too, so that VSF's
 * connect moves to the customer's cart after sign-in (shopping.md §4). The cart calls and the
 * order placement apply the same rule.
 */
export function cartOf(cart: OpenCart, customerId: number | undefined): OpenCart {
  if ((cart.row.customer_id ?? undefined) !== customerId) throw new HttpError(404, 'Cart not found');
  return cart;
}
