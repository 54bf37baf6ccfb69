import { isValidEmail } from '@shop/domain';
import { z } from 'zod';
import { text } from './strings.ts';

/**
 * The newsletter (shopping.md §4 state machine, §7 `/api/ext/mailchimp-subscribe/subscribe`,
 * §1 "promises a 10% coupon"; ADR 0023): GET ?email answers the state, POST starts the double
 * opt-in (a confirmation mail), the confirmation subscribes and mails the coupon, DELETE
 * unsubscribes.
 */

/** Texts the storefront shows for the newsletter's answers (Italian in messages/*.json under these keys). */
export const NEWSLETTER_MESSAGES = {
  invalidEmail: 'Please provide valid e-mail address.',
  confirmInvalid: 'This confirmation link is not valid or has expired. Please subscribe again.',
  tooManyRequests: 'Too many newsletter requests. Please try again in {minutes} minutes.',
  listUnavailable: 'The newsletter service is not reachable right now. Please try again in a few minutes.',
} as const;

const email = text().trim().max(254).refine(isValidEmail, NEWSLETTER_MESSAGES.invalidEmail);

/**
 * The §4 states: `unknown` (never subscribed), `pending` (confirmation mail sent, not yet
 * confirmed), `subscribed`, `unsubscribed`. Only `subscribed` counts as subscribed (VSF1 checks
 * `result === 'subscribed'`).
 */
export const NEWSLETTER_STATUSES = ['unknown', 'pending', 'subscribed', 'unsubscribed'] as const;
export const newsletterStatus = z.enum(NEWSLETTER_STATUSES);
export type NewsletterStatus = z.infer<typeof newsletterStatus>;

export const newsletterStatusQuery = z.object({ email });
export const newsletterEmailBody = z.object({ email });
/** The token of the confirmation link (32 random bytes, base64url). */
export const newsletterConfirmBody = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the token of the confirmation link') });

/** What the confirmation answers: the address now subscribed. */
export const newsletterConfirmation = z.object({ email: z.string(), status: z.literal('subscribed') });
export type NewsletterConfirmation = z.infer<typeof newsletterConfirmation>;
