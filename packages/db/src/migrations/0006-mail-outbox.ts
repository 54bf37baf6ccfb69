import { sql, type Kysely } from 'kysely';

/**
 * The mail outbox (ADR 0015): a mail is written here in the transaction that causes it (the
 * order), and a dispatcher sends it after commit, retrying with backoff. `dedupe_key` keeps one
 * mail per order and template however often it is enqueued; the dispatcher claims a row by
 * moving `next_attempt_at` forward with a conditional UPDATE, so two senders never both send it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mail_outbox (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      template text NOT NULL,
      recipient text NOT NULL,
      dedupe_key text NOT NULL UNIQUE,
      payload jsonb NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending'`.execute(db);
}
