// The payment sandboxes of `npm start` and the browser tests (apps/sandboxes, ADR 0016): each
// online method without real credentials in the environment is pointed at its local sandbox,
// so every method works offline and is marked as a test environment. In production none start:
// a method with neither credentials nor sandbox is not offered.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { freePort, repoRoot, waitForUrl } from './processes.mjs';

/** Which methods lack real credentials in `env` (those get the sandbox). */
export function methodsWithoutCredentials(env) {
  return {
    stripe: !env.STRIPE_SECRET_KEY,
    alma: !env.ALMA_API_KEY,
    paypal: !env.PAYPAL_CLIENT_ID,
  };
}

/**
 * Starts the sandboxes when some method needs one (not in production, not with
 * PAYMENT_SANDBOXES=off) and answers the API environment that points those methods at them.
 */
export async function startPaymentSandboxes(env, { apiPort, stdio }) {
  const missing = methodsWithoutCredentials(env);
  if (env.NODE_ENV === 'production' || env.PAYMENT_SANDBOXES === 'off' || !Object.values(missing).some(Boolean)) return { apiEnv: {}, stop: async () => {} };
  const seed = randomBytes(12).toString('hex');
  const ports = { stripe: await freePort(), alma: await freePort(), paypal: await freePort() };
  const credentials = {
    STRIPE_SECRET_KEY: `sk_test_sandbox${seed}`,
    STRIPE_WEBHOOK_SECRET: `whsec_sandbox${seed}`,
    ALMA_API_KEY: `sk_test_sandbox${seed}`,
    PAYPAL_CLIENT_ID: `sandbox-client-${seed}`,
    PAYPAL_CLIENT_SECRET: `sandbox-secret-${seed}`,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/sandboxes/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...credentials,
      STRIPE_SANDBOX_PORT: String(ports.stripe),
      ALMA_SANDBOX_PORT: String(ports.alma),
      PAYPAL_SANDBOX_PORT: String(ports.paypal),
      STRIPE_SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${apiPort}/api/ext/stripe/webhook`,
    },
    stdio,
  });
  let exited;
  child.on('exit', (code) => (exited = code ?? 1));
  await waitForUrl(`http://127.0.0.1:${ports.paypal}/`, { timeoutMs: 60_000, isAlive: () => exited === undefined });
  const url = (port) => `http://127.0.0.1:${port}`;
  const apiEnv = {
    ...(missing.stripe ? { STRIPE_SECRET_KEY: credentials.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: credentials.STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: url(ports.stripe) } : {}),
    ...(missing.alma ? { ALMA_API_KEY: credentials.ALMA_API_KEY, ALMA_API_URL: url(ports.alma) } : {}),
    ...(missing.paypal ? { PAYPAL_CLIENT_ID: credentials.PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: credentials.PAYPAL_CLIENT_SECRET, PAYPAL_API_URL: url(ports.paypal) } : {}),
  };
  return {
    apiEnv,
    child,
    urls: { stripe: url(ports.stripe), alma: url(ports.alma), paypal: url(ports.paypal) },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode) return;
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    },
  };
}
