import { adminSubscriberListQuery, adminSubscriberPage } from '@shop/contracts';
import type { Db } from '@shop/db';
import { z } from 'zod';
import { FileAnswer, type AnyRoute } from '../../http/route.ts';
import { csvDownload } from '../admin/csv.ts';
import type { AdminGuard } from '../admin/guard.ts';
import { subscriberPage, subscribersCsv } from './subscribers.ts';

/**
 * The newsletter's subscribers (issue #45 point 6): the list for the staff, the CSV export for the
 * owner only (personal data leaving the shop). Neither takes an API key: they are a person's.
 */
export function adminNewsletterRoutes(db: Db, guard: AdminGuard, options: { now?: () => Date } = {}): AnyRoute[] {
  const now = options.now ?? (() => new Date());
  return [
    guard.route({ role: 'staff' }, {
      method: 'GET',
      path: '/api/admin/newsletter/subscribers',
      summary: 'Subscribers by part of the e-mail and status, newest request first, in pages; each with its consent record (asked, confirmed through the mailed link, unsubscribed) and welcome coupon',
      query: adminSubscriberListQuery,
      response: adminSubscriberPage,
      handler: ({ query }) => subscriberPage(db, query),
    }),
    guard.route({ role: 'owner' }, {
      method: 'GET',
      path: '/api/admin/newsletter/subscribers.csv',
      summary: 'The subscribers of the same filters as a CSV file with their consent record (owner only: personal data), streamed in batches',
      produces: 'text/csv',
      query: adminSubscriberListQuery,
      response: z.instanceof(FileAnswer),
      handler: ({ query }) => csvDownload(subscribersCsv(db, query), 'iscritti-newsletter', now()),
    }),
  ];
}
