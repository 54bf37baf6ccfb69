import { orderView } from '@shop/contracts';
import { findCreditNotes, findInvoice, findMonthInvoices, findOrderById, findOrderInvoice, findOrderInvoices, findOrderItems, insertInvoice, orderCents, nextInvoiceSequence, type Db, type InvoiceRow, type OrderItemRow, type OrderRow } from '@shop/db';
import { HttpError } from '../../http/errors.ts';
import type { Logger } from '../../http/router.ts';
import { renderInvoicePdf, type InvoiceView } from '../accounts/invoice-pdf.ts';
import {
  creditNoteDocument,
  CreditRefused,
  invoiceDocument,
  invoiceFileName,
  italianDay,
  wantsInvoice,
  type Credited,
  type CreditRequest,
  type InvoiceDocument,
  type InvoiceSeller,
  type IssueContext,
  type Natura,
  type OrderFiscal,
  type OrderForInvoice,
} from './document.ts';
import { fatturaPaXml } from './fatturapa.ts';
import { queueTransmission } from './sdi/transmissions.ts';
import { ZipWriter } from './zip.ts';

/** Documents read from the register at a time by the month's export. */
const EXPORT_PAGE = 100;

/** When an order's invoice is issued (INVOICE_ON): once paid (default) or once shipped. */
export type InvoiceMoment = 'paid' | 'shipped';

export interface InvoicingOptions {
  on: InvoiceMoment;
  seller: InvoiceSeller;
  /** The Natura of 0 % lines (INVOICE_ZERO_RATE_NATURA). */
  zeroRateNatura: Natura;
  /** Queue each issued document for the SdI (an intermediary is configured, ADR 0030). */
  transmit?: boolean;
  now?: () => Date;
  logger?: Pick<Logger, 'error'>;
}

export const INVOICE_NOT_FOUND = 'Fattura non trovata';

/** The order as the invoice reads it. */
export function orderForInvoice(order: OrderRow, items: readonly OrderItemRow[]): OrderForInvoice {
  const view = orderView.parse(order.view);
  const billing = view.billingAddress;
  const fiscal = order.fiscal as OrderFiscal | null;
  return {
    incrementId: order.increment_id,
    createdAt: order.created_at,
    isCompany: order.is_company,
    company: order.company,
    fiscalCode: order.fiscal_code,
    vatId: order.vat_id,
    sdiCode: order.sdi_code,
    pecEmail: order.pec_email,
    billing: { firstname: billing.firstname, lastname: billing.lastname, street: billing.street, postcode: billing.postcode, city: billing.city, regionCode: billing.region_code ?? null, countryId: billing.country_id },
    paymentCode: order.fatturapa_payment_code,
    paymentTitle: view.payment.title,
    paidAt: order.paid_at,
    couponCode: order.coupon_code,
    ...orderCents(order),
    shippingTitle: view.shippingMethod.title,
    items: items.map((item) => ({ sku: item.sku, name: item.name, qty: item.qty, unitNetCents: item.unit_net_cents, taxPercent: Number(item.tax_percent) })),
    fiscal: fiscal?.version === 1 ? fiscal : null,
  };
}

const documentOf = (row: InvoiceRow) => row.document as unknown as InvoiceDocument;

/** The shop's seller on one line, as the PDF prints it. */
function sellerLine(seller: InvoiceSeller): InvoiceView['seller'] {
  const s = seller.seat;
  return {
    name: seller.name,
    vatId: seller.vatId,
    fiscalCode: seller.fiscalCode,
    address: `${s.street}, ${s.postcode} ${s.city}${s.province ? ` (${s.province})` : ''}`,
    ...(seller.pec ? { pec: seller.pec } : {}),
    ...(seller.rea ? { rea: `${seller.rea.office}-${seller.rea.number}` } : {}),
  };
}

const countryNames = new Intl.DisplayNames(['it'], { type: 'region' });
const sumOf = (d: InvoiceDocument, ...kinds: string[]) => d.lines.filter((l) => kinds.includes(l.kind)).reduce((a, l) => a + l.totalNetCents, 0);

/** What the PDF shows of an issued document: its legal number, date and amounts as issued. */
export function pdfView(d: InvoiceDocument): InvoiceView {
  const b = d.buyer;
  return {
    title: d.type === 'TD04' ? 'Nota di credito' : 'Fattura',
    number: d.number,
    date: new Date(`${d.date}T12:00:00Z`),
    seller: sellerLine(d.seller),
    buyer: {
      name: b.name,
      address: [b.seat.street, `${b.seat.postcode} ${b.seat.city}${b.seat.province ? ` (${b.seat.province})` : ''}`, countryNames.of(b.seat.country) ?? b.seat.country],
      ...(b.fiscalCode ? { fiscalCode: b.fiscalCode } : {}),
      ...(b.vatId ? { vatId: b.vatCountry && b.vatCountry !== 'IT' ? `${b.vatCountry}${b.vatId}` : b.vatId } : {}),
      ...(b.sdiCode ? { sdiCode: b.sdiCode } : {}),
      ...(b.pec ? { pecEmail: b.pec } : {}),
    },
    lines: d.lines
      .filter((l) => l.kind === 'item' || l.kind === 'credit')
      .map((l) => ({ sku: l.sku ?? '', name: l.description, qty: l.qty, unitNetCents: Math.round(l.unitNetCents), taxPercent: l.taxPercent, rowNetCents: l.totalNetCents })),
    totals: {
      goodsCents: sumOf(d, 'item', 'credit'),
      discountCents: -sumOf(d, 'discount'),
      ...(d.couponCode ? { couponCode: d.couponCode } : {}),
      shippingCents: sumOf(d, 'shipping'),
      servicesCents: sumOf(d, 'fee'),
      surchargeCents: sumOf(d, 'surcharge'),
      taxableCents: d.taxableCents,
      taxCents: d.taxCents,
      grandTotalCents: d.totalCents,
    },
    payment: { title: d.payment.title, fatturapaCode: d.payment.code, ...(d.payment.paidAt ? { paidAt: new Date(`${d.payment.paidAt}T12:00:00Z`) } : {}) },
    // The order it invoices, and a credit note's reason (which names the invoice it corrects).
    note: [d.corrects ? (d.reason ?? `Rettifica della fattura n. ${d.corrects.number}`) : null, `Ordine n. ${d.order.incrementId} del ${d.order.date.split('-').reverse().join('/')}.`].filter(Boolean).join(' - '),
    courtesyCopy: d.courtesyCopy,
  };
}

/** A document's PDF file name: fattura-2026-000123.pdf, nota-di-credito-2026-000124.pdf. */
export const pdfFileName = (row: Pick<InvoiceRow, 'type' | 'number'>) => `${row.type === 'TD04' ? 'nota-di-credito' : 'fattura'}-${row.number.replace('/', '-')}.pdf`;

/**
 * Invoices and credit notes (issue 44 point 4, ADR 0028): issued in the transaction that pays
 * (or ships) the order, numbered from the year's register, immutable once issued; their XML and
 * PDF are made from the stored document on request.
 */
export class InvoiceService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly options: InvoicingOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  get moment(): InvoiceMoment {
    return this.options.on;
  }

  /**
   * The hook of the order's life: called in the transaction that records the order `paid` or
   * `shipped`; issues its invoice when that is the configured moment and the order wants one.
   */
  async onOrder(trx: Db, orderId: number, event: InvoiceMoment): Promise<InvoiceRow | null> {
    return event === this.options.on ? this.issueInvoice(trx, orderId) : null;
  }

  /**
   * Issues the order's invoice in `trx` (once: a second call answers the first invoice); null when
   * the order wants none (a private buyer without fiscal data). The year's number is taken last,
   * so the register's row stays locked for as short a time as the transaction allows.
   */
  async issueInvoice(trx: Db, orderId: number): Promise<InvoiceRow | null> {
    const existing = await findOrderInvoice(trx, orderId);
    if (existing) return existing;
    const order = await findOrderById(trx, orderId);
    if (!order) throw new Error(`Order ${orderId} not found`);
    const data = orderForInvoice(order, await findOrderItems(trx, orderId));
    if (!wantsInvoice(data)) return null;
    // Built once before the number is taken: an order whose invoice cannot be made (its amounts
    // would not add up) never holds the register, and its payment is not refused for it.
    try {
      invoiceDocument(data, { ...(await this.context(trx, 'TD01', 1)) });
    } catch (error) {
      this.options.logger?.error(`Order ${order.increment_id} paid without its invoice: ${(error as Error).message}`);
      return null;
    }
    const document = invoiceDocument(data, await this.context(trx, 'TD01'));
    return this.insert(trx, this.row(document, orderId, null));
  }

  /**
   * A credit note (TD04) for an issued invoice, the refund's companion: the whole invoice, some of
   * its lines or amounts (document.ts CreditRequest). In `trx` when given (the refund's
   * transaction), else in its own. 409 when it would credit more than the invoice has left.
   */
  async issueCreditNote(invoiceId: number, request: CreditRequest, trx?: Db): Promise<InvoiceRow> {
    if (!trx) return this.db.transaction().execute((own) => this.issueCreditNote(invoiceId, request, own));
    // The invoice's row locked: two corrections of one invoice are judged one after the other.
    const locked = await trx.selectFrom('invoice').select('id').where('id', '=', invoiceId).where('type', '=', 'TD01').forUpdate().executeTakeFirst();
    const invoice = locked && (await findInvoice(trx, invoiceId));
    if (!invoice) throw new HttpError(404, INVOICE_NOT_FOUND);
    const already = (await findCreditNotes(trx, invoiceId)).map(documentOf);
    const context = await this.context(trx, 'TD04');
    let document: InvoiceDocument;
    try {
      document = creditNoteDocument({ ...documentOf(invoice), id: invoice.id }, request, already, context);
    } catch (error) {
      // Nothing is issued: the number taken goes back with the transaction.
      if (error instanceof CreditRefused) throw new HttpError(409, error.message);
      throw error;
    }
    return this.insert(trx, this.row(document, invoice.order_id, invoice.id));
  }

  /**
   * The invoice a refund credits: the order's issued invoice, or for an order without one the
   * invoice it would have (unnumbered), so that every refund is worked out by the same figures.
   */
  async creditBase(trx: Db, orderId: number): Promise<{ invoiceId: number | null; document: InvoiceDocument }> {
    const invoice = await findOrderInvoice(trx, orderId);
    if (invoice) return { invoiceId: invoice.id, document: documentOf(invoice) };
    const order = await findOrderById(trx, orderId);
    if (!order) throw new Error(`Order ${orderId} not found`);
    const data = orderForInvoice(order, await findOrderItems(trx, orderId));
    return { invoiceId: null, document: invoiceDocument(data, await this.context(trx, 'TD01', 1)) };
  }

  /** The credit note `request` would make of `base` after the `already` credited, not issued (nothing numbered). Throws CreditRefused. */
  async previewCredit(trx: Db, base: InvoiceDocument, request: CreditRequest, already: readonly Credited[]): Promise<InvoiceDocument> {
    return creditNoteDocument({ ...base, id: 0 }, request, already, await this.context(trx, 'TD04', 1));
  }

  /** The invoice and credit notes of an order, in number order. */
  forOrder(orderId: number): Promise<InvoiceRow[]> {
    return findOrderInvoices(this.db, orderId);
  }

  /** The issued invoice of an order, if any. */
  orderInvoice(orderId: number): Promise<InvoiceRow | undefined> {
    return findOrderInvoice(this.db, orderId);
  }

  async find(id: number): Promise<InvoiceRow> {
    const row = Number.isSafeInteger(id) && id > 0 ? await findInvoice(this.db, id) : undefined;
    if (!row) throw new HttpError(404, INVOICE_NOT_FOUND);
    return row;
  }

  async xml(id: number): Promise<{ fileName: string; xml: string }> {
    return fatturaPaXml(documentOf(await this.find(id)));
  }

  /**
   * The FatturaPA files of the invoices and credit notes issued in `month` (YYYY-MM) as one ZIP,
   * named as stored (IT<P.IVA>_<progressive>.xml), in number order; an empty month is an empty ZIP.
   * The register is read a page at a time and each file is rendered and deflated in its turn.
   */
  async monthZip(month: string): Promise<Buffer> {
    const zip = new ZipWriter();
    for (let after = 0; ; ) {
      const page = await findMonthInvoices(this.db, month, after, EXPORT_PAGE);
      for (const row of page) zip.add(row.file_name, Buffer.from(fatturaPaXml(documentOf(row)).xml, 'utf8'), row.issue_date);
      if (page.length < EXPORT_PAGE) return zip.finish();
      after = page.at(-1)!.sequence;
    }
  }

  /** The PDF of an issued document. */
  pdf(row: InvoiceRow): Promise<Buffer> {
    return renderInvoicePdf(pdfView(documentOf(row)));
  }

  /** The issue's date, year and number (`provisional`: a number for a dry run, none taken). */
  private async context(trx: Db, type: IssueContext['type'], provisional?: number): Promise<IssueContext> {
    const date = italianDay(this.now());
    const year = Number(date.slice(0, 4));
    const sequence = provisional ?? (await nextInvoiceSequence(trx, year));
    return { type, year, sequence, date, seller: this.options.seller, zeroRateNatura: this.options.zeroRateNatura };
  }

  /** Stores an issued document and, with an intermediary, queues it for the SdI in the same transaction. */
  private async insert(trx: Db, row: ReturnType<InvoiceService['row']>): Promise<InvoiceRow> {
    const issued = await insertInvoice(trx, row);
    if (this.options.transmit) await queueTransmission(trx, issued.id);
    return issued;
  }

  private row(document: InvoiceDocument, orderId: number, corrects: number | null) {
    return {
      type: document.type,
      year: document.year,
      sequence: document.sequence,
      number: document.number,
      issue_date: document.date,
      order_id: orderId,
      corrects_invoice_id: corrects,
      total_cents: document.totalCents,
      file_name: invoiceFileName(document),
      document: document as unknown as Record<string, unknown>,
    };
  }
}
