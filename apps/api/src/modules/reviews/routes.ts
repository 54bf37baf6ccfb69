import { customerReviewAnswer, reviewAnswer, reviewCreateBody, tokenQuery } from '@shop/contracts';
import { z } from 'zod';
import { defineRoute, PrivateAnswer, type AnyRoute, type RouteInput } from '../../http/route.ts';
import { requestToken, type AccountService } from '../accounts/service.ts';
import type { ReviewService } from './service.ts';

/** Reviews (shopping.md §7 `POST /api/review/create`, issue #19; guests' since issue #47): moderated in the back office (modules/admin-reviews). */
export function reviewRoutes(reviews: ReviewService, accounts: AccountService): AnyRoute[] {
  const signedIn = (input: RouteInput<{ token?: string | undefined }, unknown>) => accounts.authenticate(requestToken(input.req, input.query.token));
  return [
    defineRoute({
      method: 'POST',
      path: '/api/review/create',
      tag: 'review',
      summary:
        'Reviews a product (VSF1 body `review`: product_id, title, detail, nickname, optional rating 1–5); stored as plain text, pending until the staff approves it. With a token, the signed-in customer’s (one per product: 409; a bad token 401); without one, a guest’s — VSF1 sends none, and a 401 would start its refresh-then-logout cascade. 10 an hour per client address (429)',
      query: tokenQuery,
      body: reviewCreateBody,
      response: reviewAnswer,
      handler: async (input) => reviews.create(await accounts.optionalCustomer(input.req, input.query.token), input.body.review, input.clientAddress),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/user/reviews',
      tag: 'user',
      summary: "The signed-in customer's reviews, newest first, with their status (2 pending, 1 approved, 3 not published) and the product",
      query: tokenQuery,
      response: z.array(customerReviewAnswer),
      handler: async (input) => new PrivateAnswer(await reviews.mine(await signedIn(input))),
    }),
  ];
}
