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

/** A line of an offer: the product as the cart sells it, the quantity asked for and the price agreed. */
export interface QuoteOfferLine {
  sku: string;
  /** The configurable product of a child sku; null otherwise. */
  parentSku: string | null;
  name: string;
  /** The quoted quantity: the price holds for a cart line of up to this many. */
  qty: number;
  /** The agreed unit price excluding VAT. */
  unitNetCents: number;
}

/** The seller's answer to a quote request (migration 0035-quote-offers). */
export interface QuoteOfferTable {
  id: Generated<number>;
  quote_request_id: number;
  /** SHA-256 of the buyer's link token. */
  token_hash: string;
  lines: Jsonb<QuoteOfferLine[]>;
  message: string;
  valid_days: number;
  /** The offer holds before this instant. */
  valid_until: ColumnType<Date, Date | string, Date | string>;
  sent_by: number | null;
  sent_by_email: string;
  sent_at: ColumnType<Date, Date | string, Date | string>;
  /** The first time the buyer opened the link. */
  opened_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface QuoteTables {
  quote_request: QuoteRequestTable;
  quote_offer: QuoteOfferTable;
}
