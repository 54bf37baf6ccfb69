import type { ColumnType, Generated } from 'kysely';

type Jsonb<T> = ColumnType<T, string, string>;

/** The products of a quote request, with their names when it was made. */
export interface QuoteItem {
  sku: string;
  name: string;
  qty: number;
}

export interface QuoteContact {
  name: string;
  company: string;
  phone: string;
}

/** A quote request (migration 0017-quote-requests). */
export interface QuoteRequestTable {
  id: Generated<number>;
  customer_id: number | null;
  email: string;
  contact: Jsonb<QuoteContact>;
  items: Jsonb<QuoteItem[]>;
  message: string;
  source: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface QuoteTables {
  quote_request: QuoteRequestTable;
}
