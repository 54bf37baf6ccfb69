import { contactAnswer, contactBody, tokenQuery } from '@shop/contracts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { requestToken, type AccountService } from '../accounts/service.ts';
import type { ContactService } from './service.ts';

/** `POST /api/contact` (issue #42 point 11): the contact form of the Contatti page. */
export function contactRoutes(contact: ContactService, accounts: AccountService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/contact',
      tag: 'contact',
      summary:
        "Sends a message to the seller's inbox: name, email, optional phone and company, subject, message. The sender gets a copy without the message unless signed in with that e-mail, at most 3 copies a day per mailbox (copySent: false past it). 5 an hour per client address (429)",
      query: tokenQuery,
      body: contactBody,
      response: contactAnswer,
      handler: async ({ body, req, query, clientAddress }) => {
        const token = requestToken(req, query.token);
        return contact.send(body, clientAddress, token ? await accounts.authenticate(token) : null);
      },
    }),
  ];
}
