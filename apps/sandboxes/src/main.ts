// `npm start` runs the sandboxes with this: ports, credentials and the webhook URL come from the
// environment the start script sets (scripts/lib/sandboxes.mjs).
import { startMailchimpSandbox, startSalesmanagoSandbox, startSandboxes, startSdiSandbox } from './index.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const log = (line: string) => console.log(`[sandbox] ${line}`);

const payments = await startSandboxes({
  credentials: {
    stripe: { secretKey: env('STRIPE_SECRET_KEY'), webhookSecret: env('STRIPE_WEBHOOK_SECRET') },
    alma: { apiKey: env('ALMA_API_KEY') },
    paypal: { clientId: env('PAYPAL_CLIENT_ID'), clientSecret: env('PAYPAL_CLIENT_SECRET') },
  },
  stripeWebhookUrl: () => env('STRIPE_SANDBOX_WEBHOOK_URL'),
  ports: { stripe: Number(env('STRIPE_SANDBOX_PORT')), alma: Number(env('ALMA_SANDBOX_PORT')), paypal: Number(env('PAYPAL_SANDBOX_PORT')) },
  log,
});
const mailchimp = await startMailchimpSandbox({ apiKey: env('MAILCHIMP_API_KEY'), listIds: [env('MAILCHIMP_LIST_ID')], port: Number(env('MAILCHIMP_SANDBOX_PORT')), log });
const sdi = await startSdiSandbox({ apiKey: env('SDI_API_KEY'), processingMs: 5_000, port: Number(env('SDI_SANDBOX_PORT')), log });
// Last: the start script waits for this one to answer.
const salesmanago = await startSalesmanagoSandbox({
  clientId: env('SALESMANAGO_CLIENT_ID'),
  apiKey: env('SALESMANAGO_API_KEY'),
  apiSecret: env('SALESMANAGO_API_SECRET'),
  owners: [env('SALESMANAGO_OWNER')],
  port: Number(env('SALESMANAGO_SANDBOX_PORT')),
  log,
});
const { stripe, alma, paypal } = payments.urls;
console.log(`Sandboxes (test environment): Stripe ${stripe}, Alma ${alma}, PayPal ${paypal}, Mailchimp ${mailchimp.url}, SALESmanago ${salesmanago.url}, SdI intermediary ${sdi.url}`);
const stop = () => void Promise.all([payments.stop(), mailchimp.stop(), salesmanago.stop(), sdi.stop()]).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
