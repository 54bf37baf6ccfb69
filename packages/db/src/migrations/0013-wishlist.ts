import { sql, type Kysely } from 'kysely';

/**
 * The signed-in customer's wishlist (issue #19, ADR 0021): SKUs only (shopping.md §3, quantity
 * fixed at 1), so that the list follows the customer to another device.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE wishlist_item (
      customer_id integer NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
      sku text NOT NULL,
      added_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (customer_id, sku)
    )`.execute(db);
}
