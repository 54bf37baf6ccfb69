import { z } from 'zod';
import { emailField } from './account.ts';
import { freeText, text } from './strings.ts';

/**
 * Quote requests for large quantities (shopping.md §1 "quote requests for large quantities", §5
 * "privacy policy required on quote form"; issue #19, ADR 0021): from a product page or the
 * cart, anyone may ask the sales team for a price; stored and mailed to the sales mailbox and
 * to the buyer.
 */
/** The sales mailbox quote requests go to unless the API's SALES_EMAIL names another. */
export const SHOP_SALES_EMAIL = 'vendite@bottega-pro.example';

export const QUOTE_LIMITS = { items: 50, qty: 100_000, message: 2000 } as const;
export const QUOTE_PRIVACY_REQUIRED = 'privacyAccepted: the privacy policy must be accepted';

export const quoteRequestBody = z.object({
  items: z
    .array(z.object({ sku: text().trim().min(1, 'sku must not be empty').max(64), qty: z.number().int('qty must be a whole number').min(1, 'qty must be greater than 0').max(QUOTE_LIMITS.qty) }))
    .min(1, 'items must list at least one product')
    .max(QUOTE_LIMITS.items, `items may list at most ${QUOTE_LIMITS.items} products`),
  name: text().trim().min(2, 'name must have at least 2 letters').max(100),
  company: text().trim().max(120).optional(),
  email: emailField,
  phone: text().trim().max(30).regex(/^[+\d][\d ./-]*$/, 'phone must hold digits only').or(z.literal('')).optional(),
  message: freeText().trim().max(QUOTE_LIMITS.message, `message must have at most ${QUOTE_LIMITS.message} characters`).optional(),
  /** Where the request was made. */
  source: z.enum(['product', 'cart']).default('product'),
  privacyAccepted: z.literal(true, QUOTE_PRIVACY_REQUIRED),
});
export type QuoteRequestBody = z.output<typeof quoteRequestBody>;

/** `copySent`: whether the buyer got a copy (none past the per-recipient cap, issue #43 point 7). */
export const quoteAnswer = z.object({ id: z.number(), reference: z.string(), copySent: z.boolean() });
