import { adminRefund, refundBody } from '@shop/contracts';
import type { AnyRoute } from '../../http/route.ts';
import type { AdminGuard } from '../admin/guard.ts';
import type { RefundService } from './service.ts';

/**
 * `POST /api/admin/orders/{number}/refund`: owners only (issue 44: staff do not refund), and no API
 * key (no scope): money leaves the shop only at the hand of a person signed in.
 */
export function refundRoutes(refunds: RefundService, guard: AdminGuard): AnyRoute[] {
  return [
    guard.route({ role: 'owner' }, {
      method: 'POST',
      path: '/api/admin/orders/:incrementId/refund',
      summary:
        'Refunds a paid order, whole (`all`) or per line (units of each sku, with their coupon share) plus shipping and fees (net): the amount is worked out by the server, never above what was paid and not yet refunded (422); through the provider for card, PayPal and Alma (a provider refusal: 502, the order unchanged), recorded with the buyer\'s IBAN for bank transfer and cash on delivery; a credit note (TD04) when the order has an invoice; 409 when the order is not paid or another action on it is under way',
      body: refundBody,
      response: adminRefund,
      handler: ({ req, params, body }) => refunds.refund(params['incrementId'] ?? '', body, guard.actor(req)),
    }),
  ];
}
