import { sql, type Kysely } from 'kysely';

/**
 * Shipments and staff notes of an order (issue 44 point 3). A shipment is one dispatch (carrier,
 * tracking number and link, parcels) of some quantity of some lines; an order's `shipping_status`
 * (migration 0025) follows from them. Who shipped or wrote is kept by id and by e-mail, so the
 * order page still names a staff user removed later. The order page lists an order's mails by the
 * order number their payload (the order view) carries: an index on that expression.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE order_shipment (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      order_id integer NOT NULL REFERENCES sales_order (id),
      staff_id integer REFERENCES staff_user (id) ON DELETE SET NULL,
      staff_email text NOT NULL,
      carrier text NOT NULL,
      tracking_number text NOT NULL,
      tracking_url text CHECK (tracking_url LIKE 'https://%'),
      parcels integer NOT NULL CHECK (parcels BETWEEN 1 AND 99),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX order_shipment_order_idx ON order_shipment (order_id)`.execute(db);
  await sql`
    CREATE TABLE order_shipment_line (
      shipment_id integer NOT NULL REFERENCES order_shipment (id) ON DELETE CASCADE,
      order_item_id integer NOT NULL REFERENCES sales_order_item (id),
      qty integer NOT NULL CHECK (qty > 0),
      PRIMARY KEY (shipment_id, order_item_id)
    )`.execute(db);
  await sql`CREATE INDEX order_shipment_line_item_idx ON order_shipment_line (order_item_id)`.execute(db);
  await sql`
    CREATE TABLE order_note (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      order_id integer NOT NULL REFERENCES sales_order (id),
      staff_id integer REFERENCES staff_user (id) ON DELETE SET NULL,
      staff_email text NOT NULL,
      text text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX order_note_order_idx ON order_note (order_id)`.execute(db);
  await sql`CREATE INDEX mail_outbox_order_idx ON mail_outbox ((payload -> 'order' ->> 'incrementId'))`.execute(db);
}
