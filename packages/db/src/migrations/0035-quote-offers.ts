import { sql, type Kysely } from 'kysely';

/**
 * The seller's answer to a quote request (issue #45 point 6): one offer per request, its unit
 * prices excluding VAT per line (`lines`: sku, parent sku, name, quantity, unitNetCents), the
 * message to the buyer and how long it holds. The buyer's link carries a random token of which
 * only the SHA-256 is kept (`token_hash`); answering again replaces the offer and its link.
 *
 * A cart line put in a cart from the link names its offer (`cart_item.quote_offer_id`): the
 * cart's pricing step reads the offer's price for it while the offer holds. The order line it
 * becomes names the offer too (`sales_order_item.quote_offer_id`): an offer serves one standing
 * order, and the back office shows which.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE quote_offer (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      quote_request_id integer NOT NULL UNIQUE REFERENCES quote_request (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      lines jsonb NOT NULL,
      message text NOT NULL DEFAULT '',
      valid_days integer NOT NULL CHECK (valid_days BETWEEN 1 AND 90),
      valid_until timestamptz NOT NULL,
      sent_by integer REFERENCES staff_user (id) ON DELETE SET NULL,
      sent_by_email text NOT NULL,
      sent_at timestamptz NOT NULL,
      opened_at timestamptz
    )`.execute(db);
  await sql`ALTER TABLE cart_item ADD COLUMN quote_offer_id integer REFERENCES quote_offer (id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE sales_order_item ADD COLUMN quote_offer_id integer REFERENCES quote_offer (id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX sales_order_item_quote_offer_idx ON sales_order_item (quote_offer_id) WHERE quote_offer_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX cart_item_quote_offer_idx ON cart_item (quote_offer_id) WHERE quote_offer_id IS NOT NULL`.execute(db);
}
