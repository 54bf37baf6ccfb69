import Stripe from 'stripe';
import { ProviderUnavailableError } from '../provider-http.ts';
import { onlineMethod, RefundRefused, type OnlinePaymentProvider } from '../provider.ts';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** A Stripe-compatible API other than api.stripe.com (the local sandbox). */
  apiUrl?: string;
}

/** Stripe accepts a Checkout Session expiry between 30 minutes and 24 hours from now. */
const MIN_SESSION_MS = 31 * 60_000;
const MAX_SESSION_MS = 23 * 3_600_000;

/** The official SDK, pointed at the sandbox through host/port/protocol when apiUrl is set. */
export function stripeClient(config: StripeConfig): Stripe {
  const url = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    ...(url
      ? { host: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), protocol: url.protocol === 'https:' ? 'https' : 'http' }
      : {}),
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
  });
}

const isStripeError = (error: unknown): error is Stripe.errors.StripeError => error instanceof Stripe.errors.StripeError;

/** Stripe's answer to a refund call as the shop reports it: a refusal in Stripe's words (4xx), or Stripe out of reach. */
const refundError = (error: unknown) =>
  isStripeError(error) && (error.statusCode ?? 500) < 500 ? new RefundRefused('Stripe', error.message) : new ProviderUnavailableError('stripe', error);

/**
 * Card payments through a Stripe Checkout Session (PCI DSS SAQ A: the card is typed on Stripe's
 * page, never on ours). One line with the order's server total in cents; the order is paid by
 * the signed `checkout.session.completed` webhook only (stripe/routes.ts).
 */
export function stripeProvider(stripe: Stripe, test: boolean, now: () => number = Date.now): OnlinePaymentProvider {
  return {
    ...onlineMethod('stripe', test),
    async create(checkout) {
      const expiresAt = Math.min(Math.max(checkout.expiresAt.getTime(), now() + MIN_SESSION_MS), now() + MAX_SESSION_MS);
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              { quantity: 1, price_data: { currency: 'eur', unit_amount: checkout.grandTotalCents, product_data: { name: `Ordine ${checkout.incrementId}` } } },
            ],
            success_url: `${checkout.returnUrl}&session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: checkout.cancelUrl,
            client_reference_id: checkout.incrementId,
            customer_email: checkout.email,
            locale: 'it',
            metadata: { order_id: checkout.incrementId },
            expires_at: Math.floor(expiresAt / 1000),
          },
          { idempotencyKey: checkout.idempotencyKey },
        );
        if (!session.url) throw new Error(`session ${session.id} has no url`);
        return { reference: session.id, redirectUrl: session.url };
      } catch (error) {
        throw new ProviderUnavailableError('stripe', error);
      }
    },
    async cancel(reference) {
      try {
        await stripe.checkout.sessions.expire(reference);
        return 'canceled';
      } catch (error) {
        if (!isStripeError(error) || error.type !== 'StripeInvalidRequestError') return 'canceled';
        // Not open any more: paid meanwhile, or already expired.
        const session = await stripe.checkout.sessions.retrieve(reference).catch(() => null);
        return session?.payment_status === 'paid' ? 'paid' : 'canceled';
      }
    },
    // A Checkout Session is refunded through its PaymentIntent (docs.stripe.com/api/refunds/create).
    async refund(reference, amountCents, idempotencyKey) {
      try {
        const session = await stripe.checkout.sessions.retrieve(reference);
        const intent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
        if (!intent || session.payment_status !== 'paid') throw new RefundRefused('Stripe', 'il pagamento non risulta incassato');
        const refund = await stripe.refunds.create({ payment_intent: intent, amount: amountCents, metadata: { order_id: session.metadata?.['order_id'] ?? '' } }, { idempotencyKey });
        if (refund.status === 'failed' || refund.status === 'canceled') throw new RefundRefused('Stripe', refund.failure_reason ?? refund.status);
        return { reference: refund.id };
      } catch (error) {
        throw error instanceof RefundRefused ? error : refundError(error);
      }
    },
  };
}
