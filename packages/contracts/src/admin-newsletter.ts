import { z } from 'zod';
import { text } from './strings.ts';

/**
 * The newsletter's subscribers in the back office (issue #45 point 6): every address that asked,
 * with its consent record as the shop keeps it (ADR 0023, double opt-in): when it asked, when it
 * confirmed through the link of the confirmation mail, when it left; and the CSV export (owner only).
 */
export const ADMIN_NEWSLETTER_MESSAGES = {
  /** Zod messages: the answer names the field before them. */
  badStatus: 'scegli pending (in attesa di conferma), subscribed (iscritti) o unsubscribed (disiscritti).',
  badLimit: 'limit va da 1 a 200.',
  badPage: 'page è un numero intero da 1 in su.',
} as const;
const M = ADMIN_NEWSLETTER_MESSAGES;

/** How every consent is given: the address asks, then opens the link mailed to it. */
export const NEWSLETTER_CONSENT_METHOD = 'Doppio opt-in: richiesta dal sito, confermata con il link dell’e-mail di conferma';

export const SUBSCRIBER_STATUSES = ['pending', 'subscribed', 'unsubscribed'] as const;
export const subscriberStatus = z.enum(SUBSCRIBER_STATUSES, { error: M.badStatus });

export const adminNewsletterSubscriber = z
  .object({
    id: z.number().int(),
    email: z.string(),
    status: subscriberStatus,
    /** The latest request (subscribing again renews it), ISO 8601. */
    requestedAt: z.string(),
    /** The latest confirmation through the mailed link: the proof of consent. */
    confirmedAt: z.string().nullable(),
    /** Until when the pending confirmation link works. */
    confirmExpiresAt: z.string().nullable(),
    unsubscribedAt: z.string().nullable(),
    /** The welcome coupon issued at the first confirmation. */
    welcomeCoupon: z.string().nullable(),
    /** The customer account with that e-mail, if any. */
    customerId: z.number().int().nullable(),
  })
  .meta({ id: 'AdminNewsletterSubscriber' });
export type AdminNewsletterSubscriber = z.infer<typeof adminNewsletterSubscriber>;

/** GET /api/admin/newsletter/subscribers (and .csv, without the paging): part of the e-mail, status. */
export const adminSubscriberListQuery = z.object({
  q: text().trim().max(254).optional(),
  status: subscriberStatus.optional(),
  page: z.coerce.number({ error: M.badPage }).int(M.badPage).min(1, M.badPage).max(100_000, M.badPage).default(1),
  limit: z.coerce.number({ error: M.badLimit }).int(M.badLimit).min(1, M.badLimit).max(200, M.badLimit).default(50),
});
export type AdminSubscriberListQuery = z.infer<typeof adminSubscriberListQuery>;

export const adminSubscriberPage = z.object({ items: z.array(adminNewsletterSubscriber), total: z.number().int() }).meta({ id: 'AdminNewsletterSubscriberPage' });
export type AdminSubscriberPage = z.infer<typeof adminSubscriberPage>;
