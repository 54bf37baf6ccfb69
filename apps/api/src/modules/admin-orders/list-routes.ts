import { adminOrderListQuery, adminOrderPage, type AdminOrderListItem, type AdminOrderListQuery } from '@shop/contracts';
import { adminOrderBatches, adminOrderPage as pageOfOrders, countAdminOrders, type AdminOrderFilter, type AdminOrderRow, type Db } from '@shop/db';
import { z } from 'zod';
import { FileAnswer, type AnyRoute } from '../../http/route.ts';
import { csvDownload } from '../admin/csv.ts';
import type { AdminGuard } from '../admin/guard.ts';
import { decodeOrderCursor, encodeOrderCursor } from './list-cursor.ts';
import { ordersCsv } from './orders-csv.ts';

const filterOf = (query: AdminOrderListQuery): AdminOrderFilter => ({
  view: query.view,
  status: query.status,
  paymentStatus: query.paymentStatus,
  shippingStatus: query.shippingStatus,
  paymentMethod: query.paymentMethod,
  from: query.from,
  to: query.to,
  buyer: query.buyer,
  q: query.q || undefined,
});

const listItem = (row: AdminOrderRow): AdminOrderListItem => ({
  incrementId: row.increment_id,
  createdAt: row.created_at.toISOString(),
  status: row.status,
  paymentStatus: row.payment_status,
  shippingStatus: row.shipping_status,
  paymentMethod: row.payment_method,
  paymentTitle: row.payment_title ?? row.payment_method,
  email: row.email,
  name: [row.firstname, row.lastname].filter(Boolean).join(' '),
  isCompany: row.is_company,
  company: row.company,
  vatId: row.vat_id,
  fiscalCode: row.fiscal_code,
  grandTotalCents: row.grand_total_cents,
  refundedCents: row.refunded_cents,
});

/**
 * The back office's orders list (issue #44): filters, saved views, sort and keyset paging for
 * staff; the same selection as a CSV file for the owner only (it is customer data leaving the shop).
 */
export function adminOrderListRoutes(db: Db, guard: AdminGuard, options: { storeCode: string; now?: () => Date }): AnyRoute[] {
  const now = options.now ?? (() => new Date());
  return [
    // An accountant's or ERP's program reads the list with an `orders:read` key; the export stays a person's (the owner's).
    guard.route({ role: 'staff', scope: 'orders:read' }, {
      method: 'GET',
      path: '/api/admin/orders',
      summary: 'Orders with server-side filters, saved views, sort and keyset paging (opaque cursor)',
      query: adminOrderListQuery,
      response: adminOrderPage,
      handler: async ({ query }) => {
        const filter = filterOf(query);
        const after = query.cursor ? decodeOrderCursor(query.sort, filter, query.cursor) : undefined;
        // One row more than the page tells whether another page follows; the first page counts.
        const [rows, total] = await Promise.all([
          pageOfOrders(db, options.storeCode, filter, query.sort, query.limit + 1, after?.key),
          after ? after.total : countAdminOrders(db, options.storeCode, filter),
        ]);
        const items = rows.slice(0, query.limit);
        const last = items[items.length - 1];
        return {
          items: items.map(listItem),
          total,
          ...(rows.length > query.limit && last ? { nextCursor: encodeOrderCursor(query.sort, filter, { key: { value: last.key_value, id: last.id }, total }) } : {}),
        };
      },
    }),
    guard.route({ role: 'owner' }, {
      method: 'GET',
      path: '/api/admin/orders.csv',
      summary: 'The orders of the same filters as a CSV file (owner only: customer data), streamed in batches',
      produces: 'text/csv',
      query: adminOrderListQuery,
      response: z.instanceof(FileAnswer),
      handler: ({ query }) => csvDownload(ordersCsv(adminOrderBatches(db, options.storeCode, filterOf(query), query.sort)), 'ordini', now()),
    }),
  ];
}
