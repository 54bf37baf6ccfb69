import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { ADMIN_MESSAGES as M, type StaffRoleName } from '@shop/contracts';
import { HttpError } from '../../http/errors.ts';
import type { AnyRoute, Route } from '../../http/route.ts';
import type { AdminService, StaffPrincipal } from './service.ts';

/** The session cookie: sent to the back office's API only (Path=/api/admin). */
export const SESSION_COOKIE = 'shop_admin_session';
/** OpenAPI tag of the back office's routes. */
export const BACK_OFFICE_TAG = 'back-office';

export interface Access {
  /** The least role that may call the route: `staff` (everyone) or `owner`. */
  role: StaffRoleName;
  /** Allowed to a session that may only enrol TOTP (an owner without it, in production). */
  duringEnrolment?: boolean;
}

/** The value of one cookie of a request. */
export function cookieOf(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The one guard of every /api/admin route (ADR 0027): a customer's (or anyone's) Bearer token is
 * not a session (401); no live session cookie, 401; a write (POST, PUT, DELETE) without the
 * session's X-CSRF-Token, 403; a staff user on an owner route, 403; an owner who must enrol TOTP
 * first, 403 everywhere but enrolment. It runs before the body is read.
 */
export class AdminGuard {
  private readonly principals = new WeakMap<IncomingMessage, StaffPrincipal>();

  constructor(private readonly service: AdminService) {}

  authorize(access: Access): (req: IncomingMessage) => Promise<void> {
    return async (req) => {
      if (req.headers.authorization) throw new HttpError(401, M.customerToken);
      const token = cookieOf(req, SESSION_COOKIE);
      if (!token) throw new HttpError(401, M.signInRequired);
      const write = req.method !== 'GET' && req.method !== 'HEAD';
      const principal = await this.service.authenticate(token);
      if (!principal) throw new HttpError(401, M.sessionExpired);
      if (write) {
        const sent = req.headers['x-csrf-token'];
        if (typeof sent !== 'string' || sent === '') throw new HttpError(403, M.csrfMissing);
        if (!sameText(sent, principal.csrfToken)) throw new HttpError(403, M.csrfWrong);
      }
      if (principal.enrolOnly && !access.duringEnrolment) throw new HttpError(403, M.enrolFirst);
      if (access.role === 'owner' && principal.user.role !== 'owner') throw new HttpError(403, M.ownerOnly);
      // Only an admitted request keeps the session alive.
      await this.service.touch(principal);
      this.principals.set(req, principal);
    };
  }

  /** The staff user the guard admitted for this request. */
  staff(req: IncomingMessage): StaffPrincipal {
    const principal = this.principals.get(req);
    if (!principal) throw new Error('An admin route ran without its guard');
    return principal;
  }

  /** A back-office route behind this guard, under the back office's tag; its writes are not counted per address (the session is). */
  route<Q, B, R>(access: Access, route: Omit<Route<Q, B, R>, 'tag' | 'authorize' | 'limitWrites'>): AnyRoute {
    return { ...route, tag: BACK_OFFICE_TAG, authorize: this.authorize(access), limitWrites: false } as AnyRoute;
  }
}
