import type Stripe from 'stripe';
import { z } from 'zod';
import { HttpError } from '../../../http/errors.ts';
import { defineRoute, type AnyRoute } from '../../../http/route.ts';
import type { PaymentService } from '../service.ts';

/** Stripe refuses webhooks signed more than 5 minutes ago; so does the shop (replays of old deliveries). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The `t=` timestamp of a Stripe-Signature header in seconds (the last one, as the SDK reads it). */
function signedAt(header: string | string[] | undefined): number {
  const stamps = [...(typeof header === 'string' ? header : '').matchAll(/(?:^|,)\s*t=(\d+)/g)];
  return Number(stamps.at(-1)?.[1] ?? NaN);
}

const webhookAnswer = z.object({ received: z.literal(true), outcome: z.string() });

/**
 * `POST /api/ext/stripe/webhook`: the only way a card order becomes paid. The signature and its
 * timestamp are checked by the official SDK over the exact bytes received; a session that is not
 * ours is acknowledged and ignored (another integration on the same account), as Stripe expects.
 */
export function stripeRoutes(stripe: Stripe, webhookSecret: string, payments: PaymentService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/ext/stripe/webhook',
      tag: 'payments',
      summary: 'Stripe webhook (checkout.session.completed / async_payment_succeeded → paid; expired / async_payment_failed → released); Stripe-Signature verified, events applied once',
      rawBody: true,
      maxBodyBytes: 512 * 1024,
      limitWrites: false,
      response: webhookAnswer,
      handler: async ({ req, raw }) => {
        const signature = req.headers['stripe-signature'];
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(raw, typeof signature === 'string' ? signature : '', webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
          // The SDK only refuses old timestamps; one dated ahead would stay replayable until then.
          if (signedAt(signature) > Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS) throw new Error('Timestamp in the future, outside the tolerance zone');
        } catch (error) {
          throw new HttpError(400, `Webhook signature verification failed: ${(error as Error).message}`);
        }
        if (!event.type.startsWith('checkout.session.')) return { received: true as const, outcome: 'ignored' };
        const session = event.data.object as Stripe.Checkout.Session;
        switch (event.type) {
          case 'checkout.session.completed':
          case 'checkout.session.async_payment_succeeded': {
            if (session.payment_status !== 'paid') return { received: true as const, outcome: 'awaiting payment' };
            const outcome = await payments.confirm(
              'stripe',
              session.id,
              { state: 'paid', amountCents: session.amount_total ?? -1, orderReference: session.metadata?.['order_id'] ?? '' },
              event.id,
            );
            return { received: true as const, outcome };
          }
          case 'checkout.session.expired':
          case 'checkout.session.async_payment_failed':
            return { received: true as const, outcome: await payments.ended('stripe', session.id, event.id) };
          default:
            return { received: true as const, outcome: 'ignored' };
        }
      },
    }),
  ];
}
