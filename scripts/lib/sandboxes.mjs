// The sandboxes of `npm start` and the browser tests (apps/sandboxes; ADR 0016, 0022, 0023): each
// external service without real credentials in the environment (card, instalment and PayPal
// payments, the newsletter's Mailchimp audience, the SALESmanago CRM) is pointed at its local
// sandbox, so every feature works offline as a test environment. In production none start:
// a service with neither credentials nor sandbox is hidden.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { freePort, repoRoot, waitForUrl } from './processes.mjs';

/** Which services lack real credentials in `env` (those get the sandbox). */
export function servicesWithoutCredentials(env) {
  return {
    stripe: !env.STRIPE_SECRET_KEY,
    alma: !env.ALMA_API_KEY,
    paypal: !env.PAYPAL_CLIENT_ID,
    mailchimp: !env.MAILCHIMP_API_KEY,
    salesmanago: !env.SALESMANAGO_CLIENT_ID,
  };
}

/**
 * Starts the sandboxes when some service needs one (not in production, not with SANDBOXES=off or
 * the older PAYMENT_SANDBOXES=off) and answers the API environment that points those services at them.
 */
export async function startServiceSandboxes(env, { apiPort, stdio }) {
  const missing = servicesWithoutCredentials(env);
  const off = env.SANDBOXES === 'off' || env.PAYMENT_SANDBOXES === 'off';
  if (env.NODE_ENV === 'production' || off || !Object.values(missing).some(Boolean)) return { apiEnv: {}, stop: async () => {} };
  const seed = randomBytes(12).toString('hex');
  const ports = {};
  for (const service of Object.keys(missing)) ports[service] = await freePort();
  const credentials = {
    STRIPE_SECRET_KEY: `sk_test_sandbox${seed}`,
    STRIPE_WEBHOOK_SECRET: `whsec_sandbox${seed}`,
    ALMA_API_KEY: `sk_test_sandbox${seed}`,
    PAYPAL_CLIENT_ID: `sandbox-client-${seed}`,
    PAYPAL_CLIENT_SECRET: `sandbox-secret-${seed}`,
    // Mailchimp's key format (32 hex characters and the data centre), which the API checks.
    MAILCHIMP_API_KEY: `${randomBytes(16).toString('hex')}-us1`,
    MAILCHIMP_LIST_ID: `sandbox${seed.slice(0, 10)}`,
    SALESMANAGO_CLIENT_ID: `sandbox-client-${seed}`,
    SALESMANAGO_API_KEY: `sandbox-key-${seed}`,
    SALESMANAGO_API_SECRET: `sandbox-secret-${seed}`,
    SALESMANAGO_OWNER: 'owner@sandbox.test',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/sandboxes/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...credentials,
      STRIPE_SANDBOX_PORT: String(ports.stripe),
      ALMA_SANDBOX_PORT: String(ports.alma),
      PAYPAL_SANDBOX_PORT: String(ports.paypal),
      MAILCHIMP_SANDBOX_PORT: String(ports.mailchimp),
      SALESMANAGO_SANDBOX_PORT: String(ports.salesmanago),
      STRIPE_SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${apiPort}/api/ext/stripe/webhook`,
    },
    stdio,
  });
  let exited;
  child.on('exit', (code) => (exited = code ?? 1));
  // The SALESmanago sandbox listens last: once it answers, all do.
  await waitForUrl(`http://127.0.0.1:${ports.salesmanago}/`, { timeoutMs: 60_000, isAlive: () => exited === undefined });
  const url = (port) => `http://127.0.0.1:${port}`;
  const pick = (...names) => Object.fromEntries(names.map((name) => [name, credentials[name]]));
  const apiEnv = {
    ...(missing.stripe ? { ...pick('STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'), STRIPE_API_URL: url(ports.stripe) } : {}),
    ...(missing.alma ? { ...pick('ALMA_API_KEY'), ALMA_API_URL: url(ports.alma) } : {}),
    ...(missing.paypal ? { ...pick('PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'), PAYPAL_API_URL: url(ports.paypal) } : {}),
    ...(missing.mailchimp ? { ...pick('MAILCHIMP_API_KEY', 'MAILCHIMP_LIST_ID'), MAILCHIMP_API_URL: url(ports.mailchimp) } : {}),
    ...(missing.salesmanago
      ? { ...pick('SALESMANAGO_CLIENT_ID', 'SALESMANAGO_API_KEY', 'SALESMANAGO_API_SECRET', 'SALESMANAGO_OWNER'), SALESMANAGO_API_URL: url(ports.salesmanago) }
      : {}),
  };
  return {
    apiEnv,
    child,
    urls: Object.fromEntries(Object.entries(ports).map(([service, port]) => [service, url(port)])),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode) return;
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    },
  };
}
