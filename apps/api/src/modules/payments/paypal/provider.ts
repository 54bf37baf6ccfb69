import { HttpError } from '../../../http/errors.ts';
import { decimalString } from '../provider-http.ts';
import { onlineMethod, RefundRefused, type OnlinePaymentProvider, type RemotePayment } from '../provider.ts';
import { describe, type PaypalClient, type PaypalOrder } from './client.ts';

const cents = (value: string) => Math.round(Number(value) * 100);

/** What a captured PayPal order says: paid only when a capture COMPLETED (an order can be COMPLETED with a declined capture). */
export function remotePaypalOrder(order: PaypalOrder): RemotePayment {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.find((c) => c.status === 'COMPLETED');
  if (capture) return { state: 'paid', amountCents: cents(capture.amount.value), orderReference: capture.custom_id ?? unit?.custom_id ?? '' };
  if (unit?.payments?.captures?.some((c) => c.status === 'DECLINED' || c.status === 'FAILED')) return { state: 'failed' };
  return order.status === 'VOIDED' ? { state: 'canceled' } : { state: 'open' };
}

/**
 * How the buyer meets PayPal (shopping §9: the wallet excludes the funding sources card, credit,
 * mybank and sofort; ADR 0026). The shop redirects to PayPal's approval page, where the JS SDK's
 * `disable-funding` does not exist: `landing_page: 'LOGIN'` opens PayPal's sign-in rather than the
 * guest card form, and `payment_method_preference: 'IMMEDIATE_PAYMENT_REQUIRED'` takes only money
 * that is there at capture (no eCheck pending for days). MyBank and Sofort are offered only by the
 * SDK's buttons (or as their own `payment_source`), never behind a `payment_source.paypal` redirect.
 */
export const PAYPAL_EXPERIENCE = {
  locale: 'it-IT',
  landing_page: 'LOGIN',
  payment_method_preference: 'IMMEDIATE_PAYMENT_REQUIRED',
  user_action: 'PAY_NOW',
  shipping_preference: 'NO_SHIPPING',
} as const;

/**
 * PayPal (`paypal_express`) over Orders v2: the order's server total as one purchase unit, the
 * buyer approves at PayPal, the shop captures on return (paypal/routes.ts `complete`).
 */
export function paypalProvider(paypal: PaypalClient, test: boolean): OnlinePaymentProvider {
  return {
    ...onlineMethod('paypal_express', test),
    async create(checkout) {
      const value = decimalString(checkout.grandTotalCents);
      const order = await paypal.createOrder(
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: checkout.incrementId,
              custom_id: checkout.incrementId,
              invoice_id: checkout.incrementId,
              description: `Ordine ${checkout.incrementId}`,
              amount: { currency_code: 'EUR', value, breakdown: { item_total: { currency_code: 'EUR', value } } },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: { ...PAYPAL_EXPERIENCE, return_url: checkout.returnUrl, cancel_url: checkout.cancelUrl },
            },
          },
        },
        checkout.idempotencyKey,
      );
      const approve = order.links.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
      if (!approve) throw new Error(`PayPal order ${order.id} has no approval link`);
      return { reference: order.id, redirectUrl: approve.href };
    },
    async cancel(reference) {
      // An order the shop never captured takes no money: it lapses at PayPal by itself.
      const order = await paypal.order(reference).catch(() => null);
      return order && remotePaypalOrder(order).state === 'paid' ? 'paid' : 'canceled';
    },
    // The order's capture is what PayPal refunds (POST /v2/payments/captures/{id}/refund).
    async refund(reference, amountCents, idempotencyKey) {
      const order = await paypal.order(reference).catch((error: unknown) => {
        throw error instanceof HttpError && error.status === 404 ? new RefundRefused('PayPal', 'ordine PayPal non trovato') : error;
      });
      const unit = order.purchase_units?.[0];
      const capture = unit?.payments?.captures?.find((c) => c.status === 'COMPLETED' || c.status === 'PARTIALLY_REFUNDED');
      if (!capture) throw new RefundRefused('PayPal', 'nessun incasso da rimborsare');
      const answer = await paypal.refundCapture(capture.id, decimalString(amountCents), idempotencyKey, capture.custom_id ?? unit?.custom_id ?? reference);
      if ('error' in answer) throw new RefundRefused('PayPal', describe(answer.error));
      if (answer.refund.status === 'FAILED' || answer.refund.status === 'CANCELLED') throw new RefundRefused('PayPal', answer.refund.status);
      return { reference: answer.refund.id };
    },
  };
}
