import { sql, type Kysely } from 'kysely';

/**
 * Pictures the back office uploads for products (issue #45 point 1, ADR 0036), kept in the
 * database beside the catalogue they belong to: one row per distinct picture, addressed by the
 * SHA-256 of its stored bytes (lower-case hex), so the same picture uploaded twice is stored once
 * and its URL (`/media/upload/<hash>.<ext>`) never changes meaning. The bytes are what the API
 * re-encoded (metadata stripped), with their type and size; a row is never changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE media (
      hash text PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{64}$'),
      mime_type text NOT NULL CHECK (mime_type IN ('image/jpeg', 'image/png', 'image/webp')),
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      byte_size integer NOT NULL CHECK (byte_size > 0),
      bytes bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // JPEG, PNG and WebP are compressed already: stored out of line as they are, not compressed again.
  await sql`ALTER TABLE media ALTER COLUMN bytes SET STORAGE EXTERNAL`.execute(db);
}
