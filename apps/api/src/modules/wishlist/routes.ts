import { tokenQuery, wishlistAddBody, wishlistAnswer, wishlistSku } from '@shop/contracts';
import { HttpError } from '../../http/errors.ts';
import { defineRoute, PrivateAnswer, type AnyRoute, type RouteInput } from '../../http/route.ts';
import { requestToken, type AccountService } from '../accounts/service.ts';
import type { WishlistService } from './service.ts';

/**
 * The wishlist calls (issue #19): the signed-in customer's own list, the token as `?token=` or
 * Bearer (ADR 0017); without one 401. Answers are private to the customer.
 */
export function wishlistRoutes(wishlist: WishlistService, accounts: AccountService): AnyRoute[] {
  const signedIn = (input: RouteInput<{ token?: string | undefined }, unknown>) => accounts.authenticate(requestToken(input.req, input.query.token));
  return [
    defineRoute({
      method: 'GET',
      path: '/api/wishlist',
      tag: 'wishlist',
      summary: "The signed-in customer's wishlist: items { sku, qty: 1 }, in the order they were added",
      query: tokenQuery,
      response: wishlistAnswer,
      handler: async (input) => new PrivateAnswer(await wishlist.list(await signedIn(input))),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/wishlist/items',
      tag: 'wishlist',
      summary: `Adds products by sku (also the browser's list merged at sign-in); SKUs already there keep their place, SKUs not in the catalogue are left out; at most 100 products. Answers the whole list`,
      query: tokenQuery,
      body: wishlistAddBody,
      response: wishlistAnswer,
      handler: async (input) => new PrivateAnswer(await wishlist.add(await signedIn(input), input.body.skus)),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/wishlist/items/:sku',
      tag: 'wishlist',
      summary: 'Removes one product by sku (nothing happens when it is not there). Answers the whole list',
      query: tokenQuery,
      response: wishlistAnswer,
      handler: async (input) => {
        const customer = await signedIn(input);
        const sku = wishlistSku.safeParse(input.params['sku'] ?? '');
        if (!sku.success) throw new HttpError(400, `sku: ${sku.error.issues[0]?.message ?? 'invalid'}`);
        return new PrivateAnswer(await wishlist.remove(customer, [sku.data]));
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/wishlist',
      tag: 'wishlist',
      summary: 'Empties the wishlist (shopping.md §4 "clear all")',
      query: tokenQuery,
      response: wishlistAnswer,
      handler: async (input) => new PrivateAnswer(await wishlist.remove(await signedIn(input), 'all')),
    }),
  ];
}
