import { newsletterConfirmation, newsletterConfirmBody, newsletterEmailBody, newsletterStatus, newsletterStatusQuery } from '@shop/contracts';
import { defineRoute, PrivateAnswer, type AnyRoute } from '../../http/route.ts';
import { newsletterContact } from '../crm/contacts.ts';
import type { CrmSync } from '../crm/crm.ts';
import type { NewsletterService } from './service.ts';

const PATH = '/api/ext/mailchimp-subscribe/subscribe';

/** The newsletter calls of shopping.md §7 (VSF1's mailchimp-subscribe extension) and the opt-in's confirmation. */
export function newsletterRoutes(newsletter: NewsletterService, crm?: CrmSync): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: PATH,
      tag: 'newsletter',
      summary: "The address's state (§4): result 'subscribed' only once the confirmation link was opened; 'pending' while it waits, 'unsubscribed', or 'unknown'",
      query: newsletterStatusQuery,
      response: newsletterStatus,
      // One person's state: never kept by a shared cache.
      handler: async ({ query, clientAddress }) => new PrivateAnswer(await newsletter.status(query.email, clientAddress)),
    }),
    defineRoute({
      method: 'POST',
      path: PATH,
      tag: 'newsletter',
      summary: "Subscribes with double opt-in: mails a confirmation link valid 7 days and answers 'pending' (or 'subscribed' when already subscribed, and nothing is sent). 10 a hour per client address, 3 per e-mail",
      body: newsletterEmailBody,
      response: newsletterStatus,
      handler: ({ body, clientAddress }) => newsletter.subscribe(body.email, clientAddress),
    }),
    defineRoute({
      method: 'DELETE',
      path: PATH,
      tag: 'newsletter',
      summary: "Unsubscribes the address (a pending opt-in is cancelled); an address not on the list stays as it is. Answers the state after",
      body: newsletterEmailBody,
      response: newsletterStatus,
      handler: ({ body, clientAddress }) => newsletter.unsubscribe(body.email, clientAddress),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/ext/mailchimp-subscribe/confirm',
      tag: 'newsletter',
      summary: 'Confirms the subscription with the token of the confirmation link; the first confirmation of an address mails its welcome coupon (10 %, one order)',
      body: newsletterConfirmBody,
      response: newsletterConfirmation,
      handler: async ({ body, req }) => {
        const confirmed = await newsletter.confirm(body.token);
        crm?.contact(req, newsletterContact(confirmed.email));
        return confirmed;
      },
    }),
  ];
}
