import { createHmac } from 'node:crypto';
import { orderStatus, paymentStatus } from '@shop/contracts';
import { z } from 'zod';
import { HttpError } from '../../../http/errors.ts';
import { defineRoute, type AnyRoute } from '../../../http/route.ts';
import { sameSecret } from '../../../http/admin-token.ts';
import type { CartService } from '../../cart/service.ts';
import type { PaymentService } from '../service.ts';
import type { AlmaClient } from './client.ts';
import { choosablePlans, remoteAlmaPayment } from './provider.ts';
import { toCents } from '@shop/domain';

/** Alma's payment ids start with "payment" (shopping.md §5: the return page checks it). */
const pidQuery = z.object({ pid: z.string().trim().regex(/^payment_[A-Za-z0-9]{1,64}$/, 'must be an Alma payment id (payment_…)') });

const plan = z.object({
  installments_count: z.number().int(),
  deferred_days: z.number().int(),
  deferred_months: z.number().int(),
  /** Each instalment: due date (unix seconds) and amount in cents. */
  payment_plan: z.array(z.object({ due_date: z.number().int(), total_amount: z.number().int() })),
});

const orderData = z.object({
  incrementId: z.string(),
  accessKey: z.string(),
  status: orderStatus,
  paymentStatus: paymentStatus,
  shipping_address: z.record(z.string(), z.unknown()),
  billing_address: z.record(z.string(), z.unknown()),
});

const signed = (pid: string, signature: string, apiKey: string) => sameSecret(signature, createHmac('sha256', apiKey).update(pid).digest('hex'));

/** Alma (§7 instalment calls): eligible plans, the IPN, and the order data of the return page. */
export function almaRoutes(alma: AlmaClient, carts: CartService, payments: PaymentService): AnyRoute[] {
  /** Reads the payment from Alma and applies what it says: the return page and the IPN trust nothing else. */
  const verify = async (pid: string) => {
    const order = await payments.orderOf('almapay', pid);
    if (!order) throw new HttpError(404, 'Pagamento non trovato');
    const remote = remoteAlmaPayment(await alma.payment(pid));
    if (remote.state === 'paid') await payments.confirm('almapay', pid, remote, `${pid}:paid`);
    else if (remote.state === 'failed' || remote.state === 'canceled') await payments.ended('almapay', pid, `${pid}:${remote.state}`);
    return (await payments.orderOf('almapay', pid))!;
  };

  return [
    defineRoute({
      method: 'POST',
      path: '/api/ext/almapay/eligible-plans',
      tag: 'payments',
      summary: "The instalment plans Alma offers for a cart's server total (purchase_amount in cents): eligible plans with more than one instalment; an empty list means not eligible",
      body: z.object({ cartId: z.string().trim().min(1).max(128) }),
      response: z.array(plan),
      handler: async ({ body }) => {
        const totals = await carts.totals(await carts.open(body.cartId));
        const plans = choosablePlans(await alma.eligibility(toCents(totals.grand_total)));
        return plans.map((p) => ({
          installments_count: p.installments_count,
          deferred_days: p.deferred_days,
          deferred_months: p.deferred_months,
          payment_plan: (p.payment_plan ?? []).map((i) => ({ due_date: i.due_date, total_amount: i.total_amount })),
        }));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/ext/almapay/ipn',
      tag: 'payments',
      summary: 'Alma IPN: X-Alma-Signature (HMAC-SHA256 of pid with the API key) checked, then the payment read from Alma and applied once; unknown pid 404',
      query: pidQuery,
      response: z.object({ status: orderStatus, paymentStatus }),
      handler: async ({ query, req }) => {
        const signature = req.headers['x-alma-signature'];
        if (typeof signature !== 'string' || !signed(query.pid, signature, alma.apiKey)) throw new HttpError(401, 'Invalid X-Alma-Signature');
        const order = await verify(query.pid);
        return { status: order.status, paymentStatus: order.payment_status };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/ext/almapay/order',
      tag: 'payments',
      summary: "The instalment return page's order data (§7 GET order data by pid): the payment read from Alma and applied, then the order with its addresses and key",
      query: pidQuery,
      response: orderData,
      handler: async ({ query }) => {
        const order = await verify(query.pid);
        return {
          incrementId: order.increment_id,
          accessKey: order.access_key,
          status: order.status,
          paymentStatus: order.payment_status,
          shipping_address: order.shipping_address,
          billing_address: order.billing_address,
        };
      },
    }),
  ];
}
