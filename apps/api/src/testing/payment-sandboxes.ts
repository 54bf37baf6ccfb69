import type { RunningSandboxes, SandboxCredentials } from '@shop/sandboxes';
import Stripe from 'stripe';

/** The online payments' settings of a test API that pays through the local sandboxes (ADR 0016). */
export function sandboxPayments(credentials: SandboxCredentials, sandboxes: RunningSandboxes) {
  return {
    stripe: { ...credentials.stripe, apiUrl: sandboxes.urls.stripe },
    alma: { ...credentials.alma, apiUrl: sandboxes.urls.alma },
    paypal: { ...credentials.paypal, apiUrl: sandboxes.urls.paypal },
  };
}

/** Stripe's official client pointed at the Stripe sandbox: what a test reads the provider's side with. */
export function sandboxStripe(credentials: SandboxCredentials, sandboxes: RunningSandboxes): Stripe {
  return new Stripe(credentials.stripe.secretKey, { host: '127.0.0.1', port: Number(new URL(sandboxes.urls.stripe).port), protocol: 'http', telemetry: false });
}
