import { adminQuote, adminQuoteAnswerBody, adminQuoteListQuery, adminQuotePage, quoteOfferCart, quoteOfferCartQuery } from '@shop/contracts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import type { AccountService } from '../accounts/service.ts';
import type { AdminGuard } from '../admin/guard.ts';
import { quoteIdOf, type QuoteOffers } from './quotes.ts';

/**
 * Quote requests in the back office (issue #45 point 6): staff list, read and answer them. A
 * program reads them with an `orders:read` key and answers with `orders:write` (a quote is a
 * sale being negotiated: the sales side of an ERP, as orders are, not the catalogue).
 */
export function adminQuoteRoutes(quotes: QuoteOffers, guard: AdminGuard): AnyRoute[] {
  return [
    guard.route({ role: 'staff', scope: 'orders:read' }, {
      method: 'GET',
      path: '/api/admin/quotes',
      summary: 'Quote requests, newest first: search by e-mail, company or reference (PRV-…), status new / answered / accepted / expired, in pages',
      query: adminQuoteListQuery,
      response: adminQuotePage,
      handler: ({ query }) => quotes.list(query),
    }),
    guard.route({ role: 'staff', scope: 'orders:read' }, {
      method: 'GET',
      path: '/api/admin/quotes/:id',
      summary: "One request: contact, message, its lines with the catalogue's unit price now (excl. VAT, for the buyer's group) and the offer's, and the offer's state (sent, opened, ordered, expired)",
      response: adminQuote,
      handler: ({ params }) => quotes.get(quoteIdOf(params['id'])),
    }),
    guard.route({ role: 'staff', scope: 'orders:write' }, {
      method: 'POST',
      path: '/api/admin/quotes/:id/answer',
      summary:
        'Answers a request: a unit price in cents excl. VAT (≥ 0) for each of its products, an optional message, validity in days (1–90, default 14). Mails the buyer the offer with the link that opens a cart at these prices; answering again replaces the offer and its link; 409 once an order was placed with it. Audited',
      body: adminQuoteAnswerBody,
      response: adminQuote,
      handler: ({ params, body, req }) => quotes.answer(quoteIdOf(params['id']), body, guard.actor(req)),
    }),
  ];
}

/** The buyer's link (`/preventivo/<token>` on the storefront calls this). */
export function quoteOfferRoutes(quotes: QuoteOffers, accounts: AccountService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/quote/offer/:token/cart',
      tag: 'quote',
      summary:
        "Opens a quote offer's link: puts its lines into a cart at the quoted quantities, priced by the server at the offer until it lapses, and answers the cart's token (cartId). The signed-in customer's cart (token), else the guest cart given as cartId, else a new one. Unknown link 404, lapsed 410 (Offerta scaduta), already ordered 409",
      query: quoteOfferCartQuery,
      response: quoteOfferCart,
      handler: async ({ params, query, req, clientAddress }) => {
        const customer = await accounts.optionalCustomer(req, query.token);
        return quotes.openCart(params['token'] ?? '', { customer, cartId: query.cartId, clientAddress }, accounts);
      },
    }),
  ];
}
