import { sql, type Kysely } from 'kysely';

/**
 * Invoices and credit notes (issue 44 point 4, ADR 0028). One register per calendar year shared
 * by invoices (TD01) and credit notes (TD04): `invoice_sequence` holds a row per year whose
 * UPDATE, in the issuing transaction, hands out the next number; concurrent issuers queue on the
 * row's lock and a rolled-back issue gives its number back, so numbers have no gaps and no
 * duplicates (a sequence would leave gaps). An issued document is immutable: `document` is its
 * whole content as issued (seller, buyer, lines, VAT summary, payment) and a trigger refuses any
 * UPDATE or DELETE of it; a wrong invoice is corrected by a credit note naming it.
 * `sales_order.fiscal` keeps, from placement on, the net amounts the invoice lines need (each fee
 * option, each line's coupon share and tax), so an invoice equals its order to the cent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sales_order ADD COLUMN fiscal jsonb`.execute(db);
  await sql`
    CREATE TABLE invoice_sequence (
      year integer PRIMARY KEY CHECK (year BETWEEN 2000 AND 2099),
      last_value integer NOT NULL CHECK (last_value >= 0)
    )`.execute(db);
  await sql`
    CREATE TABLE invoice (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      type text NOT NULL CHECK (type IN ('TD01', 'TD04')),
      year integer NOT NULL,
      sequence integer NOT NULL CHECK (sequence > 0),
      number text NOT NULL UNIQUE,
      issue_date date NOT NULL,
      order_id integer NOT NULL REFERENCES sales_order (id),
      corrects_invoice_id integer REFERENCES invoice (id),
      total_cents integer NOT NULL CHECK (total_cents >= 0),
      file_name text NOT NULL UNIQUE,
      document jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (year, sequence),
      CHECK ((type = 'TD04') = (corrects_invoice_id IS NOT NULL))
    )`.execute(db);
  // One invoice per order; credit notes as many as corrections need.
  await sql`CREATE UNIQUE INDEX invoice_order_once_idx ON invoice (order_id) WHERE type = 'TD01'`.execute(db);
  await sql`CREATE INDEX invoice_order_idx ON invoice (order_id)`.execute(db);
  await sql`CREATE INDEX invoice_corrects_idx ON invoice (corrects_invoice_id) WHERE corrects_invoice_id IS NOT NULL`.execute(db);
  await sql`
    CREATE FUNCTION invoice_immutable() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      RAISE EXCEPTION 'invoice % is issued: it cannot be changed or deleted, correct it with a credit note', OLD.number;
    END
    $$`.execute(db);
  await sql`CREATE TRIGGER invoice_immutable BEFORE UPDATE OR DELETE ON invoice FOR EACH ROW EXECUTE FUNCTION invoice_immutable()`.execute(db);
}
