import type { IncomingMessage } from 'node:http';
import {
  ADMIN_MESSAGES as M,
  adminSession,
  adminSignInBody,
  auditEntry,
  auditQuery,
  staffUserUpsertBody,
  staffUserUpsertResult,
  staffUserView,
  totpConfirmBody,
  totpEnrolment,
} from '@shop/contracts';
import { z } from 'zod';
import { requireBearer } from '../../http/admin-token.ts';
import { clientAddressResolver, isLoopback, requestIsHttps, trustedProxyCheck } from '../../http/client-address.ts';
import { HttpError } from '../../http/errors.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { auditOf, CLI_ACTOR } from './audit.ts';
import { SESSION_COOKIE, type AdminGuard } from './guard.ts';
import { SESSION_ABSOLUTE_MS, type AdminService } from './service.ts';
import { listStaffUsers, presentStaffUser, upsertStaffUser } from './staff-users.ts';

/**
 * The session cookie: httpOnly, SameSite=Strict, for /api/admin only, Secure when the client came
 * over TLS (itself or through a trusted proxy's X-Forwarded-Proto); Max-Age the absolute 8 hours.
 */
function sessionCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [`${SESSION_COOKIE}=${value}`, 'Path=/api/admin', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAgeSeconds}`, ...(secure ? ['Secure'] : [])].join('; ');
}

/** Staff sign-in, TOTP, staff users and the audit log: every route but sign-in behind the guard (ADR 0027). */
export function adminRoutes(service: AdminService, guard: AdminGuard, trustedProxies?: readonly string[]): AnyRoute[] {
  const isTrusted = trustedProxyCheck(trustedProxies);
  const secure = (req: IncomingMessage) => requestIsHttps(req, isTrusted);
  return [
    defineRoute({
      method: 'POST',
      path: '/api/admin/session',
      tag: 'back-office',
      summary:
        'Staff sign-in `{email, password, otp?}` (otp: a TOTP code or a recovery code once TOTP is on): sets the session cookie (httpOnly, SameSite=Strict, 8 h absolute, 30 min idle) and answers the CSRF token every write sends as X-CSRF-Token; 401 wrong, 429 locked (10 failures per account and address)',
      body: adminSignInBody,
      response: adminSession,
      handler: async ({ body, req, clientAddress, setHeader }) => {
        const { token, session } = await service.signIn(body, clientAddress);
        setHeader('set-cookie', sessionCookie(token, SESSION_ABSOLUTE_MS / 1000, secure(req)));
        return session;
      },
    }),
    guard.route({ role: 'staff', duringEnrolment: true }, {
      method: 'GET',
      path: '/api/admin/session',
      summary: 'Who is signed in (e-mail, role, TOTP) and the session’s CSRF token',
      response: adminSession,
      handler: ({ req }) => service.present(guard.staff(req)),
    }),
    guard.route({ role: 'staff', duringEnrolment: true }, {
      method: 'DELETE',
      path: '/api/admin/session',
      summary: 'Signs out: the session ends and its cookie is cleared',
      response: z.literal(true),
      handler: async ({ req, setHeader }) => {
        await service.signOut(guard.staff(req));
        setHeader('set-cookie', sessionCookie('', 0, secure(req)));
        return true as const;
      },
    }),
    guard.route({ role: 'staff', duringEnrolment: true }, {
      method: 'POST',
      path: '/api/admin/totp/enrol',
      summary: 'Starts TOTP enrolment: the otpauth URI, its QR code (SVG and data URL) and 10 single-use recovery codes, shown this once; 409 when TOTP is already on',
      response: totpEnrolment,
      handler: ({ req }) => service.enrolTotp(guard.staff(req)),
    }),
    guard.route({ role: 'staff', duringEnrolment: true }, {
      method: 'POST',
      path: '/api/admin/totp/confirm',
      summary: 'Turns TOTP on with the first code from the app `{otp}`; from then on sign-in needs a code or a recovery code',
      body: totpConfirmBody,
      response: adminSession,
      handler: ({ req, body }) => service.confirmTotp(guard.staff(req), body.otp),
    }),
    guard.route({ role: 'owner' }, {
      method: 'GET',
      path: '/api/admin/users',
      summary: 'The staff users (owner only): e-mail, role, whether TOTP is on',
      response: z.array(staffUserView),
      handler: () => listStaffUsers(service.db),
    }),
    guard.route({ role: 'staff' }, {
      method: 'GET',
      path: '/api/admin/audit',
      summary: 'The audit log of one object (`object=order:000000123`), oldest first: who, when, action, before and after',
      query: auditQuery,
      response: z.array(auditEntry),
      handler: ({ query }) => {
        const at = query.object.indexOf(':');
        return auditOf(service.db, query.object.slice(0, at), query.object.slice(at + 1));
      },
    }),
  ];
}

/** The guard of /api/internal routes: a client on this machine (through trusted proxies) with the admin token. */
export function toolsOnThisMachine(adminToken: string, trustedProxies?: readonly string[]): (req: IncomingMessage) => void {
  const clientAddress = clientAddressResolver(trustedProxies);
  const bearer = requireBearer(adminToken);
  return (req) => {
    if (!isLoopback(clientAddress(req))) throw new HttpError(403, M.internalOnly);
    bearer(req);
  };
}

/**
 * The shop's command-line tools on the running API (ADR 0027): the embedded database belongs to
 * the API process, so `npm run admin:user` asks it. Answered to this machine only (the client
 * address through trusted proxies is loopback) with the admin token the API left in DATA_DIR.
 */
export function internalAdminRoutes(service: AdminService, adminToken: string, trustedProxies?: readonly string[]): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/internal/staff-users',
      tag: 'internal',
      summary: 'Creates or updates a staff user `{email, password, role}` (npm run admin:user on the running shop); loopback clients with the admin token only',
      authorize: toolsOnThisMachine(adminToken, trustedProxies),
      limitWrites: false,
      body: staffUserUpsertBody,
      response: staffUserUpsertResult,
      handler: async ({ body }) => {
        const { user, created } = await upsertStaffUser(service.db, body, CLI_ACTOR, service.now());
        return { user: presentStaffUser(user), created };
      },
    }),
  ];
}
