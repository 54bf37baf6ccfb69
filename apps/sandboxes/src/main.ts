// `npm start` runs the payment sandboxes with this: ports, credentials and the webhook URL come
// from the environment the start script sets (scripts/lib/sandboxes.mjs).
import { startSandboxes } from './index.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const running = await startSandboxes({
  credentials: {
    stripe: { secretKey: env('STRIPE_SECRET_KEY'), webhookSecret: env('STRIPE_WEBHOOK_SECRET') },
    alma: { apiKey: env('ALMA_API_KEY') },
    paypal: { clientId: env('PAYPAL_CLIENT_ID'), clientSecret: env('PAYPAL_CLIENT_SECRET') },
  },
  stripeWebhookUrl: () => env('STRIPE_SANDBOX_WEBHOOK_URL'),
  ports: { stripe: Number(env('STRIPE_SANDBOX_PORT')), alma: Number(env('ALMA_SANDBOX_PORT')), paypal: Number(env('PAYPAL_SANDBOX_PORT')) },
  log: (line) => console.log(`[sandbox] ${line}`),
});
console.log(`Payment sandboxes (test environment): Stripe ${running.urls.stripe}, Alma ${running.urls.alma}, PayPal ${running.urls.paypal}`);
const stop = () => void running.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
