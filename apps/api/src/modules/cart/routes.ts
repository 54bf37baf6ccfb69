import {
  applyCouponQuery,
  CART_PATHS,
  cartCreateQuery,
  cartDeleteBody,
  cartPullResult,
  cartQuery,
  cartToken,
  cartTotals,
  cartUpdateBody,
  collectTotalsBody,
  feesQuery,
  feesResult,
  paymentMethodsResult,
  quickOrderBody,
  quickOrderResult,
  serverCartItem,
  setFeesBody,
  setFeesQuery,
  shippingInformationBody,
  shippingInformationResult,
  shippingMethodsBody,
  shippingMethodsResult,
} from '@shop/contracts';
import { GUEST_GROUP_ID } from '@shop/domain';
import { z } from 'zod';
import { defineRoute, type AnyRoute, type RouteInput } from '../../http/route.ts';
import type { AccountService } from '../accounts/service.ts';
import { cartOf } from './access.ts';
import type { CartService, OpenCart } from './service.ts';

type CartQuery = { cartId: string; token?: string | undefined };

/** A route on one cart: `cartId` opens it, or the request is refused with no data. */
function cartRoute<Q extends CartQuery, B, R>(
  service: CartService,
  accounts: AccountService,
  route: Omit<AnyRoute, 'handler' | 'tag' | 'query'> & {
    query?: z.ZodType<Q>;
    body?: z.ZodType<B>;
    response: z.ZodType<R>;
    handler(cart: OpenCart, input: RouteInput<Q, B>): Promise<R>;
  },
): AnyRoute {
  return defineRoute<Q, B, R>({
    ...route,
    tag: 'cart',
    query: route.query ?? (cartQuery as unknown as z.ZodType<Q>),
    handler: async (input) => {
      const customer = await accounts.optionalCustomer(input.req, input.query.token);
      return route.handler(cartOf(await service.open(input.query.cartId), customer?.id), input);
    },
  });
}

export function cartRoutes(service: CartService, accounts: AccountService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: CART_PATHS.create,
      tag: 'cart',
      summary:
        "Creates a guest cart, or with a user token answers the customer's cart (the same on every device); the result is its token, the cartId of every other cart call. Too many guest carts per client address are answered 429",
      query: cartCreateQuery,
      response: cartToken,
      handler: async ({ query, req, clientAddress }) => {
        const customer = await accounts.optionalCustomer(req, query.token);
        return customer ? accounts.cartToken(customer, (id, tokenOf) => service.customerCart(id, tokenOf)) : service.create(clientAddress);
      },
    }),
    defineRoute({
      method: 'POST',
      path: CART_PATHS.quickOrder,
      tag: 'cart',
      summary:
        "Quick order: resolves rows of sku and quantity (at most 1,000) to each product's name, unit price excl. tax for the buyer's group (user token optional) and stock, or the row's problem; adds nothing",
      query: cartCreateQuery,
      body: quickOrderBody,
      response: quickOrderResult,
      handler: async ({ query, body, req }) => {
        const customer = await accounts.optionalCustomer(req, query.token);
        return service.quickOrder(body, customer?.group_id ?? GUEST_GROUP_ID);
      },
    }),
    cartRoute(service, accounts, {
      method: 'GET',
      path: CART_PATHS.pull,
      summary: "The cart's lines with server ids and stock status",
      response: cartPullResult,
      handler: (cart) => service.pull(cart),
    }),
    cartRoute(service, accounts, {
      method: 'POST',
      path: CART_PATHS.update,
      summary: 'Adds a line or sets its quantity (checked against stock); client prices are ignored',
      body: cartUpdateBody,
      response: serverCartItem,
      handler: (cart, { body }) => service.update(cart, body),
    }),
    cartRoute(service, accounts, {
      method: 'POST',
      path: CART_PATHS.delete,
      summary: 'Removes a line',
      body: cartDeleteBody,
      response: z.literal(true),
      handler: (cart, { body }) => service.remove(cart, body.cartItem.item_id),
    }),
    cartRoute(service, accounts, {
      method: 'GET',
      path: CART_PATHS.totals,
      summary: 'Totals computed on the server: item totals and total segments',
      response: cartTotals,
      handler: (cart) => service.totals(cart),
    }),
    cartRoute(service, accounts, {
      method: 'GET',
      path: CART_PATHS.paymentMethods,
      summary: 'Payment methods allowed for this cart (cash on delivery: not for virtual carts, below 5,000 EUR)',
      response: paymentMethodsResult,
      handler: (cart) => service.paymentMethods(cart),
    }),
    cartRoute(service, accounts, {
      method: 'POST',
      path: CART_PATHS.shippingMethods,
      summary: 'Shipping methods serving an address, priced for this cart',
      body: shippingMethodsBody,
      response: shippingMethodsResult,
      handler: (cart, { body }) => service.shippingMethods(cart, body.address),
    }),
    cartRoute(service, accounts, {
      method: 'POST',
      path: CART_PATHS.shippingInformation,
      summary: 'Saves addresses, shipping method and payment method (methodPay); answers payment methods and totals',
      body: shippingInformationBody,
      response: shippingInformationResult,
      handler: (cart, { body }) => service.shippingInformation(cart, body),
    }),
    cartRoute(service, accounts, {
      method: 'POST',
      path: CART_PATHS.collectTotals,
      summary: 'Saves the chosen shipping and payment methods; answers the totals',
      body: collectTotalsBody,
      response: cartTotals,
      handler: (cart, { body }) => service.collectTotals(cart, body),
    }),
    cartRoute(service, accounts, {
      method: 'POST',
      path: CART_PATHS.applyCoupon,
      summary: 'Applies a coupon code (trimmed); repeated refusals per cart or client are answered 429',
      query: applyCouponQuery,
      response: z.literal(true),
      handler: (cart, { query, clientAddress }) => service.applyCoupon(cart, query.coupon, clientAddress),
    }),
    cartRoute(service, accounts, {
      method: 'POST',
      path: CART_PATHS.deleteCoupon,
      summary: 'Removes the coupon',
      response: z.literal(true),
      handler: (cart) => service.deleteCoupon(cart),
    }),
    cartRoute(service, accounts, {
      method: 'GET',
      path: CART_PATHS.coupon,
      summary: "The applied coupon's code; null without one",
      response: z.string().nullable(),
      handler: (cart) => service.coupon(cart),
    }),
    cartRoute(service, accounts, {
      method: 'GET',
      path: CART_PATHS.productFees,
      summary: 'Product fees (e.g. transport insurance) per line, with options and selection',
      query: feesQuery,
      response: feesResult,
      handler: (cart) => service.productFees(cart),
    }),
    cartRoute(service, accounts, {
      method: 'GET',
      path: CART_PATHS.shippingFees,
      summary: 'Delivery services (e.g. hydraulic tail-lift) of the cart, with options and selection',
      query: feesQuery,
      response: feesResult,
      handler: (cart) => service.shippingFees(cart),
    }),
    ...(['setProductFees', 'setShippingFees'] as const).map((call) =>
      defineRoute({
        method: 'POST',
        path: `${CART_PATHS[call]}/:cartId`,
        tag: 'cart',
        summary: `Selects the options of one ${call === 'setProductFees' ? 'product fee on a line' : 'delivery service'}; follow with a totals call`,
        query: setFeesQuery,
        body: setFeesBody,
        response: z.literal(true),
        handler: async ({ query, body, params, req }) => {
          const cart = cartOf(await service.open(params['cartId'] ?? ''), (await accounts.optionalCustomer(req, query.token))?.id);
          return call === 'setProductFees' ? service.setProductFees(cart, body) : service.setShippingFees(cart, body);
        },
      }),
    ),
  ];
}
