import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Jsonb<T> = ColumnType<T, string, string>;

/** FatturaPA TipoDocumento of the shop's documents: TD01 invoice, TD04 credit note. */
export type InvoiceType = 'TD01' | 'TD04';

/** The year's last invoice number (migration 0024): one row per calendar year. */
export interface InvoiceSequenceTable {
  year: number;
  last_value: number;
}

/** An issued invoice or credit note (migration 0024): immutable, `document` is its content as issued. */
export interface InvoiceTable {
  id: Generated<number>;
  type: InvoiceType;
  year: number;
  sequence: number;
  /** The legal number, e.g. 2026/000123. */
  number: string;
  /** The document's date (Europe/Rome), YYYY-MM-DD. */
  issue_date: ColumnType<string, string, never>;
  order_id: number;
  /** The invoice a credit note corrects; null for an invoice. */
  corrects_invoice_id: number | null;
  total_cents: number;
  /** The FatturaPA file name, IT<P.IVA>_<progressive>.xml. */
  file_name: string;
  document: Jsonb<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface InvoiceTables {
  invoice_sequence: InvoiceSequenceTable;
  invoice: InvoiceTable;
}
