import type { IncomingMessage } from 'node:http';
import { findOrder } from '@shop/db';
import { z } from 'zod';
import { requireBearer } from '../../http/admin-token.ts';
import { HttpError } from '../../http/errors.ts';
import { defineRoute, FileAnswer, type AnyRoute } from '../../http/route.ts';
import type { Db } from '@shop/db';
import { fromCents } from '@shop/domain';
import { INVOICE_NOT_FOUND, pdfFileName, type InvoiceService } from './service.ts';

/**
 * THE guard of the back office's invoice routes. Until the back-office session and roles guard
 * (apps/api/src/modules/admin) lands, it accepts only the existing admin token
 * (`Authorization: Bearer <ADMIN_TOKEN>`, http/admin-token.ts); then this function is the one
 * place to swap for that guard (downloads: owner and staff; CSRF not needed, they are GETs).
 */
export function invoiceAdminGuard(adminToken: string): (req: IncomingMessage) => void {
  return requireBearer(adminToken);
}

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

export function invoiceRoutes(invoices: InvoiceService, db: Db, options: { adminToken: string; storeCode: string }): AnyRoute[] {
  const authorize = invoiceAdminGuard(options.adminToken);
  return [
    defineRoute({
      method: 'GET',
      path: '/api/admin/invoices/:id.xml',
      tag: 'admin',
      summary: 'An issued invoice or credit note as its FatturaPA XML file (FPR12, IT<P.IVA>_<progressive>.xml), as issued',
      authorize,
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
    defineRoute({
      method: 'GET',
      path: '/api/admin/invoices/:id.pdf',
      tag: 'admin',
      summary: 'An issued invoice or credit note as a PDF (the courtesy copy of the XML for Italian buyers)',
      authorize,
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
    defineRoute({
      method: 'GET',
      path: '/api/admin/orders/:incrementId/invoices',
      tag: 'admin',
      summary: "An order's invoice and credit notes, in number order, with their download links",
      authorize,
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
