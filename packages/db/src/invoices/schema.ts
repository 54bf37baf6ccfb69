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

/** Where a transmission to the SdI stands: queued for the worker, sent and waiting, the SdI's outcome, or given up (never sent). */
export type SdiTransmissionStatus = 'queued' | 'sent' | 'delivered' | 'not_delivered' | 'rejected' | 'failed';

/** One sending of an issued document to the SdI through the intermediary (migration 0029). */
export interface SdiTransmissionTable {
  id: Generated<number>;
  invoice_id: number;
  status: ColumnType<SdiTransmissionStatus, SdiTransmissionStatus | undefined, SdiTransmissionStatus>;
  attempts: Generated<number>;
  /** Next send attempt (queued) or state query (sent); a claimed row's lease end. */
  next_attempt_at: Timestamp;
  /** The intermediary's id of the sent file. */
  channel_id: string | null;
  /** The SdI's notification as the intermediary reported it (type, code, text, time). */
  notification: ColumnType<unknown, string | null | undefined, string | null>;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  updated_at: Timestamp;
}

export interface InvoiceTables {
  sdi_transmission: SdiTransmissionTable;
  invoice_sequence: InvoiceSequenceTable;
  invoice: InvoiceTable;
}
