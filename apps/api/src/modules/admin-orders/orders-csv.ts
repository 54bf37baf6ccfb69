import type { AdminOrderRow } from '@shop/db';
import { csvAmount, csvFile, romeDateTime } from '../admin/csv.ts';

/** The orders export (the back office's CSV rules: admin/csv.ts), its states in Italian. */
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

function cellsOf(row: AdminOrderRow): string[] {
  return [
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
  ];
}

/** The file: BOM and headers, then one string per batch of rows. */
export function ordersCsv(batches: AsyncIterable<AdminOrderRow[]>): AsyncGenerator<string> {
  return csvFile(CSV_HEADERS, batches, cellsOf);
}
