import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSalesmanagoSandbox } from './index.ts';
import { upsertAnswer, type UpsertRequest } from './reference/salesmanago.ts';

/*
 * Contract test of the SALESmanago sandbox against the documented upsert call
 * (reference/salesmanago.ts): the documented request, not the shop's adapter's.
 */

const account = { clientId: 'bottega01', apiKey: 'key-0123456789', apiSecret: 'secret-abcdef', owners: ['crm@bottega-pro.example'] };
let sandbox: Awaited<ReturnType<typeof startSalesmanagoSandbox>>;
beforeAll(async () => {
  sandbox = await startSalesmanagoSandbox(account);
});
afterAll(async () => {
  await sandbox?.stop();
});

const auth = (apiSecret = account.apiSecret) => ({
  clientId: account.clientId,
  apiKey: account.apiKey,
  requestTime: Date.now(),
  sha: createHash('sha1').update(account.apiKey + account.clientId + apiSecret).digest('hex'),
  owner: account.owners[0]!,
});

async function upsert(body: unknown) {
  const response = await fetch(`${sandbox.url}/api/contact/upsert`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  expect(response.status).toBe(200);
  return upsertAnswer.parse(await response.json());
}

describe('SALESmanago sandbox', () => {
  it('creates a contact, then updates the same one found by e-mail in any case, tags added and removed', async () => {
    const first: UpsertRequest = {
      ...auth(),
      contact: { email: 'Trattoria@Example.it', name: 'Mario Rossi', company: 'Trattoria da Mario srl', address: { city: 'Milano', zipCode: '20121', country: 'IT' } },
      tags: ['registrazione'],
      lang: 'IT',
    };
    const created = await upsert(first);
    expect(created).toMatchObject({ success: true, message: [] });
    const again = await upsert({ ...auth(), contact: { email: 'trattoria@example.it', phone: '+39 333 1234567' }, tags: ['ORDINE'], removeTags: ['REGISTRAZIONE'] });
    expect(again.contactId).toBe(created.contactId);
    expect(sandbox.contacts()).toEqual([
      expect.objectContaining({ email: 'Trattoria@Example.it', name: 'Mario Rossi', phone: '+39 333 1234567', company: 'Trattoria da Mario srl', tags: ['ORDINE'], optedIn: false, lang: 'IT' }),
    ]);
  });

  it('opts a contact in only when forced', async () => {
    await upsert({ ...auth(), contact: { email: 'optin@example.it' }, forceOptIn: true });
    expect(sandbox.contacts().find((c) => c.email === 'optin@example.it')?.optedIn).toBe(true);
  });

  it('refuses with HTTP 200 and success false: wrong signature, unknown owner, bad e-mail, malformed body', async () => {
    expect(await upsert({ ...auth('wrong-secret'), contact: { email: 'a@example.it' } })).toEqual({ success: false, message: ['Not authenticated'] });
    expect(await upsert({ ...auth(), apiKey: 'other', contact: { email: 'a@example.it' } })).toEqual({ success: false, message: ['Not authenticated'] });
    expect(await upsert({ ...auth(), owner: 'nobody@example.it', contact: { email: 'a@example.it' } })).toMatchObject({ success: false });
    expect(await upsert({ ...auth(), contact: { email: 'not-an-email' } })).toEqual({ success: false, message: ['Invalid email'] });
    expect((await upsert({ ...auth(), contact: {} })).success).toBe(false);
    expect(await upsert('{')).toEqual({ success: false, message: ['Invalid JSON'] });
    expect(sandbox.contacts().some((c) => c.email === 'a@example.it')).toBe(false);
  });
});
