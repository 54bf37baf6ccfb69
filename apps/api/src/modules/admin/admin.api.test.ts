import { ADMIN_MESSAGES as M, API_KEY_MESSAGES as K, API_KEY_SCOPES, type ApiKeyScope } from '@shop/contracts';
import type { IncomingMessage } from 'node:http';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { CURRENT_HASH, legacyPasswordHash } from '../../testing/legacy-hash.ts';
import { LOGIN_FAILURES } from '../accounts/throttle.ts';
import { CLI_ACTOR, recordAudit } from './audit.ts';
import { ApiKeys } from './api-keys.ts';
import { AdminGuard, BACK_OFFICE_TAG, SESSION_COOKIE } from './guard.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './service.ts';
import { upsertStaffUser } from './staff-users.ts';

/** Issue #44 point 2 (staff accounts): sign-in, TOTP, the guard of every /api/admin route, expiry and the audit log. */
let api: TestApi;
/** The back office's clock runs with the real one, this far ahead (the expiry tests move it). */
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  api = await startTestApi({ adminNow: now });
});
afterAll(async () => {
  await api?.dispose();
});

const PASSWORD = 'Mestolo-Rosso-2026';
let nextEmail = 1;
let nextAddress = 1;
/** A client address of its own (X-Forwarded-For from the trusted loopback proxy): each test's failures are its own. */
const from = () => ({ 'x-forwarded-for': `198.51.100.${nextAddress++}` });

async function newUser(role: 'owner' | 'staff', password = PASSWORD) {
  const email = `${role}${nextEmail++}@bottega-pro.example`;
  const { user } = await upsertStaffUser(api.database.db, { email, password, role }, CLI_ACTOR, now());
  return { email, password, id: user.id };
}

interface Session {
  cookie: string;
  csrf: string;
  setCookie: string;
}

const signIn = (email: string, password: string, otp?: string, headers: Record<string, string> = from()) =>
  api.call('/api/admin/session', { body: { email, password, ...(otp ? { otp } : {}) }, headers });

async function session(email: string, password = PASSWORD, otp?: string): Promise<Session> {
  const res = await signIn(email, password, otp);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { cookie: setCookie.split(';')[0]!, csrf: res.body.result.csrfToken as string, setCookie };
}

/** A back-office call with the session's cookie and (for writes) its CSRF token. */
const as = (s: Session, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  api.call(path, { ...init, headers: { cookie: s.cookie, ...(init.method && init.method !== 'GET' ? { 'x-csrf-token': s.csrf } : {}), ...init.headers } });

const totpSecretOf = (uri: string) => new URL(uri).searchParams.get('secret')!;
const code = (secret: string, at = now()) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

async function withTotp(role: 'owner' | 'staff') {
  const user = await newUser(role);
  const s = await session(user.email);
  const enrol = await as(s, '/api/admin/totp/enrol', { method: 'POST' });
  expect(enrol.status).toBe(200);
  const secret = totpSecretOf(enrol.body.result.otpauthUri);
  const confirmed = await as(s, '/api/admin/totp/confirm', { method: 'POST', body: { otp: await code(secret) } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { ...user, secret, recoveryCodes: enrol.body.result.recoveryCodes as string[] };
}

describe('sign-in', () => {
  it('an owner signs in: an httpOnly, SameSite=Strict cookie for /api/admin, the CSRF token, and GET /api/admin/session says who', async () => {
    const owner = await newUser('owner');
    const s = await session(owner.email);
    expect(s.setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(s.setCookie).toContain('HttpOnly');
    expect(s.setCookie).toContain('SameSite=Strict');
    expect(s.setCookie).toContain('Path=/api/admin');
    expect(s.setCookie).toContain(`Max-Age=${SESSION_ABSOLUTE_MS / 1000}`);
    // Plain HTTP without a proxy saying otherwise: no Secure (the browser would drop the cookie).
    expect(s.setCookie).not.toContain('Secure');
    const me = await as(s, '/api/admin/session');
    expect(me.status).toBe(200);
    expect(me.body.result).toMatchObject({ email: owner.email, role: 'owner', csrfToken: s.csrf, totpEnabled: false, mustEnrolTotp: false });
    expect(me.headers.get('cache-control')).toBe('no-store');
  });

  it('behind the trusted proxy with X-Forwarded-Proto https the cookie is Secure', async () => {
    const owner = await newUser('staff');
    const res = await signIn(owner.email, PASSWORD, undefined, { ...from(), 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/; Secure$/);
  });

  it('a password stored with the old, heavier parameters is re-hashed when it signs in, and goes on signing in', async () => {
    const user = await newUser('staff');
    const storedHash = async () => (await api.database.db.selectFrom('staff_user').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow()).password_hash;
    expect(await storedHash()).toMatch(CURRENT_HASH);
    const legacy = await legacyPasswordHash(PASSWORD);
    await api.database.db.updateTable('staff_user').set({ password_hash: legacy }).where('id', '=', user.id).execute();
    expect((await signIn(user.email, 'Sbagliata-2026')).status).toBe(401);
    expect(await storedHash()).toBe(legacy);
    expect((await signIn(user.email, PASSWORD)).status).toBe(200);
    expect(await storedHash()).toMatch(CURRENT_HASH);
    expect((await signIn(user.email, PASSWORD)).status).toBe(200);
  });

  it('a wrong password and an unknown e-mail get the same Italian 401, and no cookie', async () => {
    const owner = await newUser('owner');
    for (const res of [await signIn(owner.email, 'Sbagliata-2026'), await signIn('nessuno@bottega-pro.example', PASSWORD)]) {
      expect(res.status).toBe(401);
      expect(res.body.result).toBe(M.wrongCredentials);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it(`${LOGIN_FAILURES} failures from one address lock that address out of the account (429 in Italian); another address still signs in`, async () => {
    const owner = await newUser('owner');
    const attacker = from();
    for (let i = 0; i < LOGIN_FAILURES; i++) expect((await signIn(owner.email, 'Sbagliata-2026', undefined, attacker)).status).toBe(401);
    const locked = await signIn(owner.email, PASSWORD, undefined, attacker);
    expect(locked.status).toBe(429);
    expect(locked.body.result).toMatch(/^Troppi tentativi non riusciti: riprova tra \d+ minuti\.$/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn(owner.email, PASSWORD, undefined, from())).status).toBe(200);
  });

  it('DELETE /api/admin/session signs out: the cookie is cleared and no longer admits', async () => {
    const s = await session((await newUser('staff')).email);
    const out = await as(s, '/api/admin/session', { method: 'DELETE' });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=; .*Max-Age=0`));
    const after = await as(s, '/api/admin/session');
    expect(after.status).toBe(401);
    expect(after.body.result).toBe(M.sessionExpired);
  });
});

describe('TOTP', () => {
  it('enrol answers the otpauth URI, a QR code and 10 recovery codes; confirm turns it on; then sign-in needs a code, good once', async () => {
    const user = await newUser('owner');
    const s = await session(user.email);
    const enrol = await as(s, '/api/admin/totp/enrol', { method: 'POST' });
    expect(enrol.status).toBe(200);
    const { otpauthUri, qrSvg, qrDataUrl, recoveryCodes } = enrol.body.result;
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    expect(decodeURIComponent(otpauthUri)).toContain(user.email);
    expect(qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const secret = totpSecretOf(otpauthUri);

    // Not on until confirmed: sign-in still needs no code.
    expect((await signIn(user.email, PASSWORD)).status).toBe(200);
    const wrong = await as(s, '/api/admin/totp/confirm', { method: 'POST', body: { otp: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.result).toBe(M.otpWrong);
    const confirmed = await as(s, '/api/admin/totp/confirm', { method: 'POST', body: { otp: await code(secret) } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.result.totpEnabled).toBe(true);
    expect((await as(s, '/api/admin/totp/enrol', { method: 'POST' })).status).toBe(409);

    const without = await signIn(user.email, PASSWORD);
    expect(without.status).toBe(401);
    expect(without.body.result).toBe(M.otpRequired);
    expect((await signIn(user.email, PASSWORD, '123456')).body.result).toBe(M.otpWrong);
    // The confirming code's step is used: the next step's code signs in, once.
    const next = await code(secret, new Date(now().getTime() + 30_000));
    const ok = await signIn(user.email, PASSWORD, next);
    expect(ok.status).toBe(200);
    expect(ok.body.result).toMatchObject({ email: user.email, totpEnabled: true });
    const replay = await signIn(user.email, PASSWORD, next);
    expect(replay.status).toBe(401);
    expect(replay.body.result).toBe(M.otpWrong);
  });

  it('a recovery code signs in once, whatever its case and dashes; the second time it is refused', async () => {
    const user = await withTotp('staff');
    const [first, second] = user.recoveryCodes;
    expect((await signIn(user.email, PASSWORD, first)).status).toBe(200);
    const again = await signIn(user.email, PASSWORD, first);
    expect(again.status).toBe(401);
    expect(again.body.result).toBe(M.otpWrong);
    expect((await signIn(user.email, PASSWORD, second!.toLowerCase().replaceAll('-', ''))).status).toBe(200);
  });

  it('the secret is never answered again and rests encrypted; the recovery codes rest hashed', async () => {
    const user = await withTotp('owner');
    const row = await api.database.db.selectFrom('staff_user').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(user.secret);
    expect(row.totp_secret).toMatch(/^v1\./);
    const codes = await api.database.db.selectFrom('staff_recovery_code').select('code_hash').where('staff_id', '=', user.id).execute();
    expect(codes).toHaveLength(10);
    for (const { code_hash } of codes) expect(user.recoveryCodes.map((c) => c.replaceAll('-', ''))).not.toContain(code_hash);
    const s = await session(user.email, PASSWORD, await code(user.secret, new Date(now().getTime() + 30_000)));
    const me = JSON.stringify((await as(s, '/api/admin/session')).body);
    expect(me).not.toContain(user.secret);
  });
});

describe('TOTP reset (npm run admin:user -- --reset-totp)', () => {
  it('turns TOTP off and voids the recovery codes: the user signs in without a code and may enrol again', async () => {
    const user = await withTotp('owner');
    await upsertStaffUser(api.database.db, { email: user.email, password: PASSWORD, role: 'owner', resetTotp: true }, CLI_ACTOR, now());
    const s = await session(user.email);
    expect((await as(s, '/api/admin/session')).body.result.totpEnabled).toBe(false);
    expect((await signIn(user.email, PASSWORD, user.recoveryCodes[0])).status).toBe(200);
    expect(await api.database.db.selectFrom('staff_recovery_code').select('code_hash').where('staff_id', '=', user.id).execute()).toEqual([]);
    expect((await as(s, '/api/admin/totp/enrol', { method: 'POST' })).status).toBe(200);
  });
});

describe('the guard of every /api/admin route', () => {
  const guarded = () => api.app.routes.filter((r) => r.tag === BACK_OFFICE_TAG && !(r.method === 'POST' && r.path === '/api/admin/session'));
  const pathOf = (path: string) => (path === '/api/admin/audit' ? '/api/admin/audit?object=order:1' : path);

  it('refuses no session (401) and a customer’s Bearer token (401) on each of them', async () => {
    const email = `cliente${nextEmail++}@example.it`;
    expect((await api.call('/api/user/create', { body: { customer: { email, firstname: 'Anna', lastname: 'Bianchi' }, password: 'Coltello-2026' }, headers: from() })).status).toBe(200);
    const token = (await api.call('/api/user/login', { body: { username: email, password: 'Coltello-2026' }, headers: from() })).body.result as string;
    expect(guarded().length).toBeGreaterThanOrEqual(6);
    for (const route of guarded()) {
      const none = await api.call(pathOf(route.path), { method: route.method });
      expect([route.path, none.status, none.body.result]).toEqual([route.path, 401, M.signInRequired]);
      const customer = await api.call(pathOf(route.path), { method: route.method, headers: { authorization: `Bearer ${token}` } });
      // The catalogue import also takes the tools' admin token: any other Bearer is a wrong one of those.
      const refusal = route.path === '/api/admin/catalog/import' ? M.toolToken : M.customerToken;
      expect([route.path, customer.status, customer.body.result]).toEqual([route.path, 401, refusal]);
    }
  });

  it('API keys: a revoked or unknown key 401 everywhere; a key without the route’s scope 403, and every key 403 on routes without one', async () => {
    const owner = await session((await newUser('owner')).email);
    const create = async (scopes: readonly ApiKeyScope[]) => {
      const res = await as(owner, '/api/admin/api-keys', { method: 'POST', body: { name: `Gestionale ${scopes.join(' ')}`, scopes } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.result as { id: number; key: string };
    };
    const revoked = await create(API_KEY_SCOPES);
    expect((await as(owner, `/api/admin/api-keys/${revoked.id}`, { method: 'DELETE' })).status).toBe(200);
    const all = await create(API_KEY_SCOPES);
    const allBut = Object.fromEntries(await Promise.all(API_KEY_SCOPES.map(async (scope) => [scope, await create(API_KEY_SCOPES.filter((s) => s !== scope))])));
    const unknown = all.key.replace(/_(.)/, (_, c: string) => `_${c === 'a' ? 'b' : 'a'}`);
    const wrongSecret = `${all.key.slice(0, -1)}${all.key.endsWith('A') ? 'B' : 'A'}`;
    const call = (route: { path: string; method: string }, key: string) => api.call(pathOf(route.path), { method: route.method, headers: { authorization: `Bearer ${key}` } });
    const scoped = guarded().filter((r) => r.apiKeyScope);
    expect(scoped.length).toBeGreaterThanOrEqual(3);
    for (const route of guarded()) {
      for (const key of [revoked.key, unknown, wrongSecret, 'bpk_nonvalida']) {
        const res = await call(route, key);
        expect([route.path, res.status, res.body.result]).toEqual([route.path, 401, K.invalid]);
      }
      const scope = route.apiKeyScope as ApiKeyScope | undefined;
      const without = await call(route, scope ? allBut[scope]!.key : all.key);
      expect([route.path, without.status, without.body.result]).toEqual([route.path, 403, scope ? K.missingScope.replace('{scope}', scope) : K.notAllowed]);
    }
    // With the scope the guard lets the request through to the route (here: no such invoice).
    const admitted = await api.call('/api/admin/invoices/999999.xml', { headers: { authorization: `Bearer ${all.key}` } });
    expect([admitted.status, admitted.body.result]).toEqual([404, 'Fattura non trovata']);
  });

  it('refuses a write without the CSRF token or with another session’s (403), before anything is done', async () => {
    const s = await session((await newUser('owner')).email);
    const other = await session((await newUser('owner')).email);
    const writes = guarded().filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThanOrEqual(3);
    for (const route of writes) {
      const missing = await api.call(route.path, { method: route.method, headers: { cookie: s.cookie } });
      expect([route.path, missing.status, missing.body.result]).toEqual([route.path, 403, M.csrfMissing]);
      const wrong = await api.call(route.path, { method: route.method, headers: { cookie: s.cookie, 'x-csrf-token': other.csrf } });
      expect([route.path, wrong.status, wrong.body.result]).toEqual([route.path, 403, M.csrfWrong]);
    }
    // Still signed in: the refused DELETE did not sign out.
    expect((await as(s, '/api/admin/session')).status).toBe(200);
  });

  it('refuses a staff user on an owner route (403); the owner is served', async () => {
    const staff = await session((await newUser('staff')).email);
    const denied = await as(staff, '/api/admin/users');
    expect(denied.status).toBe(403);
    expect(denied.body.result).toBe(M.ownerOnly);
    const owner = await newUser('owner');
    const list = await as(await session(owner.email), '/api/admin/users');
    expect(list.status).toBe(200);
    expect(list.body.result).toContainEqual(expect.objectContaining({ email: owner.email, role: 'owner', totpEnabled: false }));
    expect(JSON.stringify(list.body.result)).not.toMatch(/argon2|password/);
  });

  it('lists the back-office routes in /api/openapi.json under their own tag', async () => {
    const doc = (await api.call('/api/openapi.json')).body;
    expect(doc.paths['/api/admin/session'].post.tags).toEqual([BACK_OFFICE_TAG]);
    expect(doc.paths['/api/admin/users'].get.tags).toEqual([BACK_OFFICE_TAG]);
    expect(doc.paths['/api/admin/audit'].get.tags).toEqual([BACK_OFFICE_TAG]);
    // What a program's key needs, for whoever writes the program.
    expect(doc.paths['/api/admin/invoices/export'].get['x-api-key-scope']).toBe('orders:read');
    expect(doc.paths['/api/admin/api-keys'].post['x-api-key-scope']).toBeUndefined();
  });
});

describe('API keys', () => {
  it('the owner creates a key (shown whole once), lists it without its secret, revokes it; each write audited; staff users may not', async () => {
    const ownerUser = await newUser('owner');
    const owner = await session(ownerUser.email);
    const created = await as(owner, '/api/admin/api-keys', { method: 'POST', body: { name: 'Studio Rossi', scopes: ['orders:read', 'orders:read'] } });
    expect(created.status).toBe(201);
    const key = created.body.result;
    expect(key).toEqual({ id: expect.any(Number), name: 'Studio Rossi', prefix: expect.stringMatching(/^[0-9a-f]{8}$/), scopes: ['orders:read'], createdAt: expect.any(String), lastUsedAt: null, revokedAt: null, key: expect.stringMatching(/^bpk_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/) });
    expect(key.key.startsWith(`bpk_${key.prefix}_`)).toBe(true);
    const listed = (await as(owner, '/api/admin/api-keys')).body.result;
    const { key: whole, ...shown } = key;
    expect(listed).toContainEqual(shown);
    expect(JSON.stringify(listed)).not.toContain(whole.slice(13));
    const stored = await api.database.db.selectFrom('api_key').select('secret_hash').where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(stored.secret_hash).toMatch(/^[0-9a-f]{64}$/);

    const staff = await session((await newUser('staff')).email);
    expect((await as(staff, '/api/admin/api-keys')).status).toBe(403);
    expect((await as(staff, `/api/admin/api-keys/${key.id}`, { method: 'DELETE' })).status).toBe(403);

    const bad = await as(owner, '/api/admin/api-keys', { method: 'POST', body: { name: 'Vuota', scopes: [] } });
    expect([bad.status, bad.body.result]).toEqual([400, `Invalid request body: scopes: ${K.noScopes}`]);

    const revoked = await as(owner, `/api/admin/api-keys/${key.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect(revoked.body.result.revokedAt).toEqual(expect.any(String));
    expect((await as(owner, '/api/admin/api-keys/999999', { method: 'DELETE' })).status).toBe(404);
    const entries = (await as(owner, `/api/admin/audit?object=api_key:${key.id}`)).body.result;
    expect(entries.map((e: { action: string; staffEmail: string }) => [e.action, e.staffEmail])).toEqual([
      ['api_key.create', ownerUser.email],
      ['api_key.revoke', ownerUser.email],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/secret|hash/);
  });

  it('a key reads the routes of its scope; its last use is recorded at most once a minute, not at each request', async () => {
    const owner = await session((await newUser('owner')).email);
    const key = (await as(owner, '/api/admin/api-keys', { method: 'POST', body: { name: 'ERP', scopes: ['orders:read'] } })).body.result;
    const use = () => api.call('/api/admin/invoices/export?month=2001-01', { headers: { authorization: `Bearer ${key.key}` } });
    const lastUsed = async () => ((await as(owner, '/api/admin/api-keys')).body.result as { id: number; lastUsedAt: string | null }[]).find((k) => k.id === key.id)!.lastUsedAt;
    try {
      expect((await use()).status).toBe(200);
      const first = await lastUsed();
      expect(first).toEqual(expect.any(String));
      offsetMs += 30_000;
      expect((await use()).status).toBe(200);
      expect(await lastUsed()).toBe(first);
      offsetMs += 31_000;
      expect((await use()).status).toBe(200);
      expect(Date.parse((await lastUsed())!) - Date.parse(first!)).toBeGreaterThanOrEqual(60_000);
    } finally {
      offsetMs = 0;
    }
  });
});

describe('API keys on writes', () => {
  // No route on this branch writes with a scope yet (the order actions will): the guard is asked directly.
  it('a key with the write scope needs no CSRF token, and its writes are audited as “chiave API <name>”', async () => {
    const owner = await session((await newUser('owner')).email);
    const key = (await as(owner, '/api/admin/api-keys', { method: 'POST', body: { name: 'ERP Cucine', scopes: ['orders:write'] } })).body.result;
    const guard = new AdminGuard(api.app.admin, new ApiKeys(api.database.db, now));
    const req = { method: 'POST', headers: { authorization: `Bearer ${key.key}` } } as unknown as IncomingMessage;
    await guard.authorize({ role: 'owner', scope: 'orders:write' })(req);
    expect(guard.actor(req)).toEqual({ id: null, email: 'chiave API ERP Cucine' });
    await expect(guard.authorize({ role: 'owner', scope: 'orders:read' })(req)).rejects.toMatchObject({ status: 403 });
  });
});

describe('session expiry', () => {
  it('30 minutes without a request end a session; requests keep it alive', async () => {
    const s = await session((await newUser('staff')).email);
    try {
      offsetMs += SESSION_IDLE_MS - 60_000;
      expect((await as(s, '/api/admin/session')).status).toBe(200);
      offsetMs += SESSION_IDLE_MS - 60_000;
      expect((await as(s, '/api/admin/session')).status).toBe(200);
      offsetMs += SESSION_IDLE_MS;
      const idle = await as(s, '/api/admin/session');
      expect(idle.status).toBe(401);
      expect(idle.body.result).toBe(M.sessionExpired);
    } finally {
      offsetMs = 0;
    }
  });

  it('8 hours after sign-in a session ends however busy it was', async () => {
    const s = await session((await newUser('owner')).email);
    try {
      for (let elapsed = 0; elapsed + 20 * 60_000 < SESSION_ABSOLUTE_MS; elapsed += 20 * 60_000) {
        offsetMs += 20 * 60_000;
        expect((await as(s, '/api/admin/session')).status).toBe(200);
      }
      offsetMs += 20 * 60_000;
      const ended = await as(s, '/api/admin/session');
      expect(ended.status).toBe(401);
      expect(ended.body.result).toBe(M.sessionExpired);
    } finally {
      offsetMs = 0;
    }
  });
});

describe('audit log', () => {
  it('recordAudit writes who, when, before and after in the write’s transaction; GET /api/admin/audit lists them for staff', async () => {
    const owner = await newUser('owner');
    const at = now();
    await api.database.db.transaction().execute(async (trx) => {
      await recordAudit(trx, { id: owner.id, email: owner.email }, { action: 'order.ship', objectType: 'order', objectId: '000000123', before: { status: 'processing' }, after: { status: 'complete', tracking: 'BRT123' } }, at);
    });
    // A write that fails leaves no entry.
    await expect(
      api.database.db.transaction().execute(async (trx) => {
        await recordAudit(trx, { id: owner.id, email: owner.email }, { action: 'order.cancel', objectType: 'order', objectId: '000000123', before: { status: 'complete' }, after: { status: 'canceled' } }, at);
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const staff = await session((await newUser('staff')).email);
    const list = await as(staff, '/api/admin/audit?object=order:000000123');
    expect(list.status).toBe(200);
    expect(list.body.result).toEqual([
      {
        id: expect.any(Number),
        at: at.toISOString(),
        staffId: owner.id,
        staffEmail: owner.email,
        action: 'order.ship',
        objectType: 'order',
        objectId: '000000123',
        before: { status: 'processing' },
        after: { status: 'complete', tracking: 'BRT123' },
      },
    ]);
    const bad = await as(staff, '/api/admin/audit?object=123');
    expect(bad.status).toBe(400);
    expect(bad.body.result).toBe(`Invalid query: object: ${M.badObject}`);
    const digits = await as(staff, '/api/admin/totp/confirm', { method: 'POST', body: { otp: '12ab' } });
    expect(digits.status).toBe(400);
    expect(digits.body.result).toBe(`Invalid request body: otp: ${M.otpDigits}`);
  });

  it('turning TOTP on and creating a user are audited on the user', async () => {
    const user = await withTotp('staff');
    const owner = await session((await newUser('owner')).email);
    const entries = (await as(owner, `/api/admin/audit?object=staff_user:${user.id}`)).body.result;
    expect(entries.map((e: { action: string; staffEmail: string }) => [e.action, e.staffEmail])).toEqual([
      ['staff_user.create', 'cli'],
      ['staff_user.totp_on', user.email],
    ]);
    expect(entries[0].after).toEqual({ email: user.email, role: 'staff', totpEnabled: false });
  });
});

describe('production', () => {
  let prod: TestApi;
  beforeAll(async () => {
    prod = await startTestApi({ production: true });
  });
  afterAll(async () => {
    await prod?.dispose();
  });

  it('an owner without TOTP may sign in only to enrol; once confirmed, everything is open', async () => {
    const email = 'titolare-prod@bottega-pro.example';
    await upsertStaffUser(prod.database.db, { email, password: PASSWORD, role: 'owner' }, CLI_ACTOR, new Date());
    const res = await prod.call('/api/admin/session', { body: { email, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.result.mustEnrolTotp).toBe(true);
    const headers = (write = false) => ({ cookie: res.headers.get('set-cookie')!.split(';')[0]!, ...(write ? { 'x-csrf-token': res.body.result.csrfToken } : {}) });
    const users = await prod.call('/api/admin/users', { headers: headers() });
    expect(users.status).toBe(403);
    expect(users.body.result).toBe(M.enrolFirst);
    const enrol = await prod.call('/api/admin/totp/enrol', { method: 'POST', headers: headers(true) });
    expect(enrol.status).toBe(200);
    const secret = totpSecretOf(enrol.body.result.otpauthUri);
    const confirmed = await prod.call('/api/admin/totp/confirm', { body: { otp: await generate({ secret }) }, headers: headers(true) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.result.mustEnrolTotp).toBe(false);
    expect((await prod.call('/api/admin/users', { headers: headers() })).status).toBe(200);
  });

  it('a staff user needs no TOTP in production', async () => {
    const email = 'commesso-prod@bottega-pro.example';
    await upsertStaffUser(prod.database.db, { email, password: PASSWORD, role: 'staff' }, CLI_ACTOR, new Date());
    const res = await prod.call('/api/admin/session', { body: { email, password: PASSWORD } });
    expect(res.body.result.mustEnrolTotp).toBe(false);
  });
});
