import { sql } from 'kysely';
import type { Db } from '../connect.ts';

/**
 * What PostgreSQL's autovacuum does, for the embedded database, which has none: every table whose
 * rows changed past autovacuum's default thresholds since its last vacuum or analyze (dead rows
 * over 50 + 20 %, rows inserted over 1,000 + 20 %, rows changed since the last analyze over 50 +
 * 10 % of its live rows) is vacuumed — its dead rows reclaimed and its visibility map set, so
 * that an index-only scan (the back office's lists by name, price or date) need not read the
 * table — and analysed. Returns the tables it vacuumed or analysed. A server runs autovacuum
 * itself: start-api.ts schedules this on the embedded database only.
 */
export async function vacuumWhereDue(db: Db): Promise<string[]> {
  const { rows } = await sql<{ relname: string; vacuum: boolean; analyze: boolean }>`
    SELECT relname,
      n_dead_tup > 50 + 0.2 * n_live_tup OR n_ins_since_vacuum > 1000 + 0.2 * n_live_tup AS vacuum,
      n_mod_since_analyze > 50 + 0.1 * n_live_tup AS analyze
    FROM pg_stat_user_tables WHERE schemaname = 'public'
    ORDER BY relname`.execute(db);
  const due = rows.filter((row) => row.vacuum || row.analyze);
  // VACUUM runs outside any transaction, a table a statement.
  for (const row of due) await sql`${sql.raw(row.vacuum ? 'VACUUM (ANALYZE)' : 'ANALYZE')} ${sql.table(row.relname)}`.execute(db);
  return due.map((row) => row.relname);
}
