import { ACCOUNT_MESSAGES as A } from '@shop/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { DEFAULT_SIGN_IN_DEFENCE } from './defence-config.ts';

/**
 * Issue #43 point 2: password hashing is bounded (one at a time and two waiting here, so that a
 * small burst overflows): the overflow is answered 503 with Retry-After at once, and a shed
 * registration writes nothing. Its own file: the queue is the process's.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ signInDefence: { ...DEFAULT_SIGN_IN_DEFENCE, hashQueue: { concurrency: 1, maxQueued: 2 } } });
});
afterAll(async () => {
  await api?.dispose();
});

const customers = async () => Number((await api.database.db.selectFrom('customer').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

it('sheds hashing past the queue with 503, Retry-After and the busy text; a shed registration writes nothing', async () => {
  const before = await customers();
  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      api.call('/api/user/create', { body: { customer: { email: `coda${i}@example.it`, firstname: 'Anna', lastname: 'Bianchi' }, password: 'Coltello-2026' }, headers: { 'x-forwarded-for': `192.0.2.${i + 1}` } }),
    ),
  );
  const ok = answers.filter((a) => a.status === 200);
  const shed = answers.filter((a) => a.status === 503);
  expect(ok.length + shed.length).toBe(8);
  expect(ok.length).toBeGreaterThanOrEqual(2);
  expect(shed.length).toBeGreaterThanOrEqual(1);
  for (const answer of shed) {
    expect(answer.body).toEqual({ code: 503, result: A.hashingBusy.replace('{seconds}', '2') });
    expect(answer.headers.get('retry-after')).toBe('2');
  }
  // Exactly the answered registrations exist; a shed one can be sent again and succeeds.
  expect(await customers()).toBe(before + ok.length);
  const stats = (await api.call('/api/health/password-hashing')).body.result;
  expect(stats).toMatchObject({ running: 0, queued: 0, peakQueued: 2, shed: shed.length });
  const again = await api.call('/api/user/create', { body: { customer: { email: 'coda0-bis@example.it', firstname: 'Anna', lastname: 'Bianchi' }, password: 'Coltello-2026' }, headers: { 'x-forwarded-for': '192.0.2.200' } });
  expect(again.status).toBe(200);

  // Sign-ins share the queue: a burst of them is shed the same way, never queued without bound.
  const logins = await Promise.all(Array.from({ length: 8 }, (_, i) => api.call('/api/user/login', { body: { username: `coda${i}@example.it`, password: 'Sbagliata-123' }, headers: { 'x-forwarded-for': `192.0.2.${100 + i}` } })));
  expect(logins.filter((a) => a.status === 503).length).toBeGreaterThanOrEqual(1);
  expect(logins.every((a) => a.status === 401 || a.status === 503)).toBe(true);
});

it("a burst of failed sign-ins against one account: two at a time reach the database and the hasher, never shedding another customer's sign-in", async () => {
  const answers = await Promise.all([
    ...Array.from({ length: 12 }, (_, i) => api.call('/api/user/login', { body: { username: 'coda1@example.it', password: 'Sbagliata-123' }, headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } })),
    api.call('/api/user/login', { body: { username: 'coda0-bis@example.it', password: 'Coltello-2026' }, headers: { 'x-forwarded-for': '198.51.100.200' } }),
  ]);
  const burst = answers.slice(0, -1);
  const busy = burst.filter((a) => a.status === 429);
  expect(busy.length).toBeGreaterThanOrEqual(8);
  for (const answer of busy) {
    expect(answer.body).toEqual({ code: 429, result: A.hashingBusy.replace('{seconds}', '2') });
    expect(answer.headers.get('retry-after')).toBe('2');
  }
  expect(burst.every((a) => a.status === 401 || a.status === 429)).toBe(true);
  expect(answers.at(-1)!.status).toBe(200);
});
