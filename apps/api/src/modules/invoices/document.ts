import { allocateCents, normalisePartitaIva, percentOf, sumCents, type CartTotalsCents, type Cents } from '@shop/domain';

/**
 * The invoice as issued (ADR 0028): everything its PDF and its FatturaPA XML show, decided once
 * when it is issued and stored with it, never recomputed. Pure: no I/O, money in integer cents.
 */

/** FatturaPA Natura codes a 0 % line may carry (the generic N2, N3 and N6 are refused since 2021). */
export const NATURA_CODES = [
  'N1', 'N2.1', 'N2.2', 'N3.1', 'N3.2', 'N3.3', 'N3.4', 'N3.5', 'N3.6', 'N4', 'N5',
  'N6.1', 'N6.2', 'N6.3', 'N6.4', 'N6.5', 'N6.6', 'N6.7', 'N6.8', 'N6.9', 'N7',
] as const;
export type Natura = (typeof NATURA_CODES)[number];

/** FatturaPA RegimeFiscale codes (RF03 was withdrawn). */
export const REGIME_FISCALE_CODES = ['RF01', 'RF02', 'RF04', 'RF05', 'RF06', 'RF07', 'RF08', 'RF09', 'RF10', 'RF11', 'RF12', 'RF13', 'RF14', 'RF15', 'RF16', 'RF17', 'RF18', 'RF19'] as const;
export type RegimeFiscale = (typeof REGIME_FISCALE_CODES)[number];

export type InvoiceTypeCode = 'TD01' | 'TD04';
export type PaymentCode = 'MP01' | 'MP05' | 'MP08';

/** An address as FatturaPA's Sede has it. */
export interface Seat {
  street: string;
  postcode: string;
  city: string;
  /** Province code (Italy only), e.g. MI. */
  province?: string;
  /** ISO country code. */
  country: string;
}

/** The seller as printed and sent: the SELLER_* configuration at the time of issue. */
export interface InvoiceSeller {
  name: string;
  vatId: string;
  fiscalCode: string;
  regimeFiscale: RegimeFiscale;
  seat: Seat;
  /** Registro delle imprese: office (province) and number, from SELLER_REA "MI-1234567". */
  rea?: { office: string; number: string };
  pec?: string;
  phone?: string;
  email?: string;
}

export interface InvoiceBuyerData {
  /** A company (Denominazione) or a person (Nome and Cognome). */
  kind: 'company' | 'person';
  /** The company, or the person's full name. */
  name: string;
  firstname?: string;
  lastname?: string;
  /** VAT number without its country prefix, with the country that issued it. */
  vatId?: string;
  vatCountry?: string;
  fiscalCode?: string;
  /** The 7-character SDI code the buyer gave, if any. */
  sdiCode?: string;
  pec?: string;
  seat: Seat;
}

export type LineKind = 'item' | 'shipping' | 'fee' | 'surcharge' | 'discount' | 'credit';

export interface InvoiceLine {
  kind: LineKind;
  description: string;
  sku?: string;
  qty: number;
  /** Net unit price; negative on a discount line; fractional cents on a partly credited line. */
  unitNetCents: Cents;
  /** Net line total (unit × qty for items). */
  totalNetCents: Cents;
  taxPercent: number;
  /** Set on 0 % lines. */
  natura?: Natura;
  /** An item's share of the coupon (carried by the discount line of its rate, kept here for credit notes). */
  discountCents?: Cents;
  /** On a credit note: the index of the invoice line it credits. */
  creditsLine?: number;
}

/** One row of the VAT summary (DatiRiepilogo). */
export interface VatSummary {
  taxPercent: number;
  natura?: Natura;
  taxableCents: Cents;
  taxCents: Cents;
}

export interface InvoiceDocument {
  type: InvoiceTypeCode;
  /** The legal number, e.g. 2026/000123. */
  number: string;
  year: number;
  sequence: number;
  /** YYYY-MM-DD, Europe/Rome. */
  date: string;
  /** The file's 5-character progressive (IT<P.IVA>_<progressive>.xml). */
  fileProgressive: string;
  order: { incrementId: string; date: string };
  seller: InvoiceSeller;
  buyer: InvoiceBuyerData;
  lines: InvoiceLine[];
  summary: VatSummary[];
  taxableCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
  couponCode?: string;
  payment: { code: PaymentCode; title: string; paidAt?: string };
  /** A credit note's invoice. */
  corrects?: { id: number; number: string; date: string };
  /** Causale: why a credit note is issued. */
  reason?: string;
  /** The electronic invoice reaches Italian buyers through the SdI: the PDF is then a courtesy copy. */
  courtesyCopy: boolean;
}

/**
 * The net amounts an invoice needs, taken from the cart's evaluation when the order is placed
 * (sales_order.fiscal): each item with its share of the coupon and its tax, shipping, each fee
 * option, the payment surcharge, and the tax on those services as the cart computed it.
 */
export interface OrderFiscal {
  version: 1;
  serviceTaxRate: number;
  items: { sku: string; name: string; qty: number; unitNetCents: Cents; discountCents: Cents; taxPercent: number; taxCents: Cents }[];
  shipping: { title: string; netCents: Cents } | null;
  fees: { title: string; netCents: Cents }[];
  surcharge: { title: string; netCents: Cents } | null;
  serviceTaxCents: Cents;
  couponCode: string | null;
}

/**
 * The fiscal amounts of an order being placed, from the cart's totals: `fees` are the chosen
 * delivery services and product fees, one per option, net (they add up to the totals' fees).
 * Pure and total: it never refuses an order.
 */
export function orderFiscal(input: { totals: CartTotalsCents; serviceTaxRate: number; shippingTitle: string; fees: { title: string; netCents: Cents }[]; surchargeTitle: string }): OrderFiscal {
  const t = input.totals;
  // Never expected; but an order is never refused for its invoice: fees that would not add up
  // to the cart's become one line of the cart's amount, so the invoice stays exact.
  const feeTotal = t.shippingFee + t.productFee;
  const fees = sumCents(input.fees.map((fee) => fee.netCents)) === feeTotal ? input.fees : [{ title: 'Servizi accessori', netCents: feeTotal }];
  const items = t.items.map((item) => ({ sku: item.sku, name: item.name, qty: item.qty, unitNetCents: item.price, discountCents: item.discount, taxPercent: item.taxPercent, taxCents: item.tax }));
  return {
    version: 1,
    serviceTaxRate: input.serviceTaxRate,
    items,
    shipping: t.shipping > 0 ? { title: input.shippingTitle, netCents: t.shipping } : null,
    fees: fees.filter((fee) => fee.netCents > 0),
    surcharge: t.surcharge > 0 ? { title: input.surchargeTitle, netCents: t.surcharge } : null,
    serviceTaxCents: t.tax - sumCents(items.map((item) => item.taxCents)),
    couponCode: t.couponActive ? t.couponCode : null,
  };
}

/** What the invoice reads of an order (sales_order and its items). */
export interface OrderForInvoice {
  incrementId: string;
  createdAt: Date;
  isCompany: boolean;
  company: string | null;
  fiscalCode: string | null;
  vatId: string | null;
  sdiCode: string | null;
  pecEmail: string | null;
  billing: { firstname: string; lastname: string; street: string[]; postcode: string; city: string; regionCode?: string | null; countryId: string };
  paymentCode: PaymentCode;
  paymentTitle: string;
  paidAt: Date | null;
  couponCode: string | null;
  subtotalCents: Cents;
  discountCents: Cents;
  shippingCents: Cents;
  feeCents: Cents;
  surchargeCents: Cents;
  taxCents: Cents;
  grandTotalCents: Cents;
  shippingTitle: string;
  items: { sku: string; name: string; qty: number; unitNetCents: Cents; taxPercent: number }[];
  /** Null on orders placed before invoices were issued (migration 0024): rebuilt from the totals. */
  fiscal: OrderFiscal | null;
}

const romeDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day in Italy, YYYY-MM-DD: an invoice's date and its numbering year. */
export const italianDay = (date: Date) => romeDay.format(date);

/** 2026, 123 → 2026/000123: the year's register and the number in it. */
export function formatInvoiceNumber(year: number, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 999_999) throw new RangeError(`invoice sequence out of range: ${sequence}`);
  return `${year}/${String(sequence).padStart(6, '0')}`;
}

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The file's progressive: 5 alphanumeric characters, unique for the seller's files: the year as
 * one base-36 digit (2000 + 0…35: unique until 2035, then repeats only after 36 years) and the
 * number in base 36 on 4 (up to 1,679,615 documents a year). 2026/000001 → Q0001.
 */
export function fileProgressive(year: number, sequence: number): string {
  if (year < 2000) throw new RangeError(`year out of range: ${year}`);
  if (sequence < 1 || sequence >= 36 ** 4) throw new RangeError(`invoice sequence out of range for a file progressive: ${sequence}`);
  return BASE36[(year - 2000) % 36]! + sequence.toString(36).toUpperCase().padStart(4, '0');
}

/** IT<P.IVA>_<progressive>.xml (the seller transmits its own files). */
export const invoiceFileName = (document: Pick<InvoiceDocument, 'seller' | 'fileProgressive'>) => `IT${document.seller.vatId}_${document.fileProgressive}.xml`;

/** "Via dell'Esempio 1, 20121 Milano (MI)" → its parts; null when the line does not read so. */
export function parseSeat(address: string): Seat | null {
  const match = /^\s*(.+?)\s*,\s*(\d{5})\s+(.+?)\s*\(([A-Za-z]{2})\)\s*$/.exec(address);
  if (!match) return null;
  return { street: match[1]!, postcode: match[2]!, city: match[3]!, province: match[4]!.toUpperCase(), country: 'IT' };
}

/** SELLER_REA "MI-1234567" → office and number. */
export function parseRea(rea: string | undefined): InvoiceSeller['rea'] {
  const match = rea ? /^\s*([A-Za-z]{2})\s*[- ]\s*(\S{1,20})\s*$/.exec(rea) : null;
  return match ? { office: match[1]!.toUpperCase(), number: match[2]! } : undefined;
}

/** The VAT number without a country prefix, e.g. DE123456789 → 123456789 for DE. */
function vatNumber(vatId: string, country: string): string {
  if (country === 'IT') return normalisePartitaIva(vatId);
  const compact = vatId.replace(/[\s.-]+/g, '').toUpperCase();
  return compact.startsWith(country) && compact.length > country.length ? compact.slice(country.length) : compact;
}

/** Who the invoice is made out to, from the order's billing data. */
export function invoiceBuyer(order: OrderForInvoice): InvoiceBuyerData {
  const b = order.billing;
  const person = `${b.firstname} ${b.lastname}`.trim();
  const company = order.isCompany && order.company ? order.company : null;
  const italy = b.countryId === 'IT';
  return {
    kind: company ? 'company' : 'person',
    name: company ?? person,
    ...(company ? {} : { firstname: b.firstname, lastname: b.lastname }),
    ...(order.vatId ? { vatId: vatNumber(order.vatId, b.countryId), vatCountry: b.countryId } : {}),
    ...(order.fiscalCode ? { fiscalCode: order.fiscalCode.replace(/\s+/g, '').toUpperCase() } : {}),
    ...(order.sdiCode ? { sdiCode: order.sdiCode.trim().toUpperCase() } : {}),
    ...(order.pecEmail ? { pec: order.pecEmail.trim() } : {}),
    seat: {
      street: b.street.filter(Boolean).join(' '),
      postcode: b.postcode,
      city: b.city,
      ...(italy && b.regionCode ? { province: b.regionCode.toUpperCase() } : {}),
      country: b.countryId,
    },
  };
}

/**
 * Whether an order gets an invoice (issue 44): every company order, and a private buyer's when
 * they gave the fiscal data of an invoice (the checkout asks an Italian private buyer for the
 * codice fiscale precisely for it). A foreign private buyer without one is not invoiced.
 */
export function wantsInvoice(order: Pick<OrderForInvoice, 'isCompany' | 'fiscalCode' | 'vatId'>): boolean {
  return order.isCompany || Boolean(order.fiscalCode) || Boolean(order.vatId);
}

/**
 * The fiscal amounts of an order placed before sales_order.fiscal existed: the coupon spread over
 * the lines by their net rows (as a whole-cart coupon is), each line's tax on its row after its
 * share, the fees as one line; the services' tax is what the order's tax leaves.
 */
export function rebuildFiscal(order: OrderForInvoice): OrderFiscal {
  const rows = order.items.map((item) => item.unitNetCents * item.qty);
  const shares = allocateCents(order.discountCents, rows);
  const items = order.items.map((item, i) => ({ ...item, discountCents: shares[i]!, taxCents: percentOf(rows[i]! - shares[i]!, item.taxPercent) }));
  const serviceTaxRate = Math.max(22, ...order.items.map((item) => item.taxPercent));
  return {
    version: 1,
    serviceTaxRate,
    items,
    shipping: order.shippingCents > 0 || order.shippingTitle ? { title: order.shippingTitle, netCents: order.shippingCents } : null,
    fees: order.feeCents > 0 ? [{ title: 'Servizi accessori', netCents: order.feeCents }] : [],
    surcharge: order.surchargeCents > 0 ? { title: order.paymentTitle, netCents: order.surchargeCents } : null,
    serviceTaxCents: order.taxCents - sumCents(items.map((item) => item.taxCents)),
    couponCode: order.couponCode,
  };
}

const rateKey = (line: { taxPercent: number; natura?: Natura | undefined }) => `${line.taxPercent}|${line.natura ?? ''}`;

/** The VAT summary of lines whose tax per rate is already known (`taxOf`), in rate order. */
function summarise(lines: readonly InvoiceLine[], taxOf: (taxPercent: number, taxableCents: Cents) => Cents): VatSummary[] {
  const groups = new Map<string, VatSummary>();
  for (const line of lines) {
    const key = rateKey(line);
    const group = groups.get(key) ?? { taxPercent: line.taxPercent, ...(line.natura ? { natura: line.natura } : {}), taxableCents: 0, taxCents: 0 };
    group.taxableCents += line.totalNetCents;
    groups.set(key, group);
  }
  return [...groups.values()]
    .map((group) => ({ ...group, taxCents: group.taxPercent === 0 ? 0 : taxOf(group.taxPercent, group.taxableCents) }))
    .sort((a, b) => b.taxPercent - a.taxPercent || (a.natura ?? '').localeCompare(b.natura ?? ''));
}

export interface IssueContext {
  type: InvoiceTypeCode;
  year: number;
  sequence: number;
  date: string;
  seller: InvoiceSeller;
  /** The Natura of 0 % lines (INVOICE_ZERO_RATE_NATURA). */
  zeroRateNatura: Natura;
}

const head = (context: IssueContext) => ({
  type: context.type,
  number: formatInvoiceNumber(context.year, context.sequence),
  year: context.year,
  sequence: context.sequence,
  date: context.date,
  fileProgressive: fileProgressive(context.year, context.sequence),
  seller: context.seller,
});

/**
 * The invoice of an order: one line per order line, shipping, each fee and the payment
 * surcharge, the coupon as one negative line per VAT rate; the VAT per rate is the tax the cart
 * charged (each row's and each service's, rounded once as ADR 0009 says), so the document's
 * total is the order's grand total to the cent. Throws if it were not.
 */
export function invoiceDocument(order: OrderForInvoice, context: IssueContext): InvoiceDocument {
  const fiscal = order.fiscal ?? rebuildFiscal(order);
  const natura = (taxPercent: number) => (taxPercent === 0 ? { natura: context.zeroRateNatura } : {});
  const service = fiscal.serviceTaxRate;
  const lines: InvoiceLine[] = fiscal.items.map((item) => ({
    kind: 'item',
    description: item.name,
    sku: item.sku,
    qty: item.qty,
    unitNetCents: item.unitNetCents,
    totalNetCents: item.unitNetCents * item.qty,
    taxPercent: item.taxPercent,
    ...natura(item.taxPercent),
    ...(item.discountCents ? { discountCents: item.discountCents } : {}),
  }));
  const oneOff = (kind: LineKind, description: string, netCents: Cents): InvoiceLine => ({ kind, description, qty: 1, unitNetCents: netCents, totalNetCents: netCents, taxPercent: service, ...natura(service) });
  if (fiscal.shipping && fiscal.shipping.netCents > 0) lines.push(oneOff('shipping', fiscal.shipping.title ? `Spedizione: ${fiscal.shipping.title}` : 'Spedizione', fiscal.shipping.netCents));
  for (const fee of fiscal.fees) if (fee.netCents > 0) lines.push(oneOff('fee', fee.title, fee.netCents));
  if (fiscal.surcharge && fiscal.surcharge.netCents > 0) lines.push(oneOff('surcharge', `Costo pagamento: ${fiscal.surcharge.title}`, fiscal.surcharge.netCents));
  // The coupon: one negative line per VAT rate, the sum of that rate's lines' shares.
  const discounts = new Map<string, InvoiceLine>();
  for (const item of fiscal.items.filter((i) => i.discountCents > 0)) {
    const key = rateKey({ taxPercent: item.taxPercent, ...natura(item.taxPercent) });
    const line = discounts.get(key) ?? { kind: 'discount' as const, description: fiscal.couponCode ? `Sconto coupon ${fiscal.couponCode}` : 'Sconto', qty: 1, unitNetCents: 0, totalNetCents: 0, taxPercent: item.taxPercent, ...natura(item.taxPercent) };
    line.unitNetCents -= item.discountCents;
    line.totalNetCents -= item.discountCents;
    discounts.set(key, line);
  }
  lines.push(...discounts.values());

  const itemTax = new Map<number, Cents>();
  for (const item of fiscal.items) itemTax.set(item.taxPercent, (itemTax.get(item.taxPercent) ?? 0) + item.taxCents);
  const summary = summarise(lines, (rate) => (itemTax.get(rate) ?? 0) + (rate === service ? fiscal.serviceTaxCents : 0));
  const taxableCents = sumCents(summary.map((s) => s.taxableCents));
  const taxCents = sumCents(summary.map((s) => s.taxCents));
  if (taxableCents + taxCents !== order.grandTotalCents || taxCents !== order.taxCents) {
    throw new Error(`Invoice of order ${order.incrementId} would total ${taxableCents + taxCents} cents (tax ${taxCents}), not the order's ${order.grandTotalCents} (tax ${order.taxCents})`);
  }
  const buyer = invoiceBuyer(order);
  return {
    ...head(context),
    order: { incrementId: order.incrementId, date: italianDay(order.createdAt) },
    buyer,
    lines,
    summary,
    taxableCents,
    taxCents,
    totalCents: taxableCents + taxCents,
    ...(fiscal.couponCode ? { couponCode: fiscal.couponCode } : {}),
    payment: { code: order.paymentCode, title: order.paymentTitle, ...(order.paidAt ? { paidAt: italianDay(order.paidAt) } : {}) },
    courtesyCopy: buyer.seat.country === 'IT',
  };
}

/** What a credit note credits: some of the invoice's lines (by index, all or part of the quantity), or free amounts. */
export type CreditRequest =
  | { whole: true; reason?: string }
  | {
      whole?: false;
      reason?: string;
      /** Invoice lines by their 0-based index, with the quantity credited (default: all of it). */
      lines?: { index: number; qty?: number }[];
      /** Other amounts: a partial refund of shipping, a goodwill amount… net, at a rate. */
      amounts?: { description: string; netCents: Cents; taxPercent: number }[];
      /**
       * The credit's total when it is the rest of the invoice (its last credit): the VAT rounded
       * per credit differs from the invoice's by a cent or two, which the VAT of the highest rate
       * takes, so that invoice and credits cancel out to the cent.
       */
      totalCents?: Cents;
    };

/** What an earlier credit took from an invoice: its total and its credit lines (a credit note, or a refund of an order without invoice). */
export interface Credited {
  totalCents: Cents;
  lines: readonly Pick<InvoiceLine, 'kind' | 'creditsLine' | 'qty'>[];
}

/** Whether a credit line leaves the invoice line's quantity within what is left. */
export class CreditRefused extends Error {}

/**
 * A credit note (TD04) correcting an invoice: the whole invoice (its lines and VAT as they
 * were), or some lines (an item's share of the coupon goes with it, pro rata) and amounts, with
 * the VAT rounded once per rate. `already` are the credit notes issued before: what they credited
 * is no longer available, and the credit never exceeds the invoice.
 */
export function creditNoteDocument(invoice: InvoiceDocument & { id: number }, request: CreditRequest, already: readonly Credited[], context: IssueContext): InvoiceDocument {
  const creditedCents = sumCents(already.map((note) => note.totalCents));
  let lines: InvoiceLine[];
  let summary: VatSummary[];
  if (request.whole) {
    if (already.length > 0) throw new CreditRefused(`Invoice ${invoice.number} already has a credit note: credit what is left by lines or amounts`);
    lines = invoice.lines.map((line) => ({ ...line }));
    summary = invoice.summary.map((row) => ({ ...row }));
  } else {
    lines = [];
    for (const { index, qty } of request.lines ?? []) {
      const line = invoice.lines[index];
      if (!line || (line.kind !== 'item' && line.kind !== 'shipping' && line.kind !== 'fee' && line.kind !== 'surcharge')) throw new CreditRefused(`Invoice ${invoice.number} has no line ${index + 1} to credit`);
      const creditedQty = sumCents(already.flatMap((note) => note.lines.filter((l) => l.kind === 'credit' && l.creditsLine === index).map((l) => l.qty)));
      const quantity = qty ?? line.qty - creditedQty;
      if (!Number.isInteger(quantity) || quantity < 1 || quantity + creditedQty > line.qty) throw new CreditRefused(`Line ${index + 1} of invoice ${invoice.number} has ${line.qty - creditedQty} left to credit, not ${qty ?? 0}`);
      const net = line.totalNetCents - (line.discountCents ?? 0);
      const totalNetCents = quantity === line.qty ? net : Math.round((net * quantity) / line.qty);
      lines.push({ kind: 'credit', description: line.description, ...(line.sku ? { sku: line.sku } : {}), creditsLine: index, qty: quantity, unitNetCents: totalNetCents / quantity, totalNetCents, taxPercent: line.taxPercent, ...(line.natura ? { natura: line.natura } : {}) });
    }
    for (const amount of request.amounts ?? []) {
      if (!Number.isInteger(amount.netCents) || amount.netCents <= 0) throw new CreditRefused('A credited amount must be a positive number of cents');
      lines.push({ kind: 'credit', description: amount.description, qty: 1, unitNetCents: amount.netCents, totalNetCents: amount.netCents, taxPercent: amount.taxPercent, ...(amount.taxPercent === 0 ? { natura: context.zeroRateNatura } : {}) });
    }
    if (lines.length === 0) throw new CreditRefused('A credit note needs at least one line or amount');
    summary = summarise(lines, (rate, taxable) => percentOf(taxable, rate));
    const target = request.totalCents;
    if (target !== undefined) {
      const taxed = summary.find((row) => row.taxPercent > 0);
      const difference = target - sumCents(summary.map((row) => row.taxableCents + row.taxCents));
      if (Math.abs(difference) > summary.length || (difference !== 0 && !taxed)) throw new CreditRefused(`The credited lines total ${target - difference} cents, too far from the rest of ${target}`);
      if (taxed) taxed.taxCents += difference;
    }
  }
  const taxableCents = sumCents(summary.map((s) => s.taxableCents));
  const taxCents = sumCents(summary.map((s) => s.taxCents));
  if (creditedCents + taxableCents + taxCents > invoice.totalCents) {
    throw new CreditRefused(`Invoice ${invoice.number} totals ${invoice.totalCents} cents and ${creditedCents} are already credited: ${taxableCents + taxCents} more is too much`);
  }
  return {
    ...head(context),
    order: invoice.order,
    buyer: invoice.buyer,
    lines,
    summary,
    taxableCents,
    taxCents,
    totalCents: taxableCents + taxCents,
    payment: invoice.payment,
    corrects: { id: invoice.id, number: invoice.number, date: invoice.date },
    reason: request.reason ?? `Nota di credito a storno ${request.whole ? 'totale' : 'parziale'} della fattura n. ${invoice.number} del ${invoice.date.split('-').reverse().join('/')}`,
    courtesyCopy: invoice.courtesyCopy,
  };
}
