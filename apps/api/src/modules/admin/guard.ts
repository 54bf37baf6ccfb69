import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { ADMIN_MESSAGES as M, API_KEY_MESSAGES as K, type ApiKeyScope, type StaffRoleName } from '@shop/contracts';
import { sendsBearer } from '../../http/admin-token.ts';
import { HttpError } from '../../http/errors.ts';
import type { AnyRoute, Route } from '../../http/route.ts';
import { apiKeyAuditActor, type ApiKeyPrincipal, type ApiKeys } from './api-keys.ts';
import { CLI_ACTOR, type AuditActor } from './audit.ts';
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
  /**
   * What an API key must hold to call the route (ADR 0030): reads of orders and invoices
   * `orders:read`, order writes `orders:write`. Without it the route refuses keys (403): staff
   * users, API keys, the audit log and TOTP are for people signed in.
   */
  scope?: ApiKeyScope;
  /**
   * The shop's own tools' token (ADMIN_TOKEN, or the one the API wrote to DATA_DIR), admitted
   * besides sessions and keys on the routes the command-line tools call (`npm run catalog:import`):
   * whoever holds it runs the shop, so it passes as the owner, audited as `cli`.
   */
  toolToken?: string;
}

/** `Authorization: Bearer bpk_…`: an API key (any other Bearer is a customer's token). */
const API_KEY_BEARER = /^Bearer\s+(bpk_\S*)$/;

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
 * The one guard of every /api/admin route (ADR 0027, 0030): an API key (`Bearer bpk_…`) unknown
 * or revoked, 401; a key on a route without a scope or without the route's scope, 403; any other
 * Bearer token (a customer's) is not a session, 401, unless the route admits the tools' token and
 * it is that; no live session cookie, 401; a write (POST,
 * PUT, DELETE) without the session's X-CSRF-Token, 403; a staff user on an owner route, 403; an
 * owner who must enrol TOTP first, 403 everywhere but enrolment. It runs before the body is read.
 */
export class AdminGuard {
  private readonly principals = new WeakMap<IncomingMessage, StaffPrincipal>();
  private readonly keys = new WeakMap<IncomingMessage, ApiKeyPrincipal>();
  private readonly tools = new WeakSet<IncomingMessage>();

  constructor(
    private readonly service: AdminService,
    private readonly apiKeys: ApiKeys,
  ) {}

  authorize(access: Access): (req: IncomingMessage) => Promise<void> {
    return async (req) => {
      const authorization = req.headers.authorization;
      if (authorization) return this.admitKey(req, authorization, access);
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

  /**
   * A program's key: no cookie is involved, so no CSRF token either; what it may call is its
   * scopes, never a route that declares none (whatever the role of whoever created it). Where the
   * route admits the tools' token, any other Bearer is that token or refused.
   */
  private async admitKey(req: IncomingMessage, authorization: string, access: Access): Promise<void> {
    const bearer = API_KEY_BEARER.exec(authorization)?.[1];
    if (!bearer && access.toolToken !== undefined) {
      if (!sendsBearer(req, access.toolToken)) throw new HttpError(401, M.toolToken);
      this.tools.add(req);
      return;
    }
    if (!bearer) throw new HttpError(401, M.customerToken);
    const key = await this.apiKeys.authenticate(bearer);
    if (!key) throw new HttpError(401, K.invalid);
    if (!access.scope) throw new HttpError(403, K.notAllowed);
    if (!key.scopes.includes(access.scope)) throw new HttpError(403, K.missingScope.replace('{scope}', access.scope));
    this.keys.set(req, key);
  }

  /** Who is making this request, for the audit log: the signed-in staff user, the API key (`chiave API <name>`), or the shop's tools (`cli`). */
  actor(req: IncomingMessage): AuditActor {
    const key = this.keys.get(req);
    if (key) return apiKeyAuditActor(key);
    if (this.tools.has(req)) return CLI_ACTOR;
    const { user } = this.staff(req);
    return { id: user.id, email: user.email };
  }

  /** The role a handler's own checks apply (a paid order's cancel is the owner's): a key's scope is its permission, so it passes them as the owner. */
  role(req: IncomingMessage): StaffRoleName {
    return this.keys.has(req) || this.tools.has(req) ? 'owner' : this.staff(req).user.role;
  }

  /** The staff user the guard admitted for this request (routes without a scope: never a key). */
  staff(req: IncomingMessage): StaffPrincipal {
    const principal = this.principals.get(req);
    if (!principal) throw new Error('An admin route ran without its guard');
    return principal;
  }

  /** A back-office route behind this guard, under the back office's tag; its writes are not counted per address (the session is). */
  route<Q, B, R>(access: Access, route: Omit<Route<Q, B, R>, 'tag' | 'authorize' | 'limitWrites' | 'apiKeyScope'>): AnyRoute {
    return { ...route, tag: BACK_OFFICE_TAG, authorize: this.authorize(access), limitWrites: false, ...(access.scope ? { apiKeyScope: access.scope } : {}) } as AnyRoute;
  }
}
