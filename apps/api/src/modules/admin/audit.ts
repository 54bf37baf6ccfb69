import type { AuditEntry } from '@shop/contracts';
import type { Db } from '@shop/db';
import { jsonb } from '@shop/db';

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

/** Several entries of one write (a bulk action on 500 products) in one statement. */
export async function recordAudits(trx: Db, actor: AuditActor, records: readonly AuditRecord[], at: Date): Promise<void> {
  if (records.length === 0) return;
  await trx
    .insertInto('admin_audit')
    .values(
      records.map((record) => ({
        staff_id: actor.id,
        staff_email: actor.email,
        at,
        action: record.action,
        object_type: record.objectType,
        object_id: record.objectId,
        before: record.before === null || record.before === undefined ? null : jsonb(record.before),
        after: record.after === null || record.after === undefined ? null : jsonb(record.after),
      })),
    )
    .execute();
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
