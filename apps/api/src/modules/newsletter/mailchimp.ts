import { createHash } from 'node:crypto';
import { NEWSLETTER_MESSAGES } from '@shop/contracts';
import { HttpError } from '../../http/errors.ts';

/**
 * The Mailchimp audience behind the newsletter when credentials are set (ADR 0023): the three
 * member calls of the Marketing API v3 the shop makes. A thin `fetch` client rather than
 * `@mailchimp/mailchimp_marketing`, whose module-wide configuration only knows Mailchimp's own
 * hosts (`https://<dc>.api.mailchimp.com`), so it could not be pointed at the local sandbox.
 */
export interface MailchimpConfig {
  /** `<32 hex>-<data centre>`, e.g. `…-us6`. */
  apiKey: string;
  /** The audience (list) id. */
  listId: string;
  /** Default `https://<dc>.api.mailchimp.com` from the key; the sandbox's origin in tests. */
  apiUrl?: string | undefined;
}

/** A member's status as Mailchimp reports it; null when the address is not in the audience. */
export type MemberStatus = 'subscribed' | 'unsubscribed' | 'cleaned' | 'pending' | 'transactional' | 'archived';

const TIMEOUT_MS = 10_000;

/** Mailchimp names a member by the MD5 of its lower-cased address. */
export const subscriberHash = (email: string) => createHash('md5').update(email.toLowerCase()).digest('hex');

/** `…-us6` → https://us6.api.mailchimp.com */
export function mailchimpApiUrl(apiKey: string): string {
  const dc = /-([a-z]+\d+)$/.exec(apiKey)?.[1];
  if (!dc) throw new Error('A Mailchimp API key ends with its data centre, e.g. -us6');
  return `https://${dc}.api.mailchimp.com`;
}

class MailchimpUnavailable extends HttpError {
  constructor(cause: string) {
    super(503, NEWSLETTER_MESSAGES.listUnavailable, { 'retry-after': '60' });
    this.cause = new Error(`Mailchimp: ${cause}`);
  }
}

export class MailchimpList {
  private readonly base: string;
  private readonly auth: string;

  constructor(config: MailchimpConfig) {
    this.base = `${config.apiUrl ?? mailchimpApiUrl(config.apiKey)}/3.0/lists/${encodeURIComponent(config.listId)}/members/`;
    // Basic auth with any user name and the key as password (Mailchimp's documented scheme).
    this.auth = `Basic ${Buffer.from(`shop:${config.apiKey}`).toString('base64')}`;
  }

  async status(email: string): Promise<MemberStatus | null> {
    const { status, body } = await this.call('GET', email);
    if (status === 404) return null;
    return (body as { status: MemberStatus }).status;
  }

  /** Adds or re-adds the address as subscribed (our own double opt-in has confirmed it). */
  async subscribe(email: string): Promise<void> {
    await this.call('PUT', email, { email_address: email, status_if_new: 'subscribed', status: 'subscribed' });
  }

  /** Archives the member (Mailchimp's DELETE; reversible by a later subscribe); an unknown address is fine. */
  async unsubscribe(email: string): Promise<void> {
    await this.call('DELETE', email);
  }

  private async call(method: string, email: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${this.base}${subscriberHash(email)}`, {
        method,
        headers: { authorization: this.auth, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new MailchimpUnavailable((error as Error).message);
    }
    const text = await response.text();
    if (response.ok || response.status === 404) {
      try {
        return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
      } catch {
        throw new MailchimpUnavailable(`unreadable answer to ${method}`);
      }
    }
    // Mailchimp refuses addresses it deems fake or role accounts: the shopper can give another one.
    if (response.status === 400 && /Invalid Resource/.test(text)) throw new HttpError(400, NEWSLETTER_MESSAGES.invalidEmail);
    // Anything else (a wrong key or list, Mailchimp down) is the shop's problem, not the shopper's.
    throw new MailchimpUnavailable(`${method} answered ${response.status}: ${text.slice(0, 300)}`);
  }
}
