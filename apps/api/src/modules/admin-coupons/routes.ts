import { adminCoupon, adminCouponCreateBody, adminCouponListQuery, adminCouponPage, adminCouponPatchBody } from '@shop/contracts';
import type { AnyRoute } from '../../http/route.ts';
import type { AdminGuard } from '../admin/guard.ts';
import { couponIdOf, type AdminCoupons } from './coupons.ts';

/**
 * The coupons of the back office (issue #45 point 3): staff read and write them; a program writes
 * them with a `catalog:write` key (an ERP's promotions). Reads declare no scope, so they stay a person's.
 */
export function adminCouponRoutes(coupons: AdminCoupons, guard: AdminGuard): AnyRoute[] {
  return [
    guard.route({ role: 'staff' }, {
      method: 'GET',
      path: '/api/admin/coupons',
      summary: 'Coupons by code (any case, part of it) and active state, in pages, each with the uses standing orders took',
      query: adminCouponListQuery,
      response: adminCouponPage,
      handler: ({ query }) => coupons.list(query),
    }),
    guard.route({ role: 'staff' }, {
      method: 'GET',
      path: '/api/admin/coupons/:id',
      summary: 'One coupon with its uses',
      response: adminCoupon,
      handler: ({ params }) => coupons.get(couponIdOf(params['id'])),
    }),
    guard.route({ role: 'staff', scope: 'catalog:write' }, {
      method: 'POST',
      path: '/api/admin/coupons',
      summary: 'Creates a coupon, usable by shoppers at once; a code another coupon has (any case) is 409. Audited',
      body: adminCouponCreateBody,
      response: adminCoupon,
      status: 201,
      handler: ({ body, req }) => coupons.create(body, guard.actor(req)),
    }),
    guard.route({ role: 'staff', scope: 'catalog:write' }, {
      method: 'PATCH',
      path: '/api/admin/coupons/:id',
      summary: 'Changes the fields given (active: false switches it off for the next cart); checked with the fields kept. Audited',
      body: adminCouponPatchBody,
      response: adminCoupon,
      handler: ({ params, body, req }) => coupons.update(couponIdOf(params['id']), body, guard.actor(req)),
    }),
  ];
}
