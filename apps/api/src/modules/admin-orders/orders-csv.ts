import type { AdminOrderRow } from '@shop/db';

/**
 * The orders export as a spreadsheet opens it in Italy: `;`-separated, UTF-8 with a BOM (so
 * Excel reads the accents), Italian headers, amounts with a decimal comma, dates as Europe/Rome
 * "DD/MM/YYYY HH:mm". A cell starting with = + - @ (or a tab or carriage return) gets a leading
 * ' so that no spreadsheet runs it as a formula (CSV injection).
 */
const STATUS: Record<string, string> = {
  pending_payment: 'In attesa di pagamento',
  processing: 'In lavorazione',
  canceled: 'Annullato',
  expired: 'Scaduto',
  complete: 'Completato',
  closed: 'Chiuso',
};
const PAYMENT: Record<string, string> = {
  pending: 'In attesa',
  paid: 'Pagato',
  canceled: 'Annullato',
  expired: 'Scaduto',
  partially_refunded: 'Rimborsato in parte',
  refunded: 'Rimborsato',
};
const SHIPPING: Record<string, string> = { not_shipped: 'Da spedire', partially_shipped: 'Spedito in parte', shipped: 'Spedito' };

export const CSV_HEADERS = [
  'Numero ordine',
  'Data',
  'Stato',
  'Metodo di pagamento',
  'Stato pagamento',
  'Stato spedizione',
  'E-mail',
  'Nome',
  'Cliente',
  'Ragione sociale',
  'Partita IVA',
  'Codice fiscale',
  'Totale (EUR)',
  'Rimborsato (EUR)',
];

const romeTime = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** DD/MM/YYYY HH:mm in Europe/Rome. */
export function romeDateTime(date: Date): string {
  const part = Object.fromEntries(romeTime.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}

/** 123456 → "1234,56" (no thousands separator: a spreadsheet reads it as a number). */
export const csvAmount = (cents: number) => `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** One cell: defused if it could start a formula, quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (cells: string[]) => `${cells.map(csvCell).join(';')}\r\n`;

export function csvRow(row: AdminOrderRow): string {
  return line([
    row.increment_id,
    romeDateTime(row.created_at),
    STATUS[row.status] ?? row.status,
    row.payment_title ?? row.payment_method,
    PAYMENT[row.payment_status] ?? row.payment_status,
    SHIPPING[row.shipping_status] ?? row.shipping_status,
    row.email,
    [row.firstname, row.lastname].filter(Boolean).join(' '),
    row.is_company ? 'Azienda' : 'Privato',
    row.company ?? '',
    row.vat_id ?? '',
    row.fiscal_code ?? '',
    csvAmount(row.grand_total_cents),
    csvAmount(row.refunded_cents),
  ]);
}

/** The file: BOM and headers, then one string per batch of rows. */
export async function* ordersCsv(batches: AsyncIterable<AdminOrderRow[]>): AsyncGenerator<string> {
  yield `\uFEFF${line(CSV_HEADERS)}`;
  for await (const rows of batches) yield rows.map(csvRow).join('');
}
