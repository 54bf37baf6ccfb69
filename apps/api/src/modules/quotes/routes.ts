import { quoteAnswer, quoteRequestBody, tokenQuery } from '@shop/contracts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { requestToken, type AccountService } from '../accounts/service.ts';
import type { QuoteService } from './service.ts';

/** `POST /api/quote/request` (issue #19): a quote for large quantities, from a product page or the cart. */
export function quoteRoutes(quotes: QuoteService, accounts: AccountService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/quote/request',
      tag: 'quote',
      summary:
        'Asks the sales team for a quote: items { sku, qty } (1–50), name, e-mail, optional company, phone and message, privacyAccepted: true (shopping.md §5). Stored and mailed to the sales mailbox and to the buyer; answers the reference (PRV-…). A customer token links the request to the account. 5 an hour per client address (429)',
      query: tokenQuery,
      body: quoteRequestBody,
      response: quoteAnswer,
      handler: async ({ body, req, query, clientAddress }) => {
        const token = requestToken(req, query.token);
        return quotes.request(body, clientAddress, token ? await accounts.authenticate(token) : null);
      },
    }),
  ];
}
