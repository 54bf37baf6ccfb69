import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { almaSandbox } from './alma.ts';
import { readBody, sendJson, type Handler } from './http.ts';
import { paypalSandbox } from './paypal.ts';
import { stripeSandbox } from './stripe.ts';
import { mailchimpSandbox, type MailchimpSandboxOptions } from './mailchimp.ts';
import { salesmanagoSandbox, type SalesmanagoSandboxOptions, type SandboxContact } from './salesmanago.ts';
import { sdiSandbox, type SdiSandboxOptions } from './sdi.ts';

export { almaSignature } from './alma.ts';
export { stripeSignature } from './stripe.ts';
export { FAIL_NEXT_REFUND_PATH } from './http.ts';

/** The credentials of the sandboxes: test-looking values, never a real provider's. */
export interface SandboxCredentials {
  stripe: { secretKey: string; webhookSecret: string };
  alma: { apiKey: string };
  paypal: { clientId: string; clientSecret: string };
}

export interface SandboxOptions {
  credentials: SandboxCredentials;
  /** Where the Stripe sandbox posts its webhooks (the shop's /api/ext/stripe/webhook); read at each delivery. */
  stripeWebhookUrl?: () => string;
  /** Ports (0: any free one). */
  ports?: { stripe?: number; alma?: number; paypal?: number };
  host?: string;
  log?: (line: string) => void;
}

export interface RunningSandboxes {
  urls: { stripe: string; alma: string; paypal: string };
  stop(): Promise<void>;
}

function serve(handler: Handler, log: (line: string) => void): Server {
  return createServer((req, res) => {
    void (async () => {
      try {
        const body = await readBody(req);
        await handler({ method: req.method ?? 'GET', url: new URL(req.url ?? '/', 'http://sandbox'), headers: req.headers, body }, res);
      } catch (error) {
        log(`sandbox failure: ${(error as Error).stack ?? String(error)}`);
        if (!res.headersSent) sendJson(res, 500, { error: 'sandbox failure' });
      }
    })();
  });
}

const listen = (server: Server, port: number, host: string) =>
  new Promise<string>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(`http://${host}:${(server.address() as AddressInfo).port}`));
  });

/** Credentials that look like each provider's test credentials. */
export function sandboxCredentials(seed: string): SandboxCredentials {
  return {
    stripe: { secretKey: `sk_test_sandbox_${seed}`, webhookSecret: `whsec_sandbox_${seed}` },
    alma: { apiKey: `sk_test_sandbox_${seed}` },
    paypal: { clientId: `sandbox-client-${seed}`, clientSecret: `sandbox-secret-${seed}` },
  };
}

/** Starts the three provider sandboxes, one listener each (each provider has its own host). */
export async function startSandboxes(options: SandboxOptions): Promise<RunningSandboxes> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const { credentials } = options;
  const urls = { stripe: '', alma: '', paypal: '' };
  const servers = {
    stripe: serve(
      stripeSandbox({
        secretKey: credentials.stripe.secretKey,
        webhook: options.stripeWebhookUrl ? { url: options.stripeWebhookUrl, secret: credentials.stripe.webhookSecret } : undefined,
        publicUrl: () => urls.stripe,
        log,
      }),
      log,
    ),
    alma: serve(almaSandbox({ apiKey: credentials.alma.apiKey, publicUrl: () => urls.alma, log }), log),
    paypal: serve(paypalSandbox({ ...credentials.paypal, publicUrl: () => urls.paypal }), log),
  };
  urls.stripe = await listen(servers.stripe, options.ports?.stripe ?? 0, host);
  urls.alma = await listen(servers.alma, options.ports?.alma ?? 0, host);
  urls.paypal = await listen(servers.paypal, options.ports?.paypal ?? 0, host);
  return {
    urls,
    stop: async () => {
      await Promise.all(
        Object.values(servers).map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}

/** Listening options of a sandbox started alone. */
interface Listening {
  port?: number;
  host?: string;
  log?: (line: string) => void;
}

/** Serves one sandbox on its own listener: its address, and how to stop it. */
async function listenAlone(handler: Handler, { port, host, log }: Listening): Promise<{ url: string; stop(): Promise<void> }> {
  const server = serve(handler, log ?? (() => {}));
  const url = await listen(server, port ?? 0, host ?? '127.0.0.1');
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Starts the Mailchimp sandbox (the newsletter's audience, ADR 0023) on its own listener. */
export function startMailchimpSandbox(options: MailchimpSandboxOptions & Listening): Promise<{ url: string; stop(): Promise<void> }> {
  return listenAlone(mailchimpSandbox(options), options);
}

/** Starts the SALESmanago sandbox (the CRM's contact upsert, ADR 0022) on its own listener; `contacts()` is what it holds. */
export async function startSalesmanagoSandbox(options: SalesmanagoSandboxOptions & Listening): Promise<{ url: string; contacts(): SandboxContact[]; stop(): Promise<void> }> {
  const handler = salesmanagoSandbox(options);
  return { ...(await listenAlone(handler, options)), contacts: handler.contacts };
}

/** Starts the SdI intermediary's sandbox (ADR 0030, a test environment) on its own listener. */
export function startSdiSandbox(options: SdiSandboxOptions & Listening): Promise<{ url: string; stop(): Promise<void> }> {
  return listenAlone(sdiSandbox(options), options);
}
