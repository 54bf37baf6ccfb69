import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../connect.ts';
import { jsonb } from '../sql-values.ts';
import type { InvoiceTable } from './schema.ts';

export type InvoiceRow = Omit<Selectable<InvoiceTable>, 'issue_date'> & { issue_date: string };
export type NewInvoice = Omit<Insertable<InvoiceTable>, 'document' | 'id' | 'created_at'> & { document: Record<string, unknown> };

/**
 * The next number of the year's register, taken in the issuing transaction by an upsert of the
 * year's row: concurrent issuers queue on its row lock until the first commits, and a rolled-back
 * issue gives its number back, so the year's numbers are 1, 2, 3… without gaps or duplicates.
 */
export async function nextInvoiceSequence(db: Db, year: number): Promise<number> {
  const row = await db
    .insertInto('invoice_sequence')
    .values({ year, last_value: 1 })
    .onConflict((oc) => oc.column('year').doUpdateSet({ last_value: sql`invoice_sequence.last_value + 1` }))
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return row.last_value;
}

// The date column is read as text on both drivers: a calendar day has no time zone to shift.
const columns = [
  'id',
  'type',
  'year',
  'sequence',
  'number',
  sql<string>`to_char(issue_date, 'YYYY-MM-DD')`.as('issue_date'),
  'order_id',
  'corrects_invoice_id',
  'total_cents',
  'file_name',
  'document',
  'created_at',
] as const;

export async function insertInvoice(db: Db, invoice: NewInvoice): Promise<InvoiceRow> {
  const { id } = await db
    .insertInto('invoice')
    .values({ ...invoice, document: jsonb(invoice.document) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findInvoice(db, id))!;
}

export function findInvoice(db: Db, id: number): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoice').select(columns).where('id', '=', id).executeTakeFirst();
}

/** An order's invoice (TD01), if issued. */
export function findOrderInvoice(db: Db, orderId: number): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoice').select(columns).where('order_id', '=', orderId).where('type', '=', 'TD01').executeTakeFirst();
}

/** An order's invoice and credit notes, in number order. */
export function findOrderInvoices(db: Db, orderId: number): Promise<InvoiceRow[]> {
  return db.selectFrom('invoice').select(columns).where('order_id', '=', orderId).orderBy('year').orderBy('sequence').execute();
}

/** The credit notes already issued against an invoice. */
export function findCreditNotes(db: Db, invoiceId: number): Promise<InvoiceRow[]> {
  return db.selectFrom('invoice').select(columns).where('corrects_invoice_id', '=', invoiceId).orderBy('year').orderBy('sequence').execute();
}

/**
 * A page of the documents issued in a month (`YYYY-MM`), in number order after `afterSequence`:
 * the month's export reads the register a page at a time.
 */
export function findMonthInvoices(db: Db, month: string, afterSequence: number, limit: number): Promise<InvoiceRow[]> {
  const [year, mm] = month.split('-').map(Number) as [number, number];
  const next = mm === 12 ? `${year + 1}-01-01` : `${year}-${String(mm + 1).padStart(2, '0')}-01`;
  return db
    .selectFrom('invoice')
    .select(columns)
    .where('issue_date', '>=', sql<string>`${`${month}-01`}::date`)
    .where('issue_date', '<', sql<string>`${next}::date`)
    .where('sequence', '>', afterSequence)
    .orderBy('sequence')
    .limit(limit)
    .execute();
}
