import { orderView } from '@shop/contracts';
import { findOrderItems, type CustomerRow, type Db, type OrderItemRow, type OrderRow, type OrderStatusValue } from '@shop/db';
import { fromCents } from '@shop/domain';
import { sql } from 'kysely';
import { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import { FileAnswer, WithMeta } from '../../http/route.ts';
import { pdfFileName, type InvoiceService } from '../invoices/service.ts';
import { renderInvoicePdf, type InvoiceView, type Seller } from './invoice-pdf.ts';
import { ORDER_NOT_FOUND, type AccountService } from './service.ts';

/**
 * Which orders have an invoice: those the shop ships or has shipped (processing, complete). An
 * order still waiting for its money (pending_payment: a bank transfer or an online payment not yet
 * received) has none yet, as the goods leave, and the invoice is due, only once it is paid; cash
 * on delivery ships at once and is invoiced at once. Cancelled and expired orders never have one,
 * even when a late payment is flagged on them for a person to ship or refund.
 */
export const INVOICED_STATUSES = ['processing', 'complete'] as const satisfies readonly OrderStatusValue[];

const isInvoiced = (order: OrderRow) => (INVOICED_STATUSES as readonly OrderStatusValue[]).includes(order.status);

/** A document of the customer's documents page (shopping.md §2 /my-account/documents). */
export const customerDocument = z.object({
  increment_id: z.string(),
  created_at: z.string(),
  /** Euros incl. VAT. */
  grand_total: z.number(),
  type: z.literal('invoice'),
  title: z.string(),
  /** The PDF, fetched with the customer's token. */
  url: z.string(),
});
export type CustomerDocument = z.infer<typeof customerDocument>;

const invoiceUrl = (incrementId: string) => `/api/user/order/${encodeURIComponent(incrementId)}/invoice`;

const countryNames = new Intl.DisplayNames(['it'], { type: 'region' });

/** The invoice of an order as stored: buyer and lines as they were when it was placed, money in cents. */
export function invoiceView(order: OrderRow, items: readonly OrderItemRow[], seller: Seller): InvoiceView {
  const view = orderView.parse(order.view);
  const billing = view.billingAddress;
  const province = billing.region_code ? ` (${billing.region_code})` : '';
  return {
    number: order.increment_id,
    date: order.created_at,
    seller,
    buyer: {
      name: order.is_company && order.company ? order.company : `${billing.firstname} ${billing.lastname}`,
      address: [billing.street.join(' '), `${billing.postcode} ${billing.city}${province}`, countryNames.of(billing.country_id) ?? billing.country_id],
      ...(order.fiscal_code ? { fiscalCode: order.fiscal_code } : {}),
      ...(order.vat_id ? { vatId: order.vat_id } : {}),
      ...(order.sdi_code ? { sdiCode: order.sdi_code } : {}),
      ...(order.pec_email ? { pecEmail: order.pec_email } : {}),
    },
    lines: items.map((item) => ({
      sku: item.sku,
      name: item.name,
      qty: item.qty,
      unitNetCents: item.unit_net_cents,
      taxPercent: Number(item.tax_percent),
      rowNetCents: item.unit_net_cents * item.qty,
    })),
    totals: {
      goodsCents: order.subtotal_cents,
      discountCents: order.discount_cents,
      ...(order.coupon_code ? { couponCode: order.coupon_code } : {}),
      shippingCents: order.shipping_cents,
      servicesCents: order.fee_cents,
      surchargeCents: order.surcharge_cents,
      taxableCents: order.grand_total_cents - order.tax_cents,
      taxCents: order.tax_cents,
      grandTotalCents: order.grand_total_cents,
    },
    payment: { title: view.payment.title, fatturapaCode: order.fatturapa_payment_code, ...(order.paid_at ? { paidAt: order.paid_at } : {}) },
    // Invoices to Italian buyers go through SDI as XML; a foreign buyer's PDF is the document itself.
    courtesyCopy: billing.country_id === 'IT',
  };
}

/** The signed-in customer's documents: one invoice per invoiced order, as a PDF made on request. */
export class CustomerDocuments {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountService,
    private readonly options: { storeCode: string; seller: Seller; invoices?: Pick<InvoiceService, 'orderInvoice' | 'pdf'> },
  ) {}

  /** Newest first, a page at a time; `meta` has the count and the page. */
  async list(customer: CustomerRow, pageSize: number, currentPage: number): Promise<WithMeta<CustomerDocument[]>> {
    const invoiced = this.db
      .selectFrom('sales_order')
      .where('store_code', '=', this.options.storeCode)
      .where('customer_id', '=', customer.id)
      .where('status', 'in', INVOICED_STATUSES);
    const [rows, count] = await Promise.all([
      invoiced
        // The legal number once the invoice is issued (modules/invoices).
        .leftJoin('invoice', (join) => join.onRef('invoice.order_id', '=', 'sales_order.id').on('invoice.type', '=', 'TD01'))
        .select(['sales_order.increment_id', 'sales_order.created_at', 'sales_order.grand_total_cents', 'invoice.number as invoice_number'])
        .orderBy('sales_order.created_at', 'desc')
        .orderBy('sales_order.id', 'desc')
        .limit(pageSize)
        .offset((currentPage - 1) * pageSize)
        .execute(),
      invoiced.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    const documents = rows.map((order) => ({
      increment_id: order.increment_id,
      created_at: order.created_at.toISOString(),
      grand_total: fromCents(order.grand_total_cents),
      type: 'invoice' as const,
      title: `Fattura n. ${order.invoice_number ?? order.increment_id}`,
      url: invoiceUrl(order.increment_id),
    }));
    return new WithMeta(documents, { total_count: count.n, page_size: pageSize, current_page: currentPage });
  }

  /** The invoice PDF of one of the customer's invoiced orders; any other number is "not found", as an unknown one. */
  async invoice(customer: CustomerRow, incrementId: string): Promise<FileAnswer> {
    const order = await this.accounts.ownOrder(customer, incrementId);
    // An issued invoice is the document itself: its legal number, as issued.
    const issued = await this.options.invoices?.orderInvoice(order.id);
    if (issued && this.options.invoices) {
      return new FileAnswer(await this.options.invoices.pdf(issued), { 'content-disposition': `attachment; filename="${pdfFileName(issued)}"`, 'cache-control': 'private, no-store' });
    }
    if (!isInvoiced(order)) throw new HttpError(404, ORDER_NOT_FOUND);
    const pdf = await renderInvoicePdf(invoiceView(order, await findOrderItems(this.db, order.id), this.options.seller));
    return new FileAnswer(pdf, {
      'content-disposition': `attachment; filename="fattura-${order.increment_id}.pdf"`,
      'cache-control': 'private, no-store',
    });
  }
}
