import type { IncomingMessage } from 'node:http';
import { orderAccessQuery, orderAttributesBody, orderPlaced, orderRequest, orderView, tokenQuery } from '@shop/contracts';
import { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { requestToken, type AccountService } from '../accounts/service.ts';
import { orderContact } from '../crm/contacts.ts';
import type { CrmSync } from '../crm/crm.ts';
import type { PaymentService } from '../payments/service.ts';
import { requestHash, type OrderService } from './service.ts';

/** The Idempotency-Key header: printable ASCII, at most 128 characters. */
function idempotencyKey(req: IncomingMessage): string | undefined {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  if (!/^[\x21-\x7e]{1,128}$/.test(key)) throw new HttpError(400, 'Idempotency-Key: 1 to 128 printable characters');
  return key;
}

const incrementIdParam = (params: Record<string, string>) => {
  const id = params['incrementId'] ?? '';
  if (!/^\d{1,20}$/.test(id)) throw new HttpError(404, 'Order not found');
  return id;
};

export function orderRoutes(orders: OrderService, payments: PaymentService, accounts: AccountService, crm?: CrmSync): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/order',
      tag: 'order',
      summary:
        "Places the order of a cart (Vue Storefront 1 payload): a guest cart without a user token; a customer's cart with their token, or without one when `user_id` is the cart's owner (the cart token is the secret, as VSF1 sends it). Amounts come from the server cart; Idempotency-Key (or order_id) makes a resend answer the same order, and 409 with another body. An online method answers redirectUrl, the provider page where the buyer pays (created once per order; 503 when the provider is down: the order is then undone and the cart kept). orderNumber and backendOrderId repeat the order number where VSF1 reads it",
      query: tokenQuery,
      body: orderRequest,
      // An unchanged Vue Storefront 1 client sends its whole cart lines (ignored, up to 500).
      maxBodyBytes: 1024 * 1024,
      response: orderPlaced,
      handler: async ({ body, req, query }) => {
        // A signed-in customer's order is theirs (order history); a bad token is refused, not ignored.
        const token = requestToken(req, query.token);
        const customer = token ? await accounts.authenticate(token) : await orders.cartOwner(body);
        const placed = await orders.place(body, idempotencyKey(req), requestHash(body), customer);
        const redirectUrl = await payments.redirectFor(placed.incrementId);
        crm?.contact(req, orderContact(placed.order));
        const answer = { ...placed, orderNumber: placed.incrementId, backendOrderId: placed.incrementId };
        return redirectUrl ? { ...answer, redirectUrl } : answer;
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/order/:incrementId',
      tag: 'order',
      summary: "An order for its owner: the order number and its access key (a guest's only way in)",
      query: orderAccessQuery,
      response: orderView,
      handler: ({ params, query }) => orders.read(incrementIdParam(params), query.key),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/order/:incrementId/link',
      tag: 'order',
      summary:
        "Links a guest order to the signed-in customer (token: query or Bearer), with the order's key: only an order placed with the account's e-mail and no account yet (the thank-you page after \"an account already exists\"); 403 otherwise",
      query: orderAccessQuery.extend({ token: tokenQuery.shape.token }),
      response: z.literal(true),
      handler: async ({ params, query, req }) => {
        const customer = await accounts.authenticate(requestToken(req, query.token));
        return orders.link(incrementIdParam(params), query.key, customer);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/order-attributes/guestCheckoutData/:cartId',
      tag: 'order',
      summary: "Saves a guest cart's order attributes (activity type, opening hours, carrier mobile); the order takes those its address lacks",
      body: orderAttributesBody,
      response: z.literal(true),
      handler: ({ params, body }) => orders.saveAttributes(params['cartId'] ?? '', body),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/order-attributes/checkoutData/:cartId',
      tag: 'order',
      summary: "Saves a customer cart's order attributes, with its customer's token (query token or Bearer)",
      query: tokenQuery,
      body: orderAttributesBody,
      response: z.literal(true),
      handler: async ({ params, body, req, query }) => {
        const customer = await accounts.authenticate(requestToken(req, query.token));
        return orders.saveAttributes(params['cartId'] ?? '', body, customer.id);
      },
    }),
  ];
}

