import { sql, type Kysely } from 'kysely';

/**
 * The catalogue's change sequence (ADR 0008, issue #16): every write that changes what search
 * finds appends the products or categories it touched, in its own transaction, so that each API
 * process's in-memory search index catches up by reading what came after the last entry it saw.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE search_change (
      seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      product_ids integer[] NOT NULL DEFAULT '{}',
      category_ids integer[] NOT NULL DEFAULT '{}',
      everything boolean NOT NULL DEFAULT false,
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}
