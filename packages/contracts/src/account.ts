import { z } from 'zod';
import { bookAddressFields } from './checkout.ts';
import { isValidEmail } from '@shop/domain';
import { ACCOUNT_MESSAGES } from './account-messages.ts';
import { text } from './strings.ts';

/**
 * Customer accounts (shopping.md §3 user and address, §5 rules, §7 user calls, §8 texts; issue
 * #15). Shapes follow Vue Storefront 1 / Magento so a VSF1 client can sign in: login answers the
 * token in `result` and the refresh token in `meta.refreshToken`.
 */
export { ACCOUNT_MESSAGES };

const A = ACCOUNT_MESSAGES;

/** §5: at least 8 characters; letters and a digit or symbol, so that 12345678 or "password" are refused. */
export const password = z
  .string()
  .max(256, 'Password must have at most 256 characters.')
  .refine((p) => p.length >= 8 && /\p{L}/u.test(p) && /[^\p{L}]/u.test(p), A.passwordRules);

const email = text().trim().max(254).refine(isValidEmail, 'Please provide valid e-mail address.');
/** An e-mail address someone types (accounts, quote requests). */
export const emailField = email;
const name = text().trim().min(2, 'Name must have at least 2 letters.').max(100);

/** The ALTCHA widget's payload (base64 JSON), needed once an account or address is under attack (issue #43). */
export const challengeSolution = z.string().max(8192).optional();
export const loginBody = z.object({ username: email, password: z.string().min(1).max(256), altcha: challengeSolution });
/**
 * `POST /api/user/login?client=vsf1`: a Vue Storefront 1 PWA (its `users.login_endpoint`) signs
 * in for a session that keeps its sign-in refresh token and reads refusals at
 * `result.errorMessage` (ADR 0017, issue #47). Without it, the shop's rotating sessions.
 */
export const loginQuery = z.object({ client: z.enum(['vsf1'], { error: 'must be vsf1 (a Vue Storefront 1 PWA) or absent' }).optional() });
export const createCustomerBody = z.object({
  customer: z.object({ email, firstname: name, lastname: name }),
  password,
  altcha: challengeSolution,
});
export const refreshBody = z.object({ refreshToken: text().trim().min(1).max(256) });
export const resetPasswordBody = z.object({ email });
export const createPasswordBody = z.object({ email, newPassword: password, resetToken: text().trim().min(1).max(256) });
export const changePasswordBody = z.object({ currentPassword: z.string().min(1).max(256), newPassword: password });

/** An address of the address book: the checkout's address (or Magento's) with the book's flags and its id. */
export const bookAddress = bookAddressFields.and(
  z.object({
    id: z.number().int().positive().optional(),
    default_shipping: z.boolean().optional(),
    default_billing: z.boolean().optional(),
  }),
);

/** `POST /api/user/me`: only names, e-mail (with the current password) and addresses can change. */
export const profileBody = z.object({
  customer: z.object({ firstname: name.optional(), lastname: name.optional(), email: email.optional(), addresses: z.array(bookAddress).max(50).optional() }).passthrough(),
  password: z.string().max(256).optional(),
});

/** `PUT` address book: the customer with their whole address list (§7). */
export const addressBookBody = z.object({ customer: z.object({ addresses: z.array(bookAddress).max(50) }).passthrough() });

export const tokenQuery = z.object({ token: text().trim().max(2048).optional() });
export const orderHistoryQuery = tokenQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  currentPage: z.coerce.number().int().min(1).max(10_000).default(1),
});

export type CreateCustomerBody = z.output<typeof createCustomerBody>;
export type ProfileBody = z.output<typeof profileBody>;
export type BookAddress = z.output<typeof bookAddress>;
