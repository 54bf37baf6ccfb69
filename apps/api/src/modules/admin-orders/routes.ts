import type { IncomingMessage } from 'node:http';
import { ADMIN_ORDER_MESSAGES as M, adminOrderDetail, cancelBody, orderNoteBody, paymentReceivedBody, shipBody } from '@shop/contracts';
import { HttpError } from '../../http/errors.ts';
import type { AnyRoute } from '../../http/route.ts';
import type { AdminGuard } from '../admin/guard.ts';
import type { OrderActions, Staff } from './actions.ts';
import { orderDetail } from './detail.ts';
import type { RefundsPort } from './refunds-port.ts';
import type { Db } from '@shop/db';

const incrementIdParam = (params: Record<string, string>) => {
  const id = params['incrementId'] ?? '';
  if (!/^\d{1,20}$/.test(id)) throw new HttpError(404, M.notFound);
  return id;
};

/**
 * The order page and its actions (issue 44 point 3, ADR 0027's guard): each action answers the
 * order page as it is after it, so the back office shows the new state without another call.
 */
export function adminOrderRoutes(actions: OrderActions, db: Db, refunds: RefundsPort, guard: AdminGuard): AnyRoute[] {
  // The audit names the staff user or the API key (ADR 0030).
  const staffOf = (req: IncomingMessage): Staff => ({ ...guard.actor(req), role: guard.role(req) });
  const page = async (incrementId: string, req: IncomingMessage) => {
    const order = await actions.find(incrementId);
    return orderDetail(db, order, await refunds.refundsOf(db, order.id), {
      role: guard.role(req),
      online: actions.isOnline(order),
    });
  };
  return [
    guard.route({ role: 'staff', scope: 'orders:read' }, {
      method: 'GET',
      path: '/api/admin/orders/:incrementId',
      summary:
        'The order page: lines with shipped and refunded units, fees, totals in cents, addresses and fiscal fields, payment with its provider transactions and events, shipments, refunds, mails, invoices, notes, audit timeline, and the actions its state and your role allow',
      response: adminOrderDetail,
      handler: ({ params, req }) => page(incrementIdParam(params), req),
    }),
    guard.route({ role: 'staff', scope: 'orders:write' }, {
      method: 'POST',
      path: '/api/admin/orders/:incrementId/payment-received',
      summary:
        'A bank transfer arrived or cash on delivery was collected: the whole total on a day (not later than today); the order is paid (a waiting one processed, a shipped one complete), invoiced if invoices are issued on payment, and the buyer gets the "pagamento ricevuto" mail. 409 when already paid, online or ended; 422 when the amount is not the total',
      body: paymentReceivedBody,
      response: adminOrderDetail,
      handler: async ({ params, body, req }) => {
        const incrementId = incrementIdParam(params);
        await actions.paymentReceived(incrementId, body, staffOf(req));
        return page(incrementId, req);
      },
    }),
    guard.route({ role: 'staff', scope: 'orders:write' }, {
      method: 'POST',
      path: '/api/admin/orders/:incrementId/ship',
      summary:
        'One shipment (carrier, tracking number, https tracking link, parcels) of some lines or of everything left: only an order in processing (paid, or cash on delivery); all shipped and paid → complete; the buyer gets the shipping mail unless notify is false; with INVOICE_ON=shipped the first shipment issues the invoice. 422 for more units than are left or an sku not in the order; 409 when nothing is left',
      body: shipBody,
      response: adminOrderDetail,
      handler: async ({ params, body, req }) => {
        const incrementId = incrementIdParam(params);
        await actions.ship(incrementId, body, staffOf(req));
        return page(incrementId, req);
      },
    }),
    guard.route({ role: 'staff', scope: 'orders:write' }, {
      method: 'POST',
      path: '/api/admin/orders/:incrementId/cancel',
      summary:
        'Cancels an order nothing of which was shipped: stock and coupon use given back once, an open online payment stopped at its provider, a paid order refunded whole first (owner only; 409 while the whole refund is not available: refund it, then cancel); the buyer gets the cancellation mail',
      body: cancelBody,
      response: adminOrderDetail,
      handler: async ({ params, body, req }) => {
        const incrementId = incrementIdParam(params);
        await actions.cancel(incrementId, body, staffOf(req));
        return page(incrementId, req);
      },
    }),
    guard.route({ role: 'staff', scope: 'orders:write' }, {
      method: 'POST',
      path: '/api/admin/orders/:incrementId/notes',
      summary: 'Adds a staff note to the order (never shown to the buyer)',
      body: orderNoteBody,
      response: adminOrderDetail,
      handler: async ({ params, body, req }) => {
        const incrementId = incrementIdParam(params);
        await actions.note(incrementId, body.text, staffOf(req));
        return page(incrementId, req);
      },
    }),
    guard.route({ role: 'staff', scope: 'orders:write' }, {
      method: 'POST',
      path: '/api/admin/orders/:incrementId/mails/:mailId/resend',
      summary: "Queues one of the order's mails again, as it was sent, to the same recipient",
      response: adminOrderDetail,
      handler: async ({ params, req }) => {
        const incrementId = incrementIdParam(params);
        const mailId = params['mailId'] ?? '';
        if (!/^\d{1,9}$/.test(mailId)) throw new HttpError(404, M.mailNotFound);
        await actions.resendMail(incrementId, Number(mailId), staffOf(req));
        return page(incrementId, req);
      },
    }),
  ];
}
