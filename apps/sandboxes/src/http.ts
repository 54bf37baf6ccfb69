import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';

/** A request as a sandbox handler sees it. */
export interface SandboxRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (req: SandboxRequest, res: ServerResponse) => Promise<void> | void;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
}

/** The sandboxes' failure switch (Stripe, PayPal, Alma): a POST here makes the next refund call fail as the provider's would. */
export const FAIL_NEXT_REFUND_PATH = '/sandbox/fail-next-refund';

/** Random ids in each provider's style: cs_test_…, payment_…, 17-character PayPal ids. */
export const randomId = (prefix: string, bytes = 12) => `${prefix}${randomBytes(bytes).toString('hex')}`;

/** A route table: `METHOD /path/:param` → handler with params. */
export function router(routes: Record<string, (req: SandboxRequest, res: ServerResponse, params: string[]) => Promise<void> | void>): Handler {
  const compiled = Object.entries(routes).map(([key, handle]) => {
    const [method, path] = key.split(' ') as [string, string];
    const pattern = new RegExp(`^${path.replace(/:[a-z_]+/gi, '([^/]+)')}$`);
    return { method, pattern, handle };
  });
  return async (req, res) => {
    for (const { method, pattern, handle } of compiled) {
      const match = pattern.exec(req.url.pathname);
      if (match && method === req.method) return handle(req, res, match.slice(1).map(decodeURIComponent));
    }
    sendJson(res, 404, { error: `No sandbox route ${req.method} ${req.url.pathname}` });
  };
}

/** A form body (application/x-www-form-urlencoded) as a flat map of its raw keys. */
export function formFields(body: string): Map<string, string> {
  return new Map(new URLSearchParams(body).entries());
}

/** Sends a notification, retrying failures a few times as the providers do (without waiting for the retries). */
export async function deliver(send: () => Promise<Response>, log: (line: string) => void, retryDelaysMs = [1_000, 5_000, 25_000]): Promise<boolean> {
  const attempt = async (): Promise<boolean> => {
    try {
      const response = await send();
      await response.arrayBuffer();
      if (response.ok) return true;
      log(`notification answered ${response.status}`);
    } catch (error) {
      log(`notification failed: ${(error as Error).message}`);
    }
    return false;
  };
  if (await attempt()) return true;
  let index = 0;
  const retry = () => {
    const delay = retryDelaysMs[index++];
    if (delay === undefined) return;
    setTimeout(() => void attempt().then((ok) => ok || retry()), delay).unref();
  };
  retry();
  return false;
}
