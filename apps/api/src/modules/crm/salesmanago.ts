import { createHash } from 'node:crypto';
import type { CrmAdapter, CrmContact } from './crm.ts';

/**
 * SALESmanago's contact upsert (integrations-security-legal.md §3.3): one JSON call that
 * authenticates in its body. A thin `fetch` client with a base URL, so tests point it at the
 * sandbox (apps/sandboxes/src/salesmanago.ts). SALESmanago answers a refusal with HTTP 200 and
 * `success: false`: that is a failure too.
 */
export interface SalesmanagoConfig {
  clientId: string;
  apiKey: string;
  apiSecret: string;
  /** The SALESmanago user (e-mail) who owns the shop's contacts. */
  owner: string;
  /** The account's server, e.g. https://app3.salesmanago.com; the sandbox's origin in tests. */
  apiUrl: string;
}

const TIMEOUT_MS = 10_000;

export class SalesmanagoCrm implements CrmAdapter {
  private readonly sha: string;

  constructor(
    private readonly config: SalesmanagoConfig,
    private readonly now: () => number = Date.now,
  ) {
    this.sha = createHash('sha1').update(config.apiKey + config.clientId + config.apiSecret).digest('hex');
  }

  async upsert({ tags, ...contact }: CrmContact): Promise<void> {
    const { clientId, apiKey, owner, apiUrl } = this.config;
    // No forceOptIn: consent to cookies and profiling is not consent to marketing e-mail (the newsletter's double opt-in is).
    const body = { clientId, apiKey, requestTime: this.now(), sha: this.sha, owner, contact, tags, lang: 'IT' };
    const response = await fetch(`${apiUrl}/api/contact/upsert`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`SALESmanago answered HTTP ${response.status}`);
    let answer: { success?: unknown; message?: unknown };
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch {
      throw new Error('SALESmanago answered something other than JSON');
    }
    if (answer.success !== true) throw new Error(`SALESmanago refused the contact: ${Array.isArray(answer.message) ? answer.message.join('; ') : 'no reason given'}`);
  }
}
