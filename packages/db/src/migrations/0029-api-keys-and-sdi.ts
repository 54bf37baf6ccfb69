import { sql, type Kysely } from 'kysely';

/**
 * API keys of the back office and the invoices' transmissions to the SdI (issue 44 points 4 and
 * 6, ADR 0030). A key keeps its visible prefix and the SHA-256 of its secret (a random 256-bit
 * secret needs no slow hash), its scopes, who made it and when it was last used (at most once a
 * minute) or revoked. `sdi_transmission` is a row per sending of an issued document through the
 * intermediary, claimed and retried like the mail outbox, then polled until the SdI's outcome.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE api_key (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      prefix text NOT NULL UNIQUE,
      secret_hash text NOT NULL,
      scopes text[] NOT NULL CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['orders:read', 'orders:write', 'catalog:write']::text[]),
      created_by integer REFERENCES staff_user (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`
    CREATE TABLE sdi_transmission (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      invoice_id integer NOT NULL REFERENCES invoice (id),
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'delivered', 'not_delivered', 'rejected', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      channel_id text,
      notification jsonb,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sdi_transmission_invoice_idx ON sdi_transmission (invoice_id, id)`.execute(db);
  // The worker's scan: only rows still waiting for something.
  await sql`CREATE INDEX sdi_transmission_due_idx ON sdi_transmission (next_attempt_at) WHERE status IN ('queued', 'sent')`.execute(db);
  // The month's export reads the register by date.
  await sql`CREATE INDEX invoice_issue_date_idx ON invoice (issue_date, id)`.execute(db);
}
