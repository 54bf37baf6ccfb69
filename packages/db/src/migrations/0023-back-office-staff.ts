import { sql, type Kysely } from 'kysely';

/**
 * Back-office staff (issue #44, ADR 0027): staff users apart from customers, their TOTP recovery
 * codes (hashed, each usable once), their sessions (the cookie's token hashed, an absolute and an
 * idle expiry) and the audit log every back-office write adds to in its transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE staff_user (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      email text NOT NULL,
      email_key text NOT NULL UNIQUE,
      password_hash text NOT NULL,
      role text NOT NULL CHECK (role IN ('owner', 'staff')),
      totp_secret text,
      totp_pending_secret text,
      totp_confirmed_at timestamptz,
      totp_last_step bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE staff_recovery_code (
      staff_id integer NOT NULL REFERENCES staff_user (id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      PRIMARY KEY (staff_id, code_hash)
    )`.execute(db);
  await sql`
    CREATE TABLE staff_session (
      token_hash text PRIMARY KEY,
      staff_id integer NOT NULL REFERENCES staff_user (id) ON DELETE CASCADE,
      enrol_only boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX staff_session_staff_idx ON staff_session (staff_id)`.execute(db);
  await sql`CREATE INDEX staff_session_expires_idx ON staff_session (expires_at)`.execute(db);
  await sql`
    CREATE TABLE admin_audit (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      staff_id integer REFERENCES staff_user (id) ON DELETE SET NULL,
      staff_email text NOT NULL,
      at timestamptz NOT NULL,
      action text NOT NULL,
      object_type text NOT NULL,
      object_id text NOT NULL,
      before jsonb,
      after jsonb
    )`.execute(db);
  await sql`CREATE INDEX admin_audit_object_idx ON admin_audit (object_type, object_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE admin_audit`.execute(db);
  await sql`DROP TABLE staff_session`.execute(db);
  await sql`DROP TABLE staff_recovery_code`.execute(db);
  await sql`DROP TABLE staff_user`.execute(db);
}
