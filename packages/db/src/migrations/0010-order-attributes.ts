import { sql, type Kysely } from 'kysely';

/** The order attributes a client saves on its cart before placing (shopping.md §7 guestCheckoutData). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE cart ADD COLUMN order_attributes jsonb`.execute(db);
}
