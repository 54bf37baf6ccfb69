// The sandboxes of `npm start` and the browser tests (apps/sandboxes; ADR 0016, 0022, 0023): each
// external service without real credentials in the environment (card, instalment and PayPal
// payments, the newsletter's Mailchimp audience, the SALESmanago CRM, the SdI intermediary) is pointed at its local
// sandbox, so every feature works offline as a test environment. In production none start:
// a service with neither credentials nor sandbox is hidden.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { ExitedBeforeReady, freePort, repoRoot, waitForUrl } from './processes.mjs';

/** Which services lack real credentials in `env` (those get the sandbox). */
export function servicesWithoutCredentials(env) {
  return {
    stripe: !env.STRIPE_SECRET_KEY,
    alma: !env.ALMA_API_KEY,
    paypal: !env.PAYPAL_CLIENT_ID,
    mailchimp: !env.MAILCHIMP_API_KEY,
    salesmanago: !env.SALESMANAGO_CLIENT_ID,
    sdi: !env.SDI_API_KEY,
  };
}

/** The sandboxes in the order they take consecutive ports from SANDBOX_PORT. */
export const SANDBOX_SERVICES = ['stripe', 'alma', 'paypal', 'mailchimp', 'salesmanago', 'sdi'];

/** `npm start`'s first sandbox port when SANDBOX_PORT is not set: 3002–3007, after PORT 3000 and API_PORT 3001. */
export const DEFAULT_SANDBOX_PORT = 3002;

/**
 * The first sandbox port of a SANDBOX_PORT value (unset: the default); a value that leaves no room
 * for the six consecutive ports stops the start with a message naming the setting.
 */
export function sandboxPortSetting(value) {
  if (value === undefined || value === '') return DEFAULT_SANDBOX_PORT;
  const port = /^\d{1,5}$/.test(value.trim()) ? Number(value) : NaN;
  const last = 65535 - SANDBOX_SERVICES.length + 1;
  if (!(port >= 1 && port <= last)) throw new Error(`SANDBOX_PORT must be a port number from 1 to ${last} (the sandboxes take it and the next ${SANDBOX_SERVICES.length - 1}), not "${value}"`);
  return port;
}

/** Each sandbox's port: consecutive from `firstPort`, or free ports when there is none (tests start shops side by side). */
export async function sandboxPorts(firstPort) {
  const ports = {};
  for (const [index, service] of SANDBOX_SERVICES.entries()) ports[service] = firstPort === undefined ? await freePort() : firstPort + index;
  return ports;
}

/**
 * Starts the sandboxes when some service needs one (not in production, not with SANDBOXES=off or
 * the older PAYMENT_SANDBOXES=off) and answers the API environment that points those services at them.
 * They listen on `firstPort` and the ports after it (SANDBOX_PORT of `npm start`), else on free ports.
 */
export async function startServiceSandboxes(env, { apiPort, stdio, firstPort }) {
  const missing = servicesWithoutCredentials(env);
  const off = env.SANDBOXES === 'off' || env.PAYMENT_SANDBOXES === 'off';
  if (env.NODE_ENV === 'production' || off || !Object.values(missing).some(Boolean)) return { apiEnv: {}, stop: async () => {} };
  const seed = randomBytes(12).toString('hex');
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
    SDI_API_KEY: `sdi_test_sandbox${seed}`,
  };
  // Free ports can be taken by another process before the sandboxes listen (tests start side by
  // side): they then exit before they are ready, and start again on new ports, up to three times.
  let launched;
  for (let attempt = 1; !launched; attempt++) {
    const ports = await sandboxPorts(firstPort);
    try {
      launched = { ports, child: await launchSandboxes(ports, credentials, { apiPort, stdio }) };
    } catch (error) {
      if (attempt === 3 || firstPort !== undefined || !(error instanceof ExitedBeforeReady)) throw error;
    }
  }
  const { ports, child } = launched;
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
    ...(missing.sdi ? { ...pick('SDI_API_KEY'), SDI_API_URL: url(ports.sdi) } : {}),
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

/** Starts the sandboxes' process on `ports` and resolves with it once every sandbox answers. */
async function launchSandboxes(ports, credentials, { apiPort, stdio }) {
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
      SDI_SANDBOX_PORT: String(ports.sdi),
      STRIPE_SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${apiPort}/api/ext/stripe/webhook`,
    },
    stdio,
  });
  let exited;
  child.on('exit', (code) => (exited = code ?? 1));
  // The SALESmanago sandbox listens last: once it answers, all do.
  await waitForUrl(`http://127.0.0.1:${ports.salesmanago}/`, { timeoutMs: 60_000, isAlive: () => exited === undefined });
  return child;
}
