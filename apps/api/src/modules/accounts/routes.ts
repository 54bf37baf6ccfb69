import {
  addressBookBody,
  changePasswordBody,
  createCustomerBody,
  createPasswordBody,
  loginBody,
  loginQuery,
  orderHistoryQuery,
  orderView,
  profileBody,
  refreshBody,
  resetPasswordBody,
  tokenQuery,
} from '@shop/contracts';
import { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import { defineRoute, FileAnswer, type AnyRoute, type RouteInput } from '../../http/route.ts';
import { signUpContact } from '../crm/contacts.ts';
import type { CrmSync } from '../crm/crm.ts';
import type { ChallengeService } from './challenge.ts';
import { customerDocument, type CustomerDocuments } from './documents.ts';
import { passwordHashing } from './passwords.ts';
import { assertStrongPassword } from './password-strength.ts';
import type { IncomingMessage } from 'node:http';
import { requestToken, type AccountService } from './service.ts';

/** Customer fields as answered (Magento's customer with its addresses). */
const customer = z.object({ id: z.number(), email: z.string(), firstname: z.string(), lastname: z.string(), group_id: z.number(), addresses: z.array(z.record(z.string(), z.unknown())) }).passthrough();
const numericParam = (value: string | undefined, what: string) => {
  if (!/^\d{1,9}$/.test(value ?? '')) throw new HttpError(404, `${what} not found`);
  return Number(value);
};

/** The user calls of shopping.md §7, with the Vue Storefront 1 answer shapes. */
export function accountRoutes(accounts: AccountService, documents: CustomerDocuments, challenges: ChallengeService, crm?: CrmSync): AnyRoute[] {
  const signedIn = (input: RouteInput<{ token?: string | undefined }, unknown>) => accounts.authenticate(requestToken(input.req, input.query.token));
  /** The session of a request, and how its customer answers are shaped for its client (VSF1: Magento's regions). */
  const session = async (input: RouteInput<{ token?: string | undefined }, unknown>) => {
    const token = requestToken(input.req, input.query.token);
    const { customer, client } = await accounts.authenticateSession(token);
    return { customer, client, answer: { groupToken: token, magentoRegions: client === 'vsf1' } };
  };
  /** VSF1 reads a refused profile or password change at `result.errorMessage` (UserAccount.ts, user/changePassword): its sessions get the text there. */
  const refusal = async (req: IncomingMessage, message: string) => {
    const token = requestToken(req, new URL(req.url ?? '/', 'http://localhost').searchParams.get('token') ?? undefined);
    return (await accounts.sessionClient(token)) === 'vsf1' ? { errorMessage: message } : message;
  };
  return [
    defineRoute({
      method: 'POST',
      path: '/api/user/create',
      tag: 'user',
      summary:
        'Registers a customer (customer: email, firstname, lastname; password: 8+ characters with letters and a digit or symbol, not easy to guess). The same answer whether the e-mail was free or had an account (its owner is mailed). REGISTER_LIMIT per address an hour (429), past REGISTER_CHALLENGE_AFTER each needs `altcha` (403), REGISTER_DOMAIN_LIMIT per e-mail domain (429); 503 with Retry-After when hashing is saturated',
      body: createCustomerBody,
      response: z.string(),
      handler: async ({ body, req, clientAddress }) => {
        const { created, answer } = await accounts.create(body, clientAddress);
        if (created) crm?.contact(req, signUpContact(created));
        return answer;
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/user/challenge',
      tag: 'user',
      summary: 'A new ALTCHA proof-of-work challenge (PBKDF2/SHA-256, signed, 10 minutes): solved, its payload goes as `altcha` with a sign-in or registration that asks for it (403 naming `altcha`); each solution is good once',
      response: z.record(z.string(), z.unknown()),
      handler: async () => ({ ...(await challenges.issue()) }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/health/password-hashing',
      tag: 'system',
      summary: "This process's password hashing queue: hashes running and waiting now, the most ever waiting, and how many were refused with 503",
      response: z.object({ running: z.number(), queued: z.number(), peakQueued: z.number(), shed: z.number() }),
      handler: () => passwordHashing.stats(),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/user/login',
      tag: 'user',
      summary:
        'Signs in: result is the access token (15 minutes), meta.refreshToken the refresh token (`client=vsf1`: a Vue Storefront 1 session, whose refresh token stays valid for its 30 days instead of rotating, and whose profile and password refusals read result.errorMessage). 10 failures of an account from one address lock that pair, 10 failures of an address lock the address, for 10 minutes (429 with Retry-After); an account failing from LOGIN_CHALLENGE_ADDRESSES addresses is never locked, but each attempt then needs `altcha` (403) and is slowed; 503 with Retry-After when hashing is saturated. The answer never says whether the e-mail exists',
      query: loginQuery,
      body: loginBody,
      response: z.string(),
      handler: ({ body, clientAddress, query }) => accounts.login(body.username, body.password, clientAddress, body.altcha, query.client),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/user/refresh',
      tag: 'user',
      summary:
        "A new access token (result) and a rotated refresh token (meta.refreshToken); presenting a used refresh token revokes its whole family (401). A Vue Storefront 1 session's refresh token is kept: answered again, valid until it expires",
      body: refreshBody,
      response: z.string(),
      handler: ({ body }) => accounts.refresh(body.refreshToken),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/user/logout',
      tag: 'user',
      summary: "Signs this device out: its refresh token's family is revoked",
      body: z.object({ refreshToken: z.string().max(256).optional() }),
      response: z.literal(true),
      handler: ({ body }) => accounts.logout(body.refreshToken),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/user/me',
      tag: 'user',
      summary:
        "The signed-in customer with their addresses, default_shipping and default_billing (address ids) and groupToken (this token: catalogue reads' group prices) (token as ?token= or Authorization: Bearer); a Vue Storefront 1 session's addresses have Magento's region object",
      query: tokenQuery,
      response: customer,
      handler: async (input) => {
        const { customer: signedInCustomer, answer } = await session(input);
        return accounts.me(signedInCustomer, answer);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/user/me',
      tag: 'user',
      summary:
        "Updates the profile: firstname, lastname, e-mail (with the current password as `password`) and addresses (also in Magento's shape: region an object, no e-mail of their own); nothing else. A Vue Storefront 1 session's refusals carry result.errorMessage",
      query: tokenQuery,
      body: profileBody,
      response: customer,
      refusal,
      handler: async (input) => {
        const { customer: signedInCustomer, answer } = await session(input);
        return accounts.updateProfile(signedInCustomer, input.body, answer);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/user/change-password',
      tag: 'user',
      summary:
        'Changes the password with the current one; every session ends, this one gets new tokens in meta (token, refreshToken). A Vue Storefront 1 session\'s refusals carry result.errorMessage',
      query: tokenQuery,
      body: changePasswordBody,
      response: z.string(),
      refusal,
      handler: async (input) => {
        const { customer, client } = await session(input);
        assertStrongPassword(input.body.newPassword, [customer.email, customer.firstname, customer.lastname]);
        return accounts.changePassword(customer, input.body.currentPassword, input.body.newPassword, client);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/user/reset-password',
      tag: 'user',
      summary: 'Mails a single-use link (1 hour) to set a new password; the same answer whether the e-mail has an account or not',
      body: resetPasswordBody,
      response: z.string(),
      handler: ({ body, clientAddress }) => accounts.requestReset(body.email, clientAddress),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/user/create-password',
      tag: 'user',
      summary: 'Sets a new password with the reset token of the mail (also for accounts made at checkout); every session ends',
      body: createPasswordBody,
      response: z.string(),
      handler: ({ body }) => {
        assertStrongPassword(body.newPassword, [body.email]);
        return accounts.createPassword(body.email, body.newPassword, body.resetToken);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/user/order-history',
      tag: 'user',
      summary: "The signed-in customer's orders, newest first (pageSize 20, currentPage 1 by default)",
      query: orderHistoryQuery,
      response: z.object({ items: z.array(z.record(z.string(), z.unknown())), total_count: z.number(), search_criteria: z.object({ page_size: z.number(), current_page: z.number() }) }),
      handler: async (input) => accounts.orderHistory(await signedIn(input), input.query.pageSize, input.query.currentPage),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/user/order/:incrementId',
      tag: 'user',
      summary: "One of the signed-in customer's orders; anyone else's is not found",
      query: tokenQuery,
      response: orderView,
      handler: async (input) => accounts.order(await signedIn(input), input.params['incrementId'] ?? ''),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/user/order/:incrementId/invoice',
      tag: 'user',
      summary:
        "The invoice of one of the signed-in customer's orders as a PDF download (fattura-<number>.pdf); an order without an invoice (unpaid, cancelled) or anyone else's is not found",
      query: tokenQuery,
      produces: 'application/pdf',
      response: z.instanceof(FileAnswer),
      handler: async (input) => documents.invoice(await signedIn(input), input.params['incrementId'] ?? ''),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/user/documents',
      tag: 'user',
      summary:
        "The signed-in customer's documents, newest first: an invoice per order being shipped or shipped (pageSize 20, currentPage 1 by default; meta: total_count, page_size, current_page)",
      query: orderHistoryQuery,
      response: z.array(customerDocument),
      handler: async (input) => documents.list(await signedIn(input), input.query.pageSize, input.query.currentPage),
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/ext/address-book/:customerId',
      tag: 'user',
      summary: "Saves the signed-in customer's address book (the whole list; the last address flagged default shipping/billing wins)",
      query: tokenQuery,
      body: addressBookBody,
      response: customer,
      handler: async (input) => accounts.saveAddresses(await signedIn(input), numericParam(input.params['customerId'], 'Customer'), input.body.customer.addresses),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/ext/address-book/address/:addressId',
      tag: 'user',
      summary: "Removes one of the signed-in customer's addresses; another customer's is not found",
      query: tokenQuery,
      response: z.literal(true),
      handler: async (input) => accounts.removeAddress(await signedIn(input), numericParam(input.params['addressId'], 'Address')),
    }),
  ];
}
