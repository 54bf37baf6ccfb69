import { sql, type Kysely } from 'kysely';

/**
 * The card method is "Carta di credito o debito" everywhere the shopper reads it (issue 42:
 * checkout, thank-you page, mail, account): its title was the English "Credit/debit card". Orders
 * keep the title they were placed with in their view, so those already placed are renamed too.
 */
const OLD = 'Credit/debit card';
const NEW = 'Carta di credito o debito';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE payment_method SET title = ${NEW} WHERE code = 'stripe' AND title = ${OLD}`.execute(db);
  await sql`
    UPDATE sales_order SET view = jsonb_set(view, '{payment,title}', to_jsonb(${NEW}::text))
    WHERE payment_method = 'stripe' AND view -> 'payment' ->> 'title' = ${OLD}`.execute(db);
}
