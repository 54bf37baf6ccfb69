import { orderAccessQuery, orderView } from '@shop/contracts';
import { z } from 'zod';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { HttpError } from '../../http/errors.ts';
import type { PaymentService } from './service.ts';

/** The payment-cancelled page: the buyer left the provider without paying. */
export function paymentRoutes(payments: PaymentService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/order/:incrementId/cancel',
      tag: 'order',
      summary:
        "Cancels an unpaid online order for its owner (the payment-cancelled page): the provider payment is stopped, stock and coupon given back, the cart put back as it was. A payment made meanwhile is not cancelled",
      query: orderAccessQuery,
      response: z.object({ order: orderView, cartRestored: z.boolean() }),
      handler: ({ params, query }) => {
        const id = params['incrementId'] ?? '';
        if (!/^\d{1,20}$/.test(id)) throw new HttpError(404, 'Order not found');
        return payments.cancelByBuyer(id, query.key);
      },
    }),
  ];
}
