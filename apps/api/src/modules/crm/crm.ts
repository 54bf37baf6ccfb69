import type { IncomingMessage } from 'node:http';
import { consentGiven } from '@shop/domain';
import type { Logger } from '../../http/router.ts';

/**
 * The CRM behind the shop (ADR 0022): a contact created or updated when a shopper who allowed
 * marketing (the consent cookie of @shop/domain, sent with their request) signs up, orders or
 * subscribes to the newsletter. Behind an interface: SALESmanago when credentials are set
 * (salesmanago.ts), nothing otherwise.
 */

/** What the CRM learns of a contact: who, how to reach them, and why (tags). No fiscal data. */
export interface CrmContact {
  email: string;
  name?: string;
  phone?: string;
  company?: string;
  address?: { streetAddress?: string; zipCode?: string; city?: string; country?: string };
  tags: readonly string[];
}

export interface CrmAdapter {
  /** Creates or updates the contact found by e-mail; rejects when the CRM refused or could not be reached. */
  upsert(contact: CrmContact): Promise<void>;
}

export class CrmSync {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly adapter: CrmAdapter | null,
    private readonly logger?: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Sends the contact of this request's shopper, if they allowed marketing. Never awaited by the
   * request and never failing it: the shopper's sign-up or order does not wait on the CRM; a
   * failure is logged (without the address).
   */
  contact(req: IncomingMessage, contact: CrmContact): void {
    if (!this.adapter || !consentGiven(req.headers.cookie, 'marketing', this.now())) return;
    const sent = this.adapter.upsert(contact).catch((error: unknown) => {
      this.logger?.warn(`CRM contact upsert failed (${contact.tags.join(', ')}): ${error instanceof Error ? error.message : String(error)}`);
    });
    this.inFlight.add(sent);
    void sent.finally(() => this.inFlight.delete(sent));
  }

  /** Settles when every upsert under way has (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }
}
