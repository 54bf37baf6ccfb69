import { sql, type Kysely } from 'kysely';

/**
 * Customer accounts (issue #15, ADR 0017): customers with an argon2id password hash and a token
 * version (bumped to revoke every access token), their address book, rotating refresh tokens
 * stored hashed in families, single-use password reset tokens, and the shared store of the
 * login/reset limiter (rate-limiter-flexible's PostgreSQL table layout).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE customer (
      id serial PRIMARY KEY,
      email text NOT NULL,
      email_key text NOT NULL UNIQUE,
      firstname text NOT NULL,
      lastname text NOT NULL,
      password_hash text,
      group_id integer NOT NULL DEFAULT 1,
      token_version integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE customer_address (
      id serial PRIMARY KEY,
      customer_id integer NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
      address jsonb NOT NULL,
      default_shipping boolean NOT NULL DEFAULT false,
      default_billing boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX customer_address_customer_idx ON customer_address (customer_id)`.execute(db);
  await sql`
    CREATE TABLE refresh_token (
      token_hash text PRIMARY KEY,
      family uuid NOT NULL,
      customer_id integer NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX refresh_token_family_idx ON refresh_token (family)`.execute(db);
  await sql`
    CREATE TABLE password_reset (
      token_hash text PRIMARY KEY,
      customer_id integer NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE rate_limit (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    )`.execute(db);
  await sql`CREATE INDEX sales_order_customer_idx ON sales_order (customer_id, created_at DESC) WHERE customer_id IS NOT NULL`.execute(db);
}
