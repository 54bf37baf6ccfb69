import type { Cents } from '@shop/domain';
import { invoiceFileName, type InvoiceDocument, type InvoiceLine, type Seat } from './document.ts';

/**
 * FatturaPA XML 1.2.2 (FPR12, invoices to businesses and consumers) of an issued document (ADR
 * 0028). Pure: the document in, the file's name and bytes out; valid against the official XSD
 * kept in ./xsd (tests check every case with xmllint).
 */

export const FATTURAPA_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';

/** CodiceDestinatario when the buyer is reached by PEC or is a consumer (the SdI's own code). */
export const NO_SDI_CODE = '0000000';
/** CodiceDestinatario of a buyer abroad. */
export const FOREIGN_SDI_CODE = 'XXXXXXX';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Typographic characters outside Latin-1 and their plain equivalents. */
const LATIN1_SUBSTITUTES: Record<string, string> = {
  '€': 'EUR', '‘': "'", '’': "'", '‚': ',', '“': '"', '”': '"', '„': '"', '–': '-', '—': '-', '…': '...', '•': '-', '™': '(TM)', 'Œ': 'OE', 'œ': 'oe', 'Š': 'S', 'š': 's', 'Ž': 'Z', 'ž': 'z', 'Ÿ': 'Y',
};

/**
 * A text as the schema's Latin types take it: Latin-1 only (other characters replaced or
 * dropped), whitespace collapsed, cut to `max` characters.
 */
export function latin(text: string, max: number): string {
  const plain = [...text.normalize('NFC')]
    .map((ch) => (ch.charCodeAt(0) <= 0xff ? ch : (LATIN1_SUBSTITUTES[ch] ?? ch.normalize('NFD').replace(/[^\x00-\xff]/g, ''))))
    .join('')
    .replace(/[\x00-\x1f\x7f-\x9f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...plain].slice(0, max).join('').trim() || '-';
}

/** Basic-Latin (ASCII) texts: numbers, codes. */
const ascii = (text: string, max: number) => text.replace(/[^\x20-\x7e]/g, '').slice(0, max);

/** Cents as the schema's 2-decimal amount: 12345 → "123.45", -50 → "-0.50". */
export function amount(cents: Cents): string {
  if (!Number.isInteger(cents)) throw new RangeError(`not whole cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A unit price: 2 decimals, or up to 8 for a fraction of a cent (a partly credited line). */
export function unitAmount(cents: number): string {
  if (Number.isInteger(cents)) return amount(cents);
  const fixed = (cents / 100).toFixed(8).replace(/0+$/, '');
  return /\.\d$/.test(fixed) ? `${fixed}0` : fixed;
}

/** A rate or a quantity: 22 → "22.00", 5.5 → "5.50". */
const decimal = (value: number) => value.toFixed(2);

type Node = string | false | undefined | null;

/** An element with text content, or nothing when the value is absent. */
const leaf = (name: string, value: string | undefined | null): Node => (value === undefined || value === null ? null : `<${name}>${escape(value)}</${name}>`);
const el = (name: string, ...children: Node[]): string => `<${name}>${children.filter(Boolean).join('')}</${name}>`;

function seat(name: string, s: Seat): string {
  const italy = s.country === 'IT';
  return el(
    name,
    leaf('Indirizzo', latin(s.street, 60)),
    // A foreign postcode is not five digits: the SdI's convention is 00000.
    leaf('CAP', /^\d{5}$/.test(s.postcode) ? s.postcode : '00000'),
    leaf('Comune', latin(s.city, 60)),
    italy && s.province && /^[A-Z]{2}$/.test(s.province) ? leaf('Provincia', s.province) : null,
    leaf('Nazione', s.country),
  );
}

/** Where the SdI delivers the file: the buyer's SDI code, or 0000000 (PEC or consumer), or XXXXXXX abroad. */
export function recipientCode(document: Pick<InvoiceDocument, 'buyer'>): { code: string; pec?: string } {
  const { buyer } = document;
  if (buyer.seat.country !== 'IT') return { code: FOREIGN_SDI_CODE };
  if (buyer.sdiCode && /^[A-Z0-9]{7}$/.test(buyer.sdiCode) && buyer.sdiCode !== NO_SDI_CODE) return { code: buyer.sdiCode };
  return buyer.pec ? { code: NO_SDI_CODE, pec: buyer.pec } : { code: NO_SDI_CODE };
}

function header(d: InvoiceDocument): string {
  const { seller, buyer } = d;
  const recipient = recipientCode(d);
  const transmission = el(
    'DatiTrasmissione',
    el('IdTrasmittente', leaf('IdPaese', 'IT'), leaf('IdCodice', seller.vatId)),
    leaf('ProgressivoInvio', d.fileProgressive),
    leaf('FormatoTrasmissione', 'FPR12'),
    leaf('CodiceDestinatario', recipient.code),
    recipient.pec ? leaf('PECDestinatario', recipient.pec) : null,
  );
  // Contatti: the phone only when the schema's 5 to 12 characters hold it whole.
  const phone = seller.phone?.replace(/[^\d+]/g, '');
  const contacts = [phone && phone.length >= 5 && phone.length <= 12 ? leaf('Telefono', phone) : null, seller.email ? leaf('Email', ascii(seller.email, 256)) : null].filter(Boolean);
  const cedente = el(
    'CedentePrestatore',
    el(
      'DatiAnagrafici',
      el('IdFiscaleIVA', leaf('IdPaese', 'IT'), leaf('IdCodice', seller.vatId)),
      seller.fiscalCode ? leaf('CodiceFiscale', seller.fiscalCode) : null,
      el('Anagrafica', leaf('Denominazione', latin(seller.name, 80))),
      leaf('RegimeFiscale', seller.regimeFiscale),
    ),
    seat('Sede', seller.seat),
    seller.rea ? el('IscrizioneREA', leaf('Ufficio', seller.rea.office), leaf('NumeroREA', ascii(seller.rea.number, 20)), leaf('StatoLiquidazione', 'LN')) : null,
    contacts.length > 0 ? el('Contatti', ...contacts) : null,
  );
  const anagrafica =
    buyer.kind === 'company'
      ? el('Anagrafica', leaf('Denominazione', latin(buyer.name, 80)))
      : el('Anagrafica', leaf('Nome', latin(buyer.firstname ?? buyer.name, 60)), leaf('Cognome', latin(buyer.lastname ?? buyer.name, 60)));
  const cessionario = el(
    'CessionarioCommittente',
    el(
      'DatiAnagrafici',
      buyer.vatId ? el('IdFiscaleIVA', leaf('IdPaese', buyer.vatCountry ?? buyer.seat.country), leaf('IdCodice', ascii(buyer.vatId, 28))) : null,
      buyer.fiscalCode && /^[A-Z0-9]{11,16}$/.test(buyer.fiscalCode) ? leaf('CodiceFiscale', buyer.fiscalCode) : null,
      anagrafica,
    ),
    seat('Sede', buyer.seat),
  );
  return el('FatturaElettronicaHeader', transmission, cedente, cessionario);
}

/** TipoCessionePrestazione: SC for a discount, AC for an accessory charge (shipping, fees, payment cost). */
const KIND_CODES: Partial<Record<InvoiceLine['kind'], string>> = { discount: 'SC', shipping: 'AC', fee: 'AC', surcharge: 'AC' };

function line(l: InvoiceLine, number: number): string {
  return el(
    'DettaglioLinee',
    leaf('NumeroLinea', String(number)),
    KIND_CODES[l.kind] ? leaf('TipoCessionePrestazione', KIND_CODES[l.kind]!) : null,
    l.sku ? el('CodiceArticolo', leaf('CodiceTipo', 'SKU'), leaf('CodiceValore', latin(l.sku, 35))) : null,
    leaf('Descrizione', latin(l.description, 1000)),
    leaf('Quantita', decimal(l.qty)),
    leaf('PrezzoUnitario', unitAmount(l.unitNetCents)),
    leaf('PrezzoTotale', amount(l.totalNetCents)),
    leaf('AliquotaIVA', decimal(l.taxPercent)),
    l.natura ? leaf('Natura', l.natura) : null,
  );
}

const DDMMYYYY = (day: string) => day.split('-').reverse().join('/');

function body(d: InvoiceDocument): string {
  const causale = d.reason ?? `Ordine n. ${d.order.incrementId} del ${DDMMYYYY(d.order.date)}`;
  const generali = el(
    'DatiGenerali',
    el(
      'DatiGeneraliDocumento',
      leaf('TipoDocumento', d.type),
      leaf('Divisa', 'EUR'),
      leaf('Data', d.date),
      leaf('Numero', d.number),
      leaf('ImportoTotaleDocumento', amount(d.totalCents)),
      leaf('Causale', latin(causale, 200)),
    ),
    el('DatiOrdineAcquisto', leaf('IdDocumento', ascii(d.order.incrementId, 20)), leaf('Data', d.order.date)),
    d.corrects ? el('DatiFattureCollegate', leaf('IdDocumento', d.corrects.number), leaf('Data', d.corrects.date)) : null,
  );
  const beni = el(
    'DatiBeniServizi',
    ...d.lines.map((l, i) => line(l, i + 1)),
    ...d.summary.map((s) =>
      el(
        'DatiRiepilogo',
        leaf('AliquotaIVA', decimal(s.taxPercent)),
        s.natura ? leaf('Natura', s.natura) : null,
        leaf('ImponibileImporto', amount(s.taxableCents)),
        leaf('Imposta', amount(s.taxCents)),
        s.taxPercent > 0 ? leaf('EsigibilitaIVA', 'I') : null,
        s.natura ? leaf('RiferimentoNormativo', NATURA_REFERENCES[s.natura] ?? `Operazione ${s.natura}`) : null,
      ),
    ),
  );
  // A credit note is not paid by the buyer: the refund is recorded with the order, not here.
  const pagamento =
    d.type === 'TD01'
      ? el(
          'DatiPagamento',
          leaf('CondizioniPagamento', 'TP02'),
          el('DettaglioPagamento', leaf('ModalitaPagamento', d.payment.code), leaf('ImportoPagamento', amount(d.totalCents))),
        )
      : null;
  return el('FatturaElettronicaBody', generali, beni, pagamento);
}

/** The law a 0 % summary row names (RiferimentoNormativo), for the codes a shop meets. */
const NATURA_REFERENCES: Partial<Record<string, string>> = {
  'N1': 'Escluse ex art. 15 DPR 633/72',
  'N2.1': 'Non soggette ad IVA ai sensi degli artt. da 7 a 7-septies DPR 633/72',
  'N2.2': 'Non soggette - altri casi',
  'N3.1': 'Non imponibili - esportazioni, art. 8 DPR 633/72',
  'N3.2': 'Non imponibili - cessioni intracomunitarie, art. 41 DL 331/93',
  'N4': 'Esenti ex art. 10 DPR 633/72',
  'N5': 'Regime del margine',
};

/** The FatturaPA file of an issued invoice or credit note. */
export function fatturaPaXml(document: InvoiceDocument): { fileName: string; xml: string } {
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<p:FatturaElettronica versione="FPR12" xmlns:p="${FATTURAPA_NAMESPACE}" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    header(document) +
    body(document) +
    '</p:FatturaElettronica>\n';
  return { fileName: invoiceFileName(document), xml };
}
