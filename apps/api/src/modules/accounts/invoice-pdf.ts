import { formatDate, formatPrice, type Cents } from '@shop/domain';
import PDFDocument from 'pdfkit';

/** The shop's fiscal identity, printed on every invoice (config.ts: SELLER_*). */
export interface Seller {
  name: string;
  /** Partita IVA, 11 digits. */
  vatId: string;
  fiscalCode: string;
  /** Registered office on one line: street, postcode, city (province). */
  address: string;
  pec?: string;
  /** Registro delle imprese number, e.g. MI-1234567. */
  rea?: string;
  /** The customers' line and mailbox (footer, legal pages, contact form); always set by config.ts. */
  phone?: string;
  email?: string;
}

export interface InvoiceBuyer {
  /** The company, or a private buyer's first and last name. */
  name: string;
  /** Street and number, then postcode, city and province, then the country. */
  address: string[];
  fiscalCode?: string;
  vatId?: string;
  sdiCode?: string;
  pecEmail?: string;
}

export interface InvoiceLine {
  sku: string;
  name: string;
  qty: number;
  unitNetCents: Cents;
  taxPercent: number;
  rowNetCents: Cents;
}

/** Everything an invoice shows, already decided: the PDF only lays it out. Amounts excluding VAT but `taxCents` and `grandTotalCents`. */
export interface InvoiceView {
  /** Fattura (default) or Nota di credito. */
  title?: string;
  number: string;
  date: Date;
  seller: Seller;
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
  totals: {
    goodsCents: Cents;
    /** Positive amount taken off the goods. */
    discountCents: Cents;
    couponCode?: string;
    shippingCents: Cents;
    /** Delivery services and product fees. */
    servicesCents: Cents;
    /** The payment method's surcharge (cash on delivery). */
    surchargeCents: Cents;
    taxableCents: Cents;
    taxCents: Cents;
    grandTotalCents: Cents;
  };
  payment: { title: string; fatturapaCode: string; paidAt?: Date };
  /** A credit note's reason and the invoice it corrects. */
  note?: string;
  /** The electronic invoice goes to the buyer through SDI: this PDF is then only a courtesy copy. */
  courtesyCopy: boolean;
}

/** The usual wording of a courtesy copy (the fiscal document is the XML sent through SDI). */
export const COURTESY_COPY_NOTE =
  "Copia di cortesia, priva di valenza fiscale ai sensi dell'art. 21 DPR 633/72: la fattura elettronica è trasmessa tramite il Sistema di Interscambio (SdI) " +
  "al codice destinatario o alla PEC indicati ed è consultabile nell'area riservata del sito dell'Agenzia delle Entrate.";

const italianNumber = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });

/** dd/mm/yyyy in the shop's time zone. */
export const invoiceDate = (date: Date) => formatDate(date, { padded: true });

const MARGIN = 50;
// The standard Helvetica needs no font file and encodes WinAnsi: € and accented letters print.
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';

const COLUMNS = [
  { title: 'Codice', width: 85, align: 'left' },
  { title: 'Descrizione', width: 170, align: 'left' },
  { title: 'Q.tà', width: 35, align: 'right' },
  { title: 'Prezzo unitario', width: 75, align: 'right' },
  { title: 'IVA', width: 40, align: 'right' },
  { title: 'Importo', width: 90, align: 'right' },
] as const;
const CELL_PADDING = 3;

type Doc = PDFKit.PDFDocument;

const contentWidth = (doc: Doc) => doc.page.width - MARGIN * 2;
const bottom = (doc: Doc) => doc.page.height - MARGIN;

/** Moves to a new page when `height` does not fit below `y`; the y to draw at. */
function room(doc: Doc, y: number, height: number): number {
  if (y + height <= bottom(doc)) return y;
  doc.addPage();
  return MARGIN;
}

function header(doc: Doc, view: InvoiceView): number {
  const width = contentWidth(doc);
  const { seller } = view;
  doc.font(BOLD).fontSize(20).text(view.title ?? 'Fattura', MARGIN, MARGIN, { width, align: 'right' });
  doc.font(REGULAR).fontSize(10).text(`n. ${view.number} del ${invoiceDate(view.date)}`, { width, align: 'right' });
  const titleBottom = doc.y;
  doc.font(BOLD).fontSize(12).text(seller.name, MARGIN, MARGIN, { width: width * 0.6 });
  const details = [seller.address, `Partita IVA ${seller.vatId}`, `Codice fiscale ${seller.fiscalCode}`, seller.rea && `REA ${seller.rea}`, seller.pec && `PEC ${seller.pec}`];
  doc.font(REGULAR).fontSize(9).text(details.filter(Boolean).join('\n'), { width: width * 0.6 });
  return Math.max(titleBottom, doc.y) + 20;
}

function buyerBlock(doc: Doc, view: InvoiceView, y: number): number {
  const { buyer } = view;
  const x = MARGIN + contentWidth(doc) / 2;
  const width = contentWidth(doc) / 2;
  doc.font(BOLD).fontSize(9).text('Destinatario', x, y, { width });
  doc.fontSize(11).text(buyer.name, { width });
  const fiscal = [
    buyer.fiscalCode && `Codice fiscale ${buyer.fiscalCode}`,
    buyer.vatId && `Partita IVA ${buyer.vatId}`,
    buyer.sdiCode && `Codice destinatario SDI ${buyer.sdiCode}`,
    buyer.pecEmail && `PEC ${buyer.pecEmail}`,
  ];
  doc.font(REGULAR).fontSize(9).text([...buyer.address, ...fiscal.filter(Boolean)].join('\n'), { width });
  return doc.y + 20;
}

const TITLES = COLUMNS.map((column) => column.title);

/** A table row's height: each cell wraps within its column; the row is as tall as its tallest cell. */
function rowHeight(doc: Doc, cells: readonly string[], font: string): number {
  doc.font(font).fontSize(9);
  return Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: COLUMNS[i]!.width - CELL_PADDING * 2 }))) + CELL_PADDING * 2;
}

/** Draws a row at `y` with a rule under it; the y below it. */
function row(doc: Doc, cells: readonly string[], y: number, font: string): number {
  const height = rowHeight(doc, cells, font);
  let x = MARGIN;
  cells.forEach((cell, i) => {
    const column = COLUMNS[i]!;
    doc.text(cell, x + CELL_PADDING, y + CELL_PADDING, { width: column.width - CELL_PADDING * 2, align: column.align });
    x += column.width;
  });
  doc
    .moveTo(MARGIN, y + height)
    .lineTo(MARGIN + contentWidth(doc), y + height)
    .lineWidth(font === BOLD ? 1 : 0.5)
    .stroke();
  return y + height;
}

function lines(doc: Doc, view: InvoiceView, y: number): number {
  let at = row(doc, TITLES, room(doc, y, rowHeight(doc, TITLES, BOLD) * 2), BOLD);
  for (const line of view.lines) {
    const cells = [line.sku, line.name, String(line.qty), formatPrice(line.unitNetCents), `${italianNumber.format(line.taxPercent)}%`, formatPrice(line.rowNetCents)];
    const top = room(doc, at, rowHeight(doc, cells, REGULAR));
    // A row that moves to a new page gets the column titles above it again.
    at = row(doc, cells, top === at ? at : row(doc, TITLES, top, BOLD), REGULAR);
  }
  return at + 12;
}

function totals(doc: Doc, view: InvoiceView, y: number): number {
  const t = view.totals;
  const entries: [string, Cents][] = [
    ['Totale merce', t.goodsCents],
    ...(t.discountCents > 0 ? [[t.couponCode ? `Sconto (${t.couponCode})` : 'Sconto', -t.discountCents] as [string, Cents]] : []),
    ['Spedizione', t.shippingCents],
    ...(t.servicesCents > 0 ? [['Servizi accessori', t.servicesCents] as [string, Cents]] : []),
    ...(t.surchargeCents > 0 ? [['Supplemento pagamento', t.surchargeCents] as [string, Cents]] : []),
    ['Imponibile', t.taxableCents],
    ['IVA', t.taxCents],
  ];
  const lineHeight = 15;
  let at = room(doc, y, (entries.length + 1) * lineHeight + 6);
  const valueWidth = 100;
  const labelX = MARGIN + contentWidth(doc) - 260;
  const valueX = MARGIN + contentWidth(doc) - valueWidth;
  doc.font(REGULAR).fontSize(10);
  for (const [label, cents] of entries) {
    doc.text(label, labelX, at, { width: 160 });
    doc.text(formatPrice(cents), valueX, at, { width: valueWidth, align: 'right' });
    at += lineHeight;
  }
  doc.moveTo(labelX, at).lineTo(valueX + valueWidth, at).lineWidth(1).stroke();
  at += 6;
  doc.font(BOLD).fontSize(12);
  doc.text('Totale documento', labelX, at, { width: 160 });
  doc.text(formatPrice(t.grandTotalCents), valueX, at, { width: valueWidth, align: 'right' });
  return at + lineHeight + 20;
}

function notes(doc: Doc, view: InvoiceView, y: number): void {
  const { payment } = view;
  const paid = payment.paidAt ? ` - pagamento ricevuto il ${invoiceDate(payment.paidAt)}` : '';
  const width = contentWidth(doc);
  doc.font(REGULAR).fontSize(9).text(`Modalità di pagamento: ${payment.title} (${payment.fatturapaCode})${paid}`, MARGIN, room(doc, y, 40), { width });
  doc.text('Prezzi unitari e importi delle righe IVA esclusa.', { width });
  if (view.note) doc.text(view.note, { width });
  if (view.courtesyCopy) doc.moveDown().fontSize(8).text(COURTESY_COPY_NOTE, { width });
}

/** The invoice as an A4 PDF. */
export function renderInvoicePdf(view: InvoiceView): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${view.title ?? 'Fattura'} n. ${view.number}`, Author: view.seller.name, CreationDate: view.date } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const afterHeader = header(doc, view);
  notes(doc, view, totals(doc, view, lines(doc, view, buyerBlock(doc, view, afterHeader))));
  doc.end();
  return done;
}
