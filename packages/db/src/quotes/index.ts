import type { Db } from '../connect.ts';
import { jsonb } from '../sql-values.ts';
import type { QuoteContact, QuoteItem } from './schema.ts';

export type * from './schema.ts';

export interface NewQuoteRequest {
  customer_id: number | null;
  email: string;
  contact: QuoteContact;
  items: QuoteItem[];
  message: string;
  source: string;
}

/** Stores a quote request with `executor` (the transaction that also enqueues its mails); its id and time. */
export async function insertQuoteRequest(executor: Db, quote: NewQuoteRequest): Promise<{ id: number; created_at: Date }> {
  return executor
    .insertInto('quote_request')
    .values({ ...quote, contact: jsonb(quote.contact), items: jsonb(quote.items) })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}
