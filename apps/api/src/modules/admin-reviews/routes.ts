import { adminReviewDecision, adminReviewListQuery, adminReviewPage, adminReviewRejectBody } from '@shop/contracts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { CLI_ACTOR } from '../admin/audit.ts';
import type { AdminGuard } from '../admin/guard.ts';
import { toolsOnThisMachine } from '../admin/routes.ts';
import { reviewIdOf, type ReviewModeration } from './moderation.ts';

/**
 * Review moderation (issue #45 point 6): staff read the reviews and decide; a program decides with
 * a `catalog:write` key (the list, with the authors' e-mails, stays a person's). Every decision is audited.
 */
export function adminReviewRoutes(moderation: ReviewModeration, guard: AdminGuard): AnyRoute[] {
  return [
    guard.route({ role: 'staff' }, {
      method: 'GET',
      path: '/api/admin/reviews',
      summary: 'Reviews of one status (pending, the default, oldest first; approved or rejected, newest first) in pages, each with its product, author, rating, text and the last decision',
      query: adminReviewListQuery,
      response: adminReviewPage,
      handler: ({ query }) => moderation.list(query),
    }),
    guard.route({ role: 'staff', scope: 'catalog:write' }, {
      method: 'POST',
      path: '/api/admin/reviews/:id/approve',
      summary:
        'Approves a review (pending or rejected): it shows on its product page, in the rating and the JSON-LD at once (the cache answer says whether the pages were expired). Approving an approved one changes nothing. Audited',
      response: adminReviewDecision,
      handler: ({ params, req }) => moderation.approve(reviewIdOf(params['id']), guard.actor(req)),
    }),
    guard.route({ role: 'staff', scope: 'catalog:write' }, {
      method: 'POST',
      path: '/api/admin/reviews/:id/reject',
      summary:
        'Rejects a review (pending or approved) with a reason `{reason}`, kept for the staff only; an approved one leaves the product page at once. Rejecting a rejected one changes nothing (its reason stays). Audited',
      body: adminReviewRejectBody,
      response: adminReviewDecision,
      handler: ({ params, body, req }) => moderation.reject(reviewIdOf(params['id']), body.reason, guard.actor(req)),
    }),
  ];
}

/**
 * `npm run review:approve` on the running shop (the embedded database belongs to the API): the
 * queue and approvals, to this machine with the admin token only, audited as `cli`.
 */
export function internalReviewRoutes(moderation: ReviewModeration, adminToken: string, trustedProxies?: readonly string[]): AnyRoute[] {
  const authorize = toolsOnThisMachine(adminToken, trustedProxies);
  return [
    defineRoute({
      method: 'GET',
      path: '/api/internal/reviews',
      tag: 'internal',
      summary: 'The reviews of one status in pages, as GET /api/admin/reviews (npm run review:approve -- --list); loopback clients with the admin token only',
      authorize,
      query: adminReviewListQuery,
      response: adminReviewPage,
      handler: ({ query }) => moderation.list(query),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/internal/reviews/:id/approve',
      tag: 'internal',
      summary: 'Approves a review as POST /api/admin/reviews/:id/approve does (npm run review:approve); loopback clients with the admin token only',
      authorize,
      limitWrites: false,
      response: adminReviewDecision,
      handler: ({ params }) => moderation.approve(reviewIdOf(params['id']), CLI_ACTOR),
    }),
  ];
}
