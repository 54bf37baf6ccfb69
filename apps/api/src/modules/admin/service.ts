import { createHash, createHmac, randomBytes } from 'node:crypto';
import { ADMIN_MESSAGES as M, type AdminSession, type AdminSignInBody } from '@shop/contracts';
import type { Db } from '@shop/db';
import { HttpError, tooManyRequests } from '../../http/errors.ts';
import { decoyHash, rehashIfOutdated, verifyPassword } from '../accounts/passwords.ts';
import type { AccountThrottle } from '../accounts/throttle.ts';
import { recordAudit, type AuditActor } from './audit.ts';
import { findStaffByEmail, findStaffById, staffAccountKey, staffHashSource, upgradeStaffPasswordHash, type StaffUserRow } from './staff-users.ts';
import { enrolmentPicture, matchTotp, newRecoveryCodes, newTotpSecret, recoveryCodeHash, SecretBox } from './totp.ts';

/** A session ends 8 hours after sign-in, or after 30 minutes without a request (issue #44). */
export const SESSION_ABSOLUTE_MS = 8 * 3600_000;
export const SESSION_IDLE_MS = 30 * 60_000;

export interface AdminServiceOptions {
  /** NODE_ENV=production: an owner needs TOTP, and without it may only enrol. */
  production: boolean;
  /** The API's secret (token-secret.ts): TOTP secrets are sealed and CSRF tokens derived under keys from it. */
  secret: Uint8Array;
  now?: () => Date;
}

/** A request's signed-in staff user and session (guard.ts). */
export interface StaffPrincipal {
  user: StaffUserRow;
  tokenHash: string;
  enrolOnly: boolean;
  expiresAt: Date;
  csrfToken: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Staff sign-in, sessions and TOTP (ADR 0027). */
export class AdminService {
  readonly now: () => Date;
  private readonly box: SecretBox;
  private readonly csrfKey: Buffer;

  constructor(
    readonly db: Db,
    private readonly throttle: AccountThrottle,
    private readonly options: AdminServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.box = new SecretBox(options.secret);
    this.csrfKey = createHash('sha256').update('staff-csrf:').update(options.secret).digest();
  }

  /** The CSRF token of a session: derived from its token, so it can be answered again (GET /api/admin/session) without being stored. */
  csrfTokenOf(token: string): string {
    return createHmac('sha256', this.csrfKey).update(token).digest('base64url');
  }

  present(principal: StaffPrincipal): AdminSession {
    return {
      email: principal.user.email,
      role: principal.user.role,
      csrfToken: principal.csrfToken,
      totpEnabled: principal.user.totp_secret !== null,
      mustEnrolTotp: principal.enrolOnly,
      expiresAt: principal.expiresAt.toISOString(),
    };
  }

  /**
   * Signs in: the customers' lockout (10 failures lock the account-and-address pair and the
   * address for 10 minutes, ADR 0025) under the staff account's own key, argon2id in the shared
   * hash queue, then the second factor when the user has one. Answers the session's token (for the
   * cookie) and what the client sees.
   */
  async signIn(body: AdminSignInBody, clientAddress: string): Promise<{ token: string; session: AdminSession }> {
    const account = staffAccountKey(body.email);
    const wait = await this.throttle.loginWait(account, clientAddress);
    if (wait > 0) throw tooManyRequests(M.locked, wait);
    const user = await findStaffByEmail(this.db, body.email);
    const valid = await verifyPassword(user ? user.password_hash : await decoyHash(), body.password, staffHashSource(body.email));
    if (!user || !valid) {
      await this.throttle.loginFailed(account, clientAddress, this.now());
      throw new HttpError(401, M.wrongCredentials);
    }
    if (user.totp_secret !== null) {
      if (!body.otp) throw new HttpError(401, M.otpRequired);
      if (!(await this.secondFactor(user, body.otp))) {
        await this.throttle.loginFailed(account, clientAddress, this.now());
        throw new HttpError(401, M.otpWrong);
      }
    }
    await this.throttle.loginSucceeded(account, clientAddress);
    const upgraded = await rehashIfOutdated(user.password_hash, body.password, staffHashSource(body.email));
    if (upgraded) await upgradeStaffPasswordHash(this.db, user.id, user.password_hash, upgraded);
    const enrolOnly = this.options.production && user.role === 'owner' && user.totp_secret === null;
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
    await this.db.insertInto('staff_session').values({ token_hash: sha256(token), staff_id: user.id, enrol_only: enrolOnly, created_at: now, last_seen_at: now, expires_at: expiresAt }).execute();
    // Ended sessions are swept as new ones start: the table holds the live ones and a few more.
    await this.db.deleteFrom('staff_session').where('expires_at', '<', now).execute();
    return { token, session: this.present({ user, tokenHash: sha256(token), enrolOnly, expiresAt, csrfToken: this.csrfTokenOf(token) }) };
  }

  /** A TOTP code not used before (its step is kept, so a code works once), or an unused recovery code (then deleted). */
  private async secondFactor(user: StaffUserRow, otp: string): Promise<boolean> {
    if (/^\d{6}$/.test(otp)) {
      const step = await matchTotp(this.openSecret(user.totp_secret!), otp, this.now(), user.totp_last_step);
      if (step === undefined) return false;
      // Two sign-ins racing with one code: only the first moves the step on.
      const moved = await this.db
        .updateTable('staff_user')
        .set({ totp_last_step: step })
        .where('id', '=', user.id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(moved.numUpdatedRows) === 1;
    }
    const used = await this.db.deleteFrom('staff_recovery_code').where('staff_id', '=', user.id).where('code_hash', '=', recoveryCodeHash(otp)).executeTakeFirst();
    return Number(used.numDeletedRows) === 1;
  }

  /** A sealed secret, or a clear error when it was sealed under another TOKEN_SECRET (logged as such; the user's TOTP is reset with the CLI). */
  private openSecret(sealed: string): string {
    try {
      return this.box.open(sealed);
    } catch (error) {
      throw new Error('A TOTP secret cannot be opened: TOKEN_SECRET changed since it was enrolled (npm run admin:user -- --reset-totp turns it off)', { cause: error });
    }
  }

  /**
   * The session of a cookie's token, if it lives: not past its absolute end, not idle for 30
   * minutes, its user still there (an ended one is deleted).
   */
  async authenticate(token: string): Promise<StaffPrincipal | undefined> {
    const tokenHash = sha256(token);
    const now = this.now();
    const session = await this.db.selectFrom('staff_session').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    if (!session) return undefined;
    const expiresAt = new Date(session.expires_at);
    if (expiresAt <= now || new Date(session.last_seen_at).getTime() + SESSION_IDLE_MS <= now.getTime()) {
      await this.db.deleteFrom('staff_session').where('token_hash', '=', tokenHash).execute();
      return undefined;
    }
    const user = await findStaffById(this.db, session.staff_id);
    if (!user) return undefined;
    return { user, tokenHash, enrolOnly: session.enrol_only, expiresAt, csrfToken: this.csrfTokenOf(token) };
  }

  /** A request the guard admitted: the session's idle clock starts again. */
  async touch(principal: StaffPrincipal): Promise<void> {
    await this.db.updateTable('staff_session').set({ last_seen_at: this.now() }).where('token_hash', '=', principal.tokenHash).execute();
  }

  async signOut(principal: StaffPrincipal): Promise<void> {
    await this.db.deleteFrom('staff_session').where('token_hash', '=', principal.tokenHash).execute();
  }

  /**
   * Starts (or starts again) enrolment: a new secret waits, sealed, for its first code; ten new
   * recovery codes replace any earlier ones. Everything is answered once and never again.
   */
  async enrolTotp(principal: StaffPrincipal) {
    if (principal.user.totp_secret !== null) throw new HttpError(409, M.totpAlreadyOn);
    const secret = newTotpSecret();
    const codes = newRecoveryCodes();
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('staff_user').set({ totp_pending_secret: this.box.seal(secret), updated_at: this.now() }).where('id', '=', principal.user.id).execute();
      await trx.deleteFrom('staff_recovery_code').where('staff_id', '=', principal.user.id).execute();
      await trx
        .insertInto('staff_recovery_code')
        .values(codes.map((code) => ({ staff_id: principal.user.id, code_hash: recoveryCodeHash(code) })))
        .execute();
    });
    return { ...(await enrolmentPicture(principal.user.email, secret)), recoveryCodes: codes };
  }

  /** The first code from the app turns TOTP on (audited); a session that could only enrol becomes a full one. */
  async confirmTotp(principal: StaffPrincipal, otp: string): Promise<AdminSession> {
    const user = principal.user;
    if (user.totp_secret !== null) throw new HttpError(409, M.totpAlreadyOn);
    if (user.totp_pending_secret === null) throw new HttpError(409, M.totpNotStarted);
    const step = await matchTotp(this.openSecret(user.totp_pending_secret), otp, this.now(), null);
    if (step === undefined) throw new HttpError(400, M.otpWrong);
    const now = this.now();
    const actor: AuditActor = { id: user.id, email: user.email };
    const confirmed = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('staff_user')
        .set({ totp_secret: user.totp_pending_secret, totp_pending_secret: null, totp_confirmed_at: now, totp_last_step: step, updated_at: now })
        .where('id', '=', user.id)
        .where('totp_secret', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new HttpError(409, M.totpAlreadyOn);
      await trx.updateTable('staff_session').set({ enrol_only: false }).where('staff_id', '=', user.id).execute();
      await recordAudit(trx, actor, { action: 'staff_user.totp_on', objectType: 'staff_user', objectId: String(user.id), before: { totpEnabled: false }, after: { totpEnabled: true } }, now);
      return row;
    });
    return this.present({ ...principal, user: confirmed, enrolOnly: false });
  }
}
