import type { AuditEntry } from '@shop/contracts';
import type { Db } from '@shop/db';
import { jsonb } from '@shop/db';
import { sql } from 'kysely';

/** Who made a back-office write: a staff user, or a tool on the server (staff id null). */
export interface AuditActor {
  id: number | null;
  email: string;
}

/** The actor of the shop's command-line tools. */
export const CLI_ACTOR: AuditActor = { id: null, email: 'cli' };

export interface AuditRecord {
  /** What was done, as `object.verb`: `order.ship`, `staff_user.update`. */
  action: string;
  objectType: string;
  objectId: string;
  /** The object as it was and as it is now (JSON; null for a creation or a deletion); no secrets. */
  before: unknown;
  after: unknown;
}

/**
 * The one way a back-office write is audited (issue #44): called with the write's own transaction,
 * so the entry exists exactly when the change does.
 */
export async function recordAudit(trx: Db, actor: AuditActor, record: AuditRecord, at: Date): Promise<void> {
  await recordAudits(trx, actor, [record], at);
}

/**
 * Several entries of one write (a bulk action on 500 products) in one statement, their values as
 * one JSON parameter (eight parameters a row cost the embedded database more than the insert).
 */
export async function recordAudits(trx: Db, actor: AuditActor, records: readonly AuditRecord[], at: Date): Promise<void> {
  if (records.length === 0) return;
  // A null (or absent) before/after is SQL NULL: a creation or a deletion.
  const rows = records.map((record) => ({ action: record.action, object_type: record.objectType, object_id: record.objectId, before: record.before ?? null, after: record.after ?? null }));
  await sql`
    INSERT INTO admin_audit (staff_id, staff_email, at, action, object_type, object_id, before, after)
    SELECT ${actor.id}::integer, ${actor.email}, ${at}::timestamptz, r.action, r.object_type, r.object_id, r.before, r.after
    FROM ROWS FROM (jsonb_to_recordset(${jsonb(rows)}) AS (action text, object_type text, object_id text, before jsonb, after jsonb))
      WITH ORDINALITY AS r(action, object_type, object_id, before, after, n)
    ORDER BY r.n`.execute(trx);
}

/** The entries of one object, oldest first (its timeline). */
export async function auditOf(db: Db, objectType: string, objectId: string): Promise<AuditEntry[]> {
  const rows = await db.selectFrom('admin_audit').selectAll().where('object_type', '=', objectType).where('object_id', '=', objectId).orderBy('id').limit(1000).execute();
  return rows.map((row) => ({
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    staffId: row.staff_id,
    staffEmail: row.staff_email,
    action: row.action,
    objectType: row.object_type,
    objectId: row.object_id,
    before: row.before,
    after: row.after,
  }));
}
