import { cacheInvalidationOutcome, customerReviewAnswer, reviewAnswer, reviewCreateBody, reviewStatusQuery, tokenQuery } from '@shop/contracts';
import { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import { defineRoute, PrivateAnswer, type AnyRoute, type RouteInput } from '../../http/route.ts';
import { requireBearer } from '../../http/admin-token.ts';
import { requestToken, type AccountService } from '../accounts/service.ts';
import type { ReviewService } from './service.ts';

/** Reviews (shopping.md §7 `POST /api/review/create`, issue #19): written by signed-in customers, moderated by the shop. */
export function reviewRoutes(reviews: ReviewService, accounts: AccountService, adminToken: string): AnyRoute[] {
  const signedIn = (input: RouteInput<{ token?: string | undefined }, unknown>) => accounts.authenticate(requestToken(input.req, input.query.token));
  return [
    defineRoute({
      method: 'POST',
      path: '/api/review/create',
      tag: 'review',
      summary:
        'A signed-in customer reviews a product (VSF1 body `review`: product_id, title, detail, nickname, optional rating 1–5); stored as plain text, pending until the shop approves it; one per customer and product (409); 10 an hour per client address (429)',
      query: tokenQuery,
      body: reviewCreateBody,
      response: reviewAnswer,
      handler: async (input) => reviews.create(await signedIn(input), input.body.review, input.clientAddress),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/user/reviews',
      tag: 'user',
      summary: "The signed-in customer's reviews, newest first, with their status (2 pending, 1 approved) and the product",
      query: tokenQuery,
      response: z.array(customerReviewAnswer),
      handler: async (input) => new PrivateAnswer(await reviews.mine(await signedIn(input))),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/admin/reviews',
      tag: 'admin',
      summary: 'Reviews waiting for moderation (status=pending, the default) or approved ones, oldest first, with the author customer id',
      authorize: requireBearer(adminToken),
      query: reviewStatusQuery,
      response: z.array(z.object({ doc: reviewAnswer, customer_id: z.number().nullable() })),
      handler: ({ query }) => reviews.list(query.status),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/admin/reviews/:id/approve',
      tag: 'admin',
      summary: "Approves a review: it shows on the product page, whose cached pages are expired (the answer's cache says whether that was sent)",
      authorize: requireBearer(adminToken),
      limitWrites: false,
      response: z.object({ id: z.number(), review_status: z.number(), cache: cacheInvalidationOutcome }),
      handler: ({ params }) => {
        if (!/^\d{1,10}$/.test(params['id'] ?? '') || Number(params['id']) > 2_147_483_647) throw new HttpError(404, 'Review not found');
        return reviews.approve(Number(params['id']));
      },
    }),
  ];
}
