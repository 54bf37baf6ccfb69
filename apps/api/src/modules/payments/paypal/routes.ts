import { CHECKOUT_MESSAGES } from '@shop/contracts';
import { z } from 'zod';
import { defineRoute, type AnyRoute } from '../../../http/route.ts';
import { HttpError } from '../../../http/errors.ts';
import type { OrderService } from '../../orders/service.ts';
import type { PaymentService } from '../service.ts';
import type { PaypalClient } from './client.ts';
import { remotePaypalOrder } from './provider.ts';

const orderKey = { order_id: z.string().trim().regex(/^\d{1,20}$/, 'must be an order number'), key: z.string().trim().min(1).max(128) };

/** §7 wallet answers: success, token, error.message. */
const walletAnswer = z.object({ success: z.boolean(), token: z.string().optional(), error: z.object({ message: z.string() }).optional() });

/** The wallet's outcomes (§8: the wallet shows the answer's error message, in the shop language). */
const PAYPAL_MESSAGES = {
  declined: CHECKOUT_MESSAGES.paymentDeclined,
  notApproved: CHECKOUT_MESSAGES.paymentNotApproved,
  mismatch: CHECKOUT_MESSAGES.paymentMismatch,
} as const;

/**
 * PayPal (§7 wallet calls) for an order placed with `paypal_express`: set-express-checkout answers
 * the PayPal order (token) the buyer approves; complete captures it server-side and pays the order
 * only when the capture COMPLETED for the order's amount.
 */
export function paypalRoutes(paypal: PaypalClient, orders: OrderService, payments: PaymentService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/ext/paypal/set-express-checkout',
      tag: 'payments',
      summary: 'The PayPal order (token) of an order placed with paypal_express, created once for its server total',
      body: z.object({ ...orderKey, locale: z.string().max(10).optional(), currency_code: z.literal('EUR').optional() }),
      response: walletAnswer,
      handler: async ({ body }) => {
        const order = await orders.owned(body.order_id, body.key);
        if (order.payment_method !== 'paypal_express') throw new HttpError(400, 'The order is not paid with PayPal');
        await payments.redirectFor(order.increment_id);
        const token = await payments.referenceOf(order);
        return token ? { success: true, token } : { success: false, error: { message: PAYPAL_MESSAGES.notApproved } };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/ext/paypal/complete',
      tag: 'payments',
      summary: 'Captures the approved PayPal order (token) of an order: paid only when the capture COMPLETED for the order amount; retried captures never charge twice (PayPal-Request-Id)',
      body: z.object({ ...orderKey, token: z.string().trim().min(1).max(64) }),
      response: walletAnswer,
      handler: async ({ body }) => {
        const order = await orders.owned(body.order_id, body.key);
        if ((await payments.referenceOf(order)) !== body.token) throw new HttpError(404, 'Pagamento non trovato');
        if (order.payment_status === 'paid') return { success: true, token: body.token };
        const captured = await paypal.capture(body.token, `capture-${order.store_code}-${order.increment_id}`);
        let remote;
        if ('error' in captured) {
          const issue = captured.error.details?.[0]?.issue;
          if (issue === 'ORDER_ALREADY_CAPTURED') remote = remotePaypalOrder(await paypal.order(body.token));
          else return { success: false, token: body.token, error: { message: issue === 'INSTRUMENT_DECLINED' ? PAYPAL_MESSAGES.declined : PAYPAL_MESSAGES.notApproved } };
        } else {
          remote = remotePaypalOrder(captured.order);
        }
        if (remote.state !== 'paid') return { success: false, token: body.token, error: { message: remote.state === 'failed' ? PAYPAL_MESSAGES.declined : PAYPAL_MESSAGES.notApproved } };
        const outcome = await payments.confirm('paypal_express', body.token, remote, `capture:${body.token}`);
        if (outcome === 'mismatch' || outcome === 'unknown') return { success: false, token: body.token, error: { message: PAYPAL_MESSAGES.mismatch } };
        return { success: true, token: body.token };
      },
    }),
  ];
}
