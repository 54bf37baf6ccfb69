import { invoiceExportQuery, sdiTransmissionView } from '@shop/contracts';
import { findOrder } from '@shop/db';
import { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import { FileAnswer, type AnyRoute } from '../../http/route.ts';
import type { AdminGuard } from '../admin/guard.ts';
import type { Db } from '@shop/db';
import { fromCents } from '@shop/domain';
import { sdiTransmissionOf } from './sdi/transmissions.ts';
import { INVOICE_NOT_FOUND, pdfFileName, type InvoiceService } from './service.ts';

const idParam = (params: Record<string, string>) => {
  const id = params['id'] ?? '';
  if (!/^\d{1,9}$/.test(id)) throw new HttpError(404, INVOICE_NOT_FOUND);
  return Number(id);
};

export const adminInvoiceSummary = z.object({
  id: z.number().int(),
  type: z.enum(['TD01', 'TD04']),
  number: z.string(),
  date: z.string(),
  /** Euros incl. VAT. */
  total: z.number(),
  /** The invoice a credit note corrects. */
  correctsId: z.number().int().nullable(),
  fileName: z.string(),
  xmlUrl: z.string(),
  pdfUrl: z.string(),
});

/**
 * Downloads for owner and staff alike (an order's documents are part of running the orders; ADR
 * 0027), the month's ZIP for the owner (the accountant's), each document's way to the SdI; all
 * readable with an API key holding `orders:read` (ADR 0030).
 */
export function invoiceRoutes(invoices: InvoiceService, db: Db, guard: AdminGuard, options: { storeCode: string }): AnyRoute[] {
  return [
    guard.route({ role: 'owner', scope: 'orders:read' }, {
      method: 'GET',
      path: '/api/admin/invoices/export',
      summary: 'The FatturaPA XML files of the invoices and credit notes issued in a month (`month=YYYY-MM`, by issue date) as one ZIP, named as stored; an empty month is an empty ZIP',
      query: invoiceExportQuery,
      produces: 'application/zip',
      response: z.instanceof(FileAnswer),
      handler: async ({ query }) =>
        new FileAnswer(await invoices.monthZip(query.month), {
          'content-disposition': `attachment; filename="fatture-${query.month}.zip"`,
          'cache-control': 'private, no-store',
        }),
    }),
    guard.route({ role: 'staff', scope: 'orders:read' }, {
      method: 'GET',
      path: '/api/admin/invoices/:id/sdi',
      summary: "A document's latest transmission to the SdI: queued, sent, delivered (RC), not delivered (MC), rejected (NS, with the SdI's errors) or failed; 404 when it was never queued (no intermediary)",
      response: sdiTransmissionView,
      handler: async ({ params }) => {
        const invoice = await invoices.find(idParam(params));
        return sdiTransmissionOf(db, invoice.id);
      },
    }),
    guard.route({ role: 'staff', scope: 'orders:read' }, {
      method: 'GET',
      path: '/api/admin/invoices/:id.xml',
      summary: 'An issued invoice or credit note as its FatturaPA XML file (FPR12, IT<P.IVA>_<progressive>.xml), as issued',
      produces: 'application/xml',
      response: z.instanceof(FileAnswer),
      handler: async ({ params }) => {
        const { fileName, xml } = await invoices.xml(idParam(params));
        return new FileAnswer(Buffer.from(xml, 'utf8'), {
          'content-type': 'application/xml; charset=utf-8',
          'content-disposition': `attachment; filename="${fileName}"`,
          'cache-control': 'private, no-store',
        });
      },
    }),
    guard.route({ role: 'staff', scope: 'orders:read' }, {
      method: 'GET',
      path: '/api/admin/invoices/:id.pdf',
      summary: 'An issued invoice or credit note as a PDF (the courtesy copy of the XML for Italian buyers)',
      produces: 'application/pdf',
      response: z.instanceof(FileAnswer),
      handler: async ({ params }) => {
        const row = await invoices.find(idParam(params));
        return new FileAnswer(await invoices.pdf(row), {
          'content-disposition': `attachment; filename="${pdfFileName(row)}"`,
          'cache-control': 'private, no-store',
        });
      },
    }),
    guard.route({ role: 'staff', scope: 'orders:read' }, {
      method: 'GET',
      path: '/api/admin/orders/:incrementId/invoices',
      summary: "An order's invoice and credit notes, in number order, with their download links",
      response: z.array(adminInvoiceSummary),
      handler: async ({ params }) => {
        const order = await findOrder(db, options.storeCode, params['incrementId'] ?? '');
        if (!order) throw new HttpError(404, 'Order not found');
        return (await invoices.forOrder(order.id)).map((row) => ({
          id: row.id,
          type: row.type,
          number: row.number,
          date: row.issue_date,
          total: fromCents(row.total_cents),
          correctsId: row.corrects_invoice_id,
          fileName: row.file_name,
          xmlUrl: `/api/admin/invoices/${row.id}.xml`,
          pdfUrl: `/api/admin/invoices/${row.id}.pdf`,
        }));
      },
    }),
  ];
}
