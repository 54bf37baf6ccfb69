import {
  ADMIN_CUSTOMER_MESSAGES as M,
  adminCustomerDetail,
  adminCustomerEraseBody,
  adminCustomerGroupBody,
  adminCustomerListQuery,
  adminCustomerPage,
  type AdminCustomerListQuery,
  type AdminCustomerListItem,
} from '@shop/contracts';
import { adminCustomerPage as pageOfCustomers, countAdminCustomers, eraseCustomer, findCustomer, hasUnpaidOrder, type AdminCustomerFilter, type AdminCustomerRow, type Db } from '@shop/db';
import { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import { FileAnswer, type AnyRoute } from '../../http/route.ts';
import type { AccountService } from '../accounts/service.ts';
import { recordAudit } from '../admin/audit.ts';
import type { AdminGuard } from '../admin/guard.ts';
import { customerDetail, customerExport } from './customer-data.ts';
import { changeCustomerGroup } from './group.ts';
import { decodeCustomerCursor, encodeCustomerCursor } from './list-cursor.ts';

const filterOf = (query: AdminCustomerListQuery): AdminCustomerFilter => ({
  q: query.q || undefined,
  groupId: query.group,
  buyer: query.buyer,
  hasOrders: query.hasOrders === undefined ? undefined : query.hasOrders === 'yes',
});

const listItem = (row: AdminCustomerRow): AdminCustomerListItem => ({
  id: row.id,
  email: row.email,
  name: `${row.firstname} ${row.lastname}`.trim(),
  groupId: row.group_id,
  company: row.company,
  vatId: row.vat_id,
  ordersCount: row.orders_count,
  createdAt: row.created_at.toISOString(),
});

/** A customer id from the path (an unknown or malformed one is the same 404). */
async function customerOf(db: Db, params: Record<string, string>) {
  const id = params['id'] ?? '';
  const customer = /^\d{1,9}$/.test(id) ? await findCustomer(db, Number(id)) : undefined;
  if (!customer) throw new HttpError(404, M.notFound);
  return customer;
}

/**
 * The back office's customers (issue #45 point 5): list and page for staff, group change and
 * password reset on request for staff (audited), the GDPR export for the owner only (it is all of
 * a person's data leaving the shop; the export itself is audited too), and the owner's erasure.
 */
export function adminCustomerRoutes(db: Db, accounts: Pick<AccountService, 'mailReset'>, guard: AdminGuard, options: { now?: (() => Date) | undefined } = {}): AnyRoute[] {
  const now = options.now ?? (() => new Date());
  return [
    guard.route({ role: 'staff' }, {
      method: 'GET',
      path: '/api/admin/customers',
      summary: 'Customers with search (e-mail, name, company, P.IVA), filters (group, company or private, has orders) and keyset paging (opaque cursor), newest first',
      query: adminCustomerListQuery,
      response: adminCustomerPage,
      handler: async ({ query }) => {
        const filter = filterOf(query);
        const after = query.cursor ? decodeCustomerCursor(filter, query.cursor) : undefined;
        const [rows, total] = await Promise.all([pageOfCustomers(db, filter, query.limit + 1, after?.afterId), after ? after.total : countAdminCustomers(db, filter)]);
        const items = rows.slice(0, query.limit);
        const last = items[items.length - 1];
        return {
          items: items.map(listItem),
          total,
          ...(rows.length > query.limit && last ? { nextCursor: encodeCustomerCursor(filter, { afterId: last.id, total }) } : {}),
        };
      },
    }),
    guard.route({ role: 'staff' }, {
      method: 'GET',
      path: '/api/admin/customers/:id',
      summary: 'The customer page: profile, addresses, orders, invoices, reviews, quote requests, newsletter state, wish list and audit timeline',
      response: adminCustomerDetail,
      handler: async ({ params }) => customerDetail(db, await customerOf(db, params)),
    }),
    guard.route({ role: 'staff' }, {
      method: 'POST',
      path: '/api/admin/customers/:id/group',
      summary: 'Puts the customer in a customer group the shop knows (its prices and tax class follow at its next request); answers the customer page',
      body: adminCustomerGroupBody,
      response: adminCustomerDetail,
      handler: async ({ params, body, req }) => {
        const customer = await customerOf(db, params);
        if (!(await changeCustomerGroup(db, customer.id, body.groupId, guard.actor(req), now()))) throw new HttpError(404, M.notFound);
        return customerDetail(db, await customerOf(db, params));
      },
    }),
    guard.route({ role: 'staff' }, {
      method: 'POST',
      path: '/api/admin/customers/:id/password-reset',
      summary: 'Mails the customer the shop’s password-reset link (valid one hour), as the sign-in page’s “password forgotten” does',
      response: z.string(),
      handler: async ({ params, req }) => {
        const customer = await customerOf(db, params);
        const actor = guard.actor(req);
        await accounts.mailReset(customer, (trx) =>
          recordAudit(trx, actor, { action: 'customer.password_reset', objectType: 'customer', objectId: String(customer.id), before: null, after: null }, now()),
        );
        return M.resetSent;
      },
    }),
    guard.route({ role: 'owner' }, {
      method: 'GET',
      path: '/api/admin/customers/:id/export',
      summary: 'All of one customer’s data as a JSON file (GDPR art. 15 and 20), owner only; the export is audited',
      produces: 'application/json',
      response: z.instanceof(FileAnswer),
      handler: async ({ params, req }) => {
        const customer = await customerOf(db, params);
        const at = now();
        const data = await customerExport(db, customer, at);
        await recordAudit(db, guard.actor(req), { action: 'customer.export', objectType: 'customer', objectId: String(customer.id), before: null, after: null }, at);
        return new FileAnswer(new TextEncoder().encode(JSON.stringify(data, null, 2)), {
          'content-type': 'application/json; charset=utf-8',
          'content-disposition': `attachment; filename="cliente-${customer.id}-${at.toISOString().slice(0, 10)}.json"`,
          'cache-control': 'private, no-store',
        });
      },
    }),
    guard.route({ role: 'owner' }, {
      method: 'POST',
      path: '/api/admin/customers/:id/erase',
      summary:
        'Erases the customer’s personal data (GDPR art. 17), owner only, with the reason in the audit log: account anonymised, address book, wish list, quotes and newsletter subscription deleted, reviews without the name; orders and invoices kept (tax law, 10 years). 409 while an order is unpaid',
      body: adminCustomerEraseBody,
      response: z.string(),
      handler: async ({ params, body, req }) => {
        const customer = await customerOf(db, params);
        const at = now();
        await db.transaction().execute(async (trx) => {
          const unpaid = await hasUnpaidOrder(trx, customer.id);
          if (unpaid) throw new HttpError(409, M.unpaidOrder.replace('{number}', unpaid));
          await eraseCustomer(trx, customer, at);
          // The reason and what was kept; never the erased data itself.
          await recordAudit(trx, guard.actor(req), { action: 'customer.erase', objectType: 'customer', objectId: String(customer.id), before: null, after: { reason: body.reason, ordersKept: true } }, at);
        });
        return M.erased;
      },
    }),
  ];
}
