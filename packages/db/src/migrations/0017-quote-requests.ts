import { sql, type Kysely } from 'kysely';

/**
 * Quote requests for large quantities (issue #19, ADR 0021): who asks (signed in or not), the
 * products and quantities with their names at the time, and the message, as plain text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE quote_request (
      id serial PRIMARY KEY,
      customer_id integer REFERENCES customer (id) ON DELETE SET NULL,
      email text NOT NULL,
      contact jsonb NOT NULL,
      items jsonb NOT NULL,
      message text NOT NULL DEFAULT '',
      source text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}
