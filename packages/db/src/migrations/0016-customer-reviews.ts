import { sql, type Kysely } from 'kysely';

/**
 * Reviews written by signed-in customers (issue #19, ADR 0021) go into the catalogue's review
 * table, so the product page, its JSON-LD and `/api/catalog` read them like imported ones: the
 * author's customer id (one review per customer and product), and ids from a sequence far above
 * the imported (Magento) ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE review ADD COLUMN customer_id integer REFERENCES customer (id) ON DELETE CASCADE`.execute(db);
  await sql`CREATE UNIQUE INDEX review_customer_product_idx ON review (customer_id, product_id) WHERE customer_id IS NOT NULL`.execute(db);
  await sql`CREATE SEQUENCE written_review_id_seq START 1000000000 MAXVALUE 2147483647`.execute(db);
}
