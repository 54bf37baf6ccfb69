import { LIVE_API_URLS } from './configure.ts';

/**
 * The payment settings of a test environment (issue #43 item 4): test keys and provider origins
 * other than the providers' live ones (their sandboxes, or ours on 127.0.0.1). In production they
 * would offer methods whose approvals move no money and mark real orders paid, so the API refuses
 * to start with them, naming each variable, unless PAYMENTS_TEST_MODE=true says the shop is a
 * test shop (then every page and mail says so).
 */
export interface PaymentEnv {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_API_URL?: string | undefined;
  ALMA_API_KEY?: string | undefined;
  ALMA_API_URL: string;
  PAYPAL_CLIENT_ID?: string | undefined;
  PAYPAL_API_URL: string;
}

const TEST_KEY = /^(sk|rk)_test_/;
/** Client ids our PayPal sandbox is given (scripts/lib/sandboxes.mjs). */
const SANDBOX_CLIENT = /^sandbox-/;

/** Each payment variable that names a test setup, with why: empty when every one is live (or unset). */
export function testPaymentSettings(env: PaymentEnv): { variable: keyof PaymentEnv; reason: string }[] {
  const found: { variable: keyof PaymentEnv; reason: string }[] = [];
  if (env.STRIPE_SECRET_KEY && TEST_KEY.test(env.STRIPE_SECRET_KEY)) found.push({ variable: 'STRIPE_SECRET_KEY', reason: 'is a test key (sk_test_…); production takes a live key (sk_live_…)' });
  // The SDK talks to api.stripe.com unless told otherwise: any other origin is a sandbox.
  if (env.STRIPE_API_URL) found.push({ variable: 'STRIPE_API_URL', reason: `points at ${env.STRIPE_API_URL}, not Stripe's live API; unset it in production` });
  if (env.ALMA_API_KEY && TEST_KEY.test(env.ALMA_API_KEY)) found.push({ variable: 'ALMA_API_KEY', reason: 'is a test key (sk_test_…); production takes a live key (sk_live_…)' });
  if (env.ALMA_API_URL !== LIVE_API_URLS.alma) found.push({ variable: 'ALMA_API_URL', reason: `points at ${env.ALMA_API_URL}, not Alma's live API (${LIVE_API_URLS.alma})` });
  if (env.PAYPAL_CLIENT_ID && SANDBOX_CLIENT.test(env.PAYPAL_CLIENT_ID)) found.push({ variable: 'PAYPAL_CLIENT_ID', reason: 'is a sandbox client id; production takes the live app\'s credentials' });
  if (env.PAYPAL_API_URL !== LIVE_API_URLS.paypal) found.push({ variable: 'PAYPAL_API_URL', reason: `points at ${env.PAYPAL_API_URL}, not PayPal's live API (${LIVE_API_URLS.paypal})` });
  return found;
}

/** The sentence a refused variable gets in the configuration error. */
export const TEST_SETUP_REFUSED = 'is a test payment setting, refused in production (NODE_ENV=production); set PAYMENTS_TEST_MODE=true to run a test shop';
