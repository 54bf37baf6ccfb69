import type { Db } from '../connect.ts';
import { jsonb } from '../sql-values.ts';
import type { OrderStatusValue } from '../orders/schema.ts';
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

/** Order statuses that give an offer back: an offer serves one order that still stands. */
const GONE: OrderStatusValue[] = ['canceled', 'expired'];

/** The standing orders placed at an offer's prices, newest first. */
export async function ordersOfOffer(db: Db, offerId: number): Promise<{ increment_id: string; status: string; created_at: Date }[]> {
  return db
    .selectFrom('sales_order as s')
    .select(['s.increment_id', 's.status', 's.created_at'])
    .where('s.status', 'not in', GONE)
    .where(({ exists, selectFrom }) => exists(selectFrom('sales_order_item as i').select('i.id').whereRef('i.order_id', '=', 's.id').where('i.quote_offer_id', '=', offerId)))
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
}

/** An offer's agreed price of one sku: for a cart line of up to `qty`. */
export interface QuotedPrice {
  unitNetCents: number;
  qty: number;
}

/**
 * The prices of the offers a cart's lines name, by offer and sku: only offers that still hold
 * at `now` and have no standing order yet (an offer serves one order; a cancelled or expired one
 * gives it back). What the cart's pricing step reads; one statement, only for carts with such lines.
 */
export async function findQuotedPrices(db: Db, offerIds: readonly number[], now: Date): Promise<Map<number, Map<string, QuotedPrice>>> {
  const prices = new Map<number, Map<string, QuotedPrice>>();
  if (offerIds.length === 0) return prices;
  const rows = await db
    .selectFrom('quote_offer as o')
    .select(['o.id', 'o.lines'])
    .where('o.id', 'in', [...new Set(offerIds)])
    .where('o.valid_until', '>', now)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('sales_order_item as i').innerJoin('sales_order as s', 's.id', 'i.order_id').select('i.id').whereRef('i.quote_offer_id', '=', 'o.id').where('s.status', 'not in', GONE))),
    )
    .execute();
  for (const row of rows) prices.set(row.id, new Map(row.lines.map((line) => [line.sku, { unitNetCents: line.unitNetCents, qty: line.qty }])));
  return prices;
}

/**
 * Placing an order at offers' prices: locks the offers (two orders of one offer at once are
 * decided one after the other) and answers the ones a standing order has taken meanwhile.
 */
export async function offersTaken(trx: Db, offerIds: readonly number[]): Promise<number[]> {
  if (offerIds.length === 0) return [];
  const ids = [...new Set(offerIds)];
  await trx.selectFrom('quote_offer').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
  const taken = await trx
    .selectFrom('sales_order_item as i')
    .innerJoin('sales_order as s', 's.id', 'i.order_id')
    .select('i.quote_offer_id')
    .distinct()
    .where('i.quote_offer_id', 'in', ids)
    .where('s.status', 'not in', GONE)
    .execute();
  return taken.map((row) => row.quote_offer_id!);
}
