import type { SdiNotification } from '@shop/contracts';

/** An issued document's FatturaPA file, as it goes to the SdI. */
export interface SdiFile {
  fileName: string;
  xml: string;
}

/** What the SdI made of a sent file: nothing yet, or its notification (RC delivered, MC not delivered, NS rejected). */
export type SdiState = { status: 'sent' } | { status: 'delivered' | 'not_delivered' | 'rejected'; notification: SdiNotification };

/**
 * The way the shop's FatturaPA files reach the SdI (ADR 0030): through an accredited intermediary,
 * which signs nothing for the seller (FPR12 B2B files need no signature) and relays the SdI's
 * notifications.
 */
export interface SdiChannel {
  /**
   * Hands the file over; answers the intermediary's id of it. Throws SdiFileRefused when the
   * intermediary refuses the file itself (sending it again would not help), anything else when it
   * could not be reached or failed (the worker retries).
   */
  send(file: SdiFile): Promise<{ id: string }>;
  /** The SdI's word on a sent file so far. */
  state(id: string): Promise<SdiState>;
}

/** The intermediary refused the file or the credentials: retrying the same request would fail again. */
export class SdiFileRefused extends Error {}
