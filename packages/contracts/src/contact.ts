import { z } from 'zod';
import { emailField } from './account.ts';
import { freeText, text } from './strings.ts';

/**
 * The contact form (issue #42 point 11): `POST /api/contact` mails the seller's inbox through the
 * outbox; the sender gets a copy (without the free text unless signed in with that e-mail).
 */
export const CONTACT_LIMITS = { subject: 150, message: 4000 } as const;

export const contactBody = z.object({
  name: text().trim().min(2, 'name must have at least 2 letters').max(100, 'name must have at most 100 characters'),
  email: emailField,
  phone: text().trim().max(30, 'phone must have at most 30 characters').regex(/^[+\d][\d ./-]*$/, 'phone must hold digits only').or(z.literal('')).optional(),
  company: text().trim().max(120, 'company must have at most 120 characters').optional(),
  subject: text().trim().min(3, 'subject must have at least 3 characters').max(CONTACT_LIMITS.subject, `subject must have at most ${CONTACT_LIMITS.subject} characters`),
  message: freeText().trim().min(10, 'message must have at least 10 characters').max(CONTACT_LIMITS.message, `message must have at most ${CONTACT_LIMITS.message} characters`),
});
export type ContactBody = z.output<typeof contactBody>;

/** `copySent`: whether the sender got a copy (none past the per-recipient cap, issue #43 point 7). */
export const contactAnswer = z.object({ reference: z.string(), copySent: z.boolean() });
