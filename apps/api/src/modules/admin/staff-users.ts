import { emailKey, type Db, type StaffRole } from '@shop/db';
import type { Selectable } from 'kysely';
import type { StaffUserTable } from '@shop/db';
import type { StaffUserView } from '@shop/contracts';
import { hashPassword, type HashSource } from '../accounts/passwords.ts';
import { assertStrongPassword } from '../accounts/password-strength.ts';
import { recordAudit, type AuditActor } from './audit.ts';

export type StaffUserRow = Selectable<StaffUserTable>;

/** The throttle's and the hash queue's name of a staff account: never the same key as a customer's. */
export const staffAccountKey = (email: string) => `staff:${emailKey(email)}`;
export const staffHashSource = (email: string): HashSource => `account:${staffAccountKey(email)}`;

export const findStaffByEmail = (db: Db, email: string) => db.selectFrom('staff_user').selectAll().where('email_key', '=', emailKey(email)).executeTakeFirst();
export const findStaffById = (db: Db, id: number) => db.selectFrom('staff_user').selectAll().where('id', '=', id).executeTakeFirst();

/** A re-made hash of the same password, saved only while the stored one is still `from` (sessions stay). */
export async function upgradeStaffPasswordHash(db: Db, id: number, from: string, to: string): Promise<void> {
  await db.updateTable('staff_user').set({ password_hash: to }).where('id', '=', id).where('password_hash', '=', from).execute();
}

export function presentStaffUser(user: StaffUserRow): StaffUserView {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    totpEnabled: user.totp_secret !== null,
    createdAt: new Date(user.created_at).toISOString(),
    updatedAt: new Date(user.updated_at).toISOString(),
  };
}

/** What the audit log keeps of a user: never a hash or a secret. */
const audited = (user: StaffUserRow | undefined) => (user ? { email: user.email, role: user.role, totpEnabled: user.totp_secret !== null } : null);

/**
 * Creates the user with that e-mail, or gives the existing one a new password and role (its
 * sessions end: whoever had the old password is out), and with `resetTotp` turns its TOTP off. The password must pass the customers'
 * strength check; it is hashed with argon2id in the process's hash queue. The change is audited.
 */
export async function upsertStaffUser(
  db: Db,
  input: { email: string; password: string; role: StaffRole; resetTotp?: boolean | undefined },
  actor: AuditActor,
  now: Date,
): Promise<{ user: StaffUserRow; created: boolean }> {
  const email = input.email.trim();
  assertStrongPassword(input.password, [email]);
  const passwordHash = await hashPassword(input.password, staffHashSource(email));
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('staff_user').selectAll().where('email_key', '=', emailKey(email)).forUpdate().executeTakeFirst();
    const user = before
      ? await trx
          .updateTable('staff_user')
          .set({
            email,
            password_hash: passwordHash,
            role: input.role,
            updated_at: now,
            ...(input.resetTotp ? { totp_secret: null, totp_pending_secret: null, totp_confirmed_at: null, totp_last_step: null } : {}),
          })
          .where('id', '=', before.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('staff_user')
          .values({ email, email_key: emailKey(email), password_hash: passwordHash, role: input.role, created_at: now, updated_at: now })
          .onConflict((oc) => oc.column('email_key').doUpdateSet({ email, password_hash: passwordHash, role: input.role, updated_at: now }))
          .returningAll()
          .executeTakeFirstOrThrow();
    if (before) await trx.deleteFrom('staff_session').where('staff_id', '=', user.id).execute();
    if (before && input.resetTotp) await trx.deleteFrom('staff_recovery_code').where('staff_id', '=', user.id).execute();
    await recordAudit(trx, actor, { action: before ? 'staff_user.update' : 'staff_user.create', objectType: 'staff_user', objectId: String(user.id), before: audited(before), after: audited(user) }, now);
    return { user, created: !before };
  });
}

export async function listStaffUsers(db: Db): Promise<StaffUserView[]> {
  const rows = await db.selectFrom('staff_user').selectAll().orderBy('email_key').execute();
  return rows.map(presentStaffUser);
}
