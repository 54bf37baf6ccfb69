import { CHECKOUT_MESSAGES } from '@shop/contracts';
import { HttpError } from '../../../http/errors.ts';
import { onlineMethod, RefundRefused, type OnlinePaymentProvider, type ProviderAddress, type RemotePayment } from '../provider.ts';
import type { AlmaAddress, AlmaClient, AlmaEligibility } from './client.ts';

/** shopping.md §8: the chosen plan is not available for this cart. */
export const INSTALMENT_NOT_ENABLED = CHECKOUT_MESSAGES.instalmentNotEnabled;

/** The plans a shopper may choose: eligible ones with more than one instalment (§4 "Instalment flow"). */
export const choosablePlans = (plans: readonly AlmaEligibility[]) => plans.filter((plan) => plan.eligible && plan.installments_count > 1);

const almaAddress = (a: ProviderAddress): AlmaAddress => ({
  first_name: a.firstName,
  last_name: a.lastName,
  email: a.email,
  phone: a.phone,
  line1: a.street[0] ?? '',
  ...(a.street.length > 1 ? { line2: a.street.slice(1).join(', ') } : {}),
  postal_code: a.postcode,
  city: a.city,
  country: a.country,
  ...(a.company ? { company: a.company } : {}),
});

/** Alma's payment states: the first instalment is paid once the plan runs (`in_progress`) or is done (`paid`). */
export function remoteAlmaPayment(payment: { state: string; purchase_amount: number; orders: { merchant_reference: string }[] }): RemotePayment {
  if (payment.state === 'in_progress' || payment.state === 'paid') {
    return { state: 'paid', amountCents: payment.purchase_amount, orderReference: payment.orders[0]?.merchant_reference ?? '' };
  }
  if (payment.state === 'scored_no') return { state: 'failed' };
  if (payment.state === 'canceled') return { state: 'canceled' };
  return { state: 'open' };
}

/** Instalments through Alma (`almapay`): the plan chosen in the order review, amounts in cents. */
export function almaProvider(alma: AlmaClient, test: boolean): OnlinePaymentProvider {
  return {
    ...onlineMethod('almapay', test),
    async prepare(additional, grandTotalCents) {
      const count = Number(additional?.['installments_count']);
      if (!Number.isInteger(count) || count < 2 || count > 12) throw new HttpError(400, INSTALMENT_NOT_ENABLED);
      const plans = choosablePlans(await alma.eligibility(grandTotalCents, [{ installments_count: count, deferred_days: 0, deferred_months: 0 }]));
      if (plans.length === 0) throw new HttpError(400, INSTALMENT_NOT_ENABLED);
      return { installments_count: count };
    },
    async create(checkout) {
      const payment = await alma.createPayment({
        payment: {
          purchase_amount: checkout.grandTotalCents,
          installments_count: Number(checkout.details['installments_count']),
          deferred_days: 0,
          deferred_months: 0,
          locale: 'it',
          origin: 'online',
          return_url: checkout.returnUrl,
          failure_return_url: `${checkout.cancelUrl}&reason=failed`,
          customer_cancel_url: checkout.cancelUrl,
          ipn_callback_url: checkout.notifyUrl,
          // §7 custom data: the cart and the order; the order is already placed, so no body to replay.
          custom_data: { quote_id: checkout.cartId, order_id: checkout.incrementId, order_endpoint: `/api/order/${checkout.incrementId}` },
          billing_address: almaAddress(checkout.billingAddress),
          shipping_address: almaAddress(checkout.shippingAddress),
        },
        order: { merchant_reference: checkout.incrementId },
        customer: { first_name: checkout.billingAddress.firstName, last_name: checkout.billingAddress.lastName, email: checkout.email, phone: checkout.billingAddress.phone },
      });
      return { reference: payment.id, redirectUrl: payment.url };
    },
    async cancel(reference) {
      const payment = await alma.payment(reference).catch(() => null);
      if (payment && remoteAlmaPayment(payment).state === 'paid') return 'paid';
      await alma.cancel(reference).catch(() => undefined);
      return 'canceled';
    },
    async refund(reference, amountCents, idempotencyKey) {
      const payment = await alma.refund(reference, amountCents, idempotencyKey).catch((error: unknown) => {
        // The client words Alma's 4xx answers "Alma: <message>".
        throw error instanceof HttpError && error.status < 500 ? new RefundRefused('Alma', error.message.replace(/^Alma: /, '')) : error;
      });
      const refund = payment.refunds?.find((r) => r.merchant_reference === idempotencyKey);
      if (!refund) throw new RefundRefused('Alma', 'rimborso non registrato');
      return { reference: refund.id };
    },
  };
}
