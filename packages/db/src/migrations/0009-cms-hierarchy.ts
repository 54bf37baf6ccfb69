import { sql, type Kysely } from 'kysely';

/** CMS hierarchy nodes (catalogue §7, §9: searched by identifier or key), imported like CMS pages. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE cms_hierarchy (
      id integer PRIMARY KEY,
      identifier text NOT NULL,
      key text,
      doc jsonb NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX cms_hierarchy_identifier_idx ON cms_hierarchy (identifier)`.execute(db);
  await sql`CREATE INDEX cms_hierarchy_key_idx ON cms_hierarchy (key)`.execute(db);
}
