import { sdiNotification, type SdiNotification } from '@shop/contracts';
import { z } from 'zod';
import { SdiFileRefused, type SdiChannel, type SdiFile, type SdiState } from './channel.ts';

/** SDI_API_URL and SDI_API_KEY (config.ts). */
export interface SdiConfig {
  /** The intermediary's API base, e.g. https://api.intermediario.example/v1 (or the sandbox's). */
  apiUrl: string;
  apiKey: string;
  /** How often a sent file's state is asked for, and pending sends are looked for. */
  pollIntervalMs: number;
}

/** The longest wait for one call: the intermediary answers at once, the SdI's outcome comes later. */
const TIMEOUT_MS = 30_000;

const transmission = z.object({
  id: z.string().min(1),
  status: z.enum(['sent', 'delivered', 'not_delivered', 'rejected']),
  notifications: z.array(sdiNotification).default([]),
});

const NOTIFICATION_OF = { delivered: 'RC', not_delivered: 'MC', rejected: 'NS' } as const;

/**
 * The intermediary's REST API (ADR 0030 documents the shape; apps/sandboxes/src/sdi.ts plays it):
 * `POST {apiUrl}/invoices` `{fileName, xml (base64)}` with `Authorization: Bearer {apiKey}` → 201
 * `{id, status: 'sent'}`; `GET {apiUrl}/invoices/{id}` → `{id, status, notifications: [{type:
 * RC|NS|MC, sdiId, at, errors: [{code, description}]}]}`. 400, 401, 403, 409 and 422 refuse the
 * file for good; other failures are retried.
 */
export class HttpSdiChannel implements SdiChannel {
  constructor(private readonly config: SdiConfig) {}

  async send(file: SdiFile): Promise<{ id: string }> {
    const answer = await this.call('POST', '/invoices', { fileName: file.fileName, xml: Buffer.from(file.xml, 'utf8').toString('base64') });
    return { id: answer.id };
  }

  async state(id: string): Promise<SdiState> {
    const answer = await this.call('GET', `/invoices/${encodeURIComponent(id)}`);
    if (answer.status === 'sent') return { status: 'sent' };
    const type = NOTIFICATION_OF[answer.status];
    const notification: SdiNotification | undefined = answer.notifications.findLast((n) => n.type === type);
    if (!notification) throw new Error(`The intermediary says ${answer.status} without its ${type} notification`);
    return { status: answer.status, notification };
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<z.infer<typeof transmission>> {
    const response = await fetch(`${this.config.apiUrl.replace(/\/$/, '')}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.config.apiKey}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    if ([400, 401, 403, 409, 422].includes(response.status)) throw new SdiFileRefused(`The intermediary refused ${method} ${path} (${response.status}): ${text.slice(0, 500)}`);
    if (!response.ok) throw new Error(`The intermediary answered ${method} ${path} with ${response.status}: ${text.slice(0, 500)}`);
    return transmission.parse(JSON.parse(text));
  }
}
