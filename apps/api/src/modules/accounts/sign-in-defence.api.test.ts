import { ACCOUNT_MESSAGES as A } from '@shop/contracts';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { readOutbox } from '../mail/eml.ts';
import { DEFAULT_SIGN_IN_DEFENCE } from './defence-config.ts';
import { LOGIN_FAILURES } from './throttle.ts';

/**
 * Issue #43 points 1, 2 and 10 as the probe did them: nobody can lock a customer out, a
 * registration burst is refused cheaply, registration tells nothing about who is a customer, and
 * easy passwords are refused with the reason in Italian.
 */
let api: TestApi;
beforeAll(async () => {
  // The shop's own limits (the harness lifts the registration ones for every other test file).
  api = await startTestApi({ signInDefence: { ...DEFAULT_SIGN_IN_DEFENCE, limits: { ...DEFAULT_SIGN_IN_DEFENCE.limits, challengeDelayMs: 200 } } });
});
afterAll(async () => {
  await api?.dispose();
});

let nextAddress = 1;
/** A client address of its own (X-Forwarded-For from the trusted loopback proxy). */
const from = () => ({ 'x-forwarded-for': `198.51.100.${nextAddress++}` });
const PASSWORD = 'Coltello-2026';
let nextEmail = 1;
const newEmail = (domain = 'example.it') => `difesa${nextEmail++}@${domain}`;

async function register(email = newEmail(), headers = from(), extra: Record<string, unknown> = {}) {
  return api.call('/api/user/create', { body: { customer: { email, firstname: 'Anna', lastname: 'Bianchi' }, password: PASSWORD, ...extra }, headers });
}
const login = (email: string, password: string, headers: Record<string, string>, altcha?: string) =>
  api.call('/api/user/login', { body: { username: email, password, ...(altcha ? { altcha } : {}) }, headers });

/** What the widget does: fetch a challenge, solve it, send the base64 payload (altcha-lib's own solver). */
async function solved(): Promise<string> {
  const challenge = (await api.call('/api/user/challenge')).body.result as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}

async function mailsTo(to: string) {
  await api.app.mail.idle();
  api.app.mail.kick();
  await api.app.mail.idle();
  return readOutbox(api.app.mail.outboxDir!).filter((mail) => mail.to.includes(to));
}
const customers = async () => Number((await api.database.db.selectFrom('customer').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('point 1: failed sign-ins never lock the owner out', () => {
  it(`${LOGIN_FAILURES} failures from one address lock that address for the account only: the owner signs in from another address`, async () => {
    const email = newEmail();
    expect((await register(email)).status).toBe(200);
    const attacker = from();
    for (let i = 0; i < LOGIN_FAILURES; i++) expect((await login(email, 'Sbagliata-123', attacker)).status).toBe(401);
    const locked = await login(email, PASSWORD, attacker);
    expect(locked.status).toBe(429);
    expect(locked.body.result).toBe(A.locked.replace('{minutes}', '10'));
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(590);
    const owner = await login(email, PASSWORD, from());
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
  });

  it(`${LOGIN_FAILURES} failures from ten addresses put the account behind the challenge: the owner signs in from another address with it solved, once`, async () => {
    const email = newEmail();
    expect((await register(email)).status).toBe(200);
    const attempts = [];
    for (let i = 0; i < LOGIN_FAILURES; i++) attempts.push((await login(email, 'Sbagliata-123', from())).status);
    // Past 5 addresses the attempts need the challenge: refused before any password check.
    expect(attempts).toEqual([401, 401, 401, 401, 401, 403, 403, 403, 403, 403]);

    const owner = from();
    const bare = await login(email, PASSWORD, owner);
    expect(bare.body).toEqual({ code: 403, result: A.challengeRequired });
    expect(bare.body.result).toMatch(/^altcha: /);
    const payload = await solved();
    const signedIn = await login(email, PASSWORD, owner, payload);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.result).toMatch(/^ey/);
    // The same solution again (a replay, even with the right password) is refused.
    expect((await login(email, PASSWORD, from(), payload)).body).toEqual({ code: 403, result: A.challengeInvalid });
    // A wrong password with a solved challenge is just a wrong password, and is slowed.
    const started = performance.now();
    expect((await login(email, 'Sbagliata-123', from(), await solved())).status).toBe(401);
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);

    // The owner is told once, in Italian, with no link but the reset page.
    const mails = (await mailsTo(email)).filter((mail) => /Tentativi di accesso non riusciti/.test(mail.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/tentativi di accesso non riusciti/);
    expect([...mails[0]!.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual(['http://localhost:3000/reset-password']);
  });

  it('refuses a forged or tampered solution, naming the field', async () => {
    const email = newEmail();
    expect((await register(email)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(email, 'Sbagliata-123', from())).status).toBe(401);
    expect((await login(email, PASSWORD, from())).status).toBe(403);
    const good = JSON.parse(Buffer.from(await solved(), 'base64').toString()) as { solution: { derivedKey: string }; challenge: { parameters: { cost: number } } };
    const wrongKey = { ...good, solution: { ...good.solution, derivedKey: `${good.solution.derivedKey.startsWith('0') ? '1' : '0'}${good.solution.derivedKey.slice(1)}` } };
    const cheaper = { ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 1 } } };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    for (const bad of ['nonsense', encode({ challenge: {} }), encode(wrongKey), encode(cheaper)]) {
      expect((await login(email, PASSWORD, from(), bad)).body).toEqual({ code: 403, result: A.challengeInvalid });
    }
  });

  it('a reset link works while the account is behind the challenge', async () => {
    const email = newEmail();
    expect((await register(email)).status).toBe(200);
    for (let i = 0; i < 6; i++) await login(email, 'Sbagliata-123', from());
    expect((await api.call('/api/user/reset-password', { body: { email }, headers: from() })).status).toBe(200);
    const token = (await mailsTo(email)).map((mail) => /reset-password\?email=\S+&token=([\w-]+)/.exec(mail.text)?.[1]).find(Boolean);
    // The new password is held to the same strength (the link stays good after a refusal).
    expect((await api.call('/api/user/create-password', { body: { email, newPassword: 'aaaaaaa1', resetToken: token } })).body.result).toMatch(/^password: This password is too easy to guess\. /);
    const set = await api.call('/api/user/create-password', { body: { email, newPassword: 'Reimpostata-2026', resetToken: token } });
    expect(set.body).toEqual({ code: 200, result: A.passwordChanged });
    expect((await login(email, 'Reimpostata-2026', from(), await solved())).status).toBe(200);
  });
});

describe('point 10: registration tells nothing and refuses easy passwords', () => {
  it('answers the same for a known and an unknown e-mail; the owner of the known one gets a mail, and the account is untouched', async () => {
    const email = newEmail();
    const first = await register(email);
    expect(first.body).toEqual({ code: 200, result: A.registered });
    const before = await customers();
    const again = await api.call('/api/user/create', { body: { customer: { email: email.toUpperCase(), firstname: 'Intruso', lastname: 'Rossi' }, password: 'Altra-password-99' }, headers: from() });
    expect(again.body).toEqual(first.body);
    expect(await customers()).toBe(before);
    expect((await login(email, PASSWORD, from())).status).toBe(200);
    expect((await login(email, 'Altra-password-99', from())).status).toBe(401);
    const notices = (await mailsTo(email)).filter((mail) => /registrazione/i.test(mail.subject));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toMatch(/Ciao Anna/);
    expect([...notices[0]!.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual(['http://localhost:3000/reset-password']);
  });

  it('refuses easy passwords with the reason in Italian, naming the field, and keeps the shared rules', async () => {
    for (const password of ['        a', 'aaaaaaa1', 'password1', 'Bianchi2026']) {
      const res = await api.call('/api/user/create', { body: { customer: { email: 'difesa-debole@example.it', firstname: 'Anna', lastname: 'Bianchi' }, password }, headers: from() });
      expect(res.status, password).toBe(400);
      expect(res.body.result, password).toMatch(/^password: This password is too easy to guess\. \S/);
    }
    const common = await api.call('/api/user/create', { body: { customer: { email: 'difesa-debole@example.it', firstname: 'Anna', lastname: 'Bianchi' }, password: 'password1' }, headers: from() });
    expect(common.body.result).toBe('password: This password is too easy to guess. Questa è una password di uso comune.');
    // The spec's rules (8 characters, letters and a digit or symbol) still come first.
    expect((await api.call('/api/user/create', { body: { customer: { email: 'difesa-debole@example.it', firstname: 'Anna', lastname: 'Bianchi' }, password: '12345678' }, headers: from() })).body.result).toBe(`Invalid request body: password: ${A.passwordRules}`);
    expect(await api.call('/api/user/login', { body: { username: 'difesa-debole@example.it', password: 'password1' }, headers: from() }).then((r) => r.status)).toBe(401);
  });
});

describe('point 2: registrations per address and per e-mail domain', () => {
  it('takes 3 registrations from an address freely, then each with the challenge, and refuses past 10 an hour with 429 and Retry-After; nothing is written when refused', async () => {
    const address = from();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await register(newEmail(), address)).status);
    expect(statuses).toEqual([200, 200, 200, 403]);
    expect((await register(newEmail(), address)).body).toEqual({ code: 403, result: A.challengeRequired });
    // Refusals gave their count back: seven more with the challenge solved make ten in the hour.
    for (let i = 0; i < 7; i++) expect((await register(newEmail(), address, { altcha: await solved() })).status).toBe(200);
    const before = await customers();
    const over = await register(newEmail(), address, { altcha: await solved() });
    expect(over.status).toBe(429);
    expect(over.body.result).toMatch(/^Too many accounts created from this address: try again in \d+ minutes\.$/);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await customers()).toBe(before);
  });

  it('120 registrations at once from one address: a handful hash, the rest are refused before hashing', async () => {
    const address = from();
    const before = await customers();
    const answers = await Promise.all(Array.from({ length: 120 }, () => register(newEmail(), address)));
    const count = (status: number) => answers.filter((a) => a.status === status).length;
    // Two at a time per address reach the database, and of those at most three before the challenge.
    expect(count(200)).toBeGreaterThanOrEqual(1);
    expect(count(200)).toBeLessThanOrEqual(3);
    expect(await customers()).toBe(before + count(200));
    // Every other one is refused before hashing: busy while two are in flight, or asked for the
    // challenge once a slot was free. How many find a slot free depends on how fast the database
    // answers the ones in flight (on a loaded CI machine 29 of 120 did), so only the kinds are exact.
    const busy = answers.filter((a) => a.status === 429 && a.body.result === A.hashingBusy.replace('{seconds}', '2'));
    const challenged = answers.filter((a) => a.status === 403 && a.body.result === A.challengeRequired);
    expect(count(200) + challenged.length + busy.length).toBe(120);
    expect(busy.length).toBeGreaterThan(challenged.length);
    expect(busy.every((a) => a.headers.get('retry-after') === '2')).toBe(true);
  });

  it(`refuses a burst of registrations with one e-mail domain from many addresses (${DEFAULT_SIGN_IN_DEFENCE.limits.registerPerDomain} in 10 minutes)`, async () => {
    const domain = 'burst-example.it';
    for (let i = 0; i < DEFAULT_SIGN_IN_DEFENCE.limits.registerPerDomain; i++) expect((await register(newEmail(domain))).status).toBe(200);
    const over = await register(newEmail(domain));
    expect(over.status).toBe(429);
    expect(over.body.result).toMatch(/^customer\.email: Too many new accounts with this e-mail domain right now: try again in \d+ minutes\.$/);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another domain from the same kind of traffic is fine.
    expect((await register(newEmail('altro-example.it'))).status).toBe(200);
  });
});
