import { sql, type Kysely } from 'kysely';

/**
 * Sign-in defence (issue #43, ADR 0025): the client addresses that failed to sign in to an account
 * (distinct addresses past a threshold put the account behind a proof-of-work challenge instead of
 * locking it), and the proof-of-work solutions already used (a solution is good once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE login_failure_address (
      email_key text NOT NULL,
      address text NOT NULL,
      failed_at timestamptz NOT NULL,
      PRIMARY KEY (email_key, address)
    )`.execute(db);
  await sql`CREATE INDEX login_failure_address_failed_idx ON login_failure_address (failed_at)`.execute(db);
  await sql`
    CREATE TABLE challenge_used (
      signature text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX challenge_used_expires_idx ON challenge_used (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE challenge_used`.execute(db);
  await sql`DROP TABLE login_failure_address`.execute(db);
}
