import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailchimpSandbox } from './index.ts';
import * as mailchimp from './reference/mailchimp.ts';

/*
 * Contract test of the Mailchimp sandbox against the Marketing API's documented member calls
 * (reference/mailchimp.ts): the documented requests, not the shop's adapter's.
 */

const apiKey = `${'a1b2c3d4'.repeat(4)}-us6`;
let sandbox: Awaited<ReturnType<typeof startMailchimpSandbox>>;
beforeAll(async () => {
  sandbox = await startMailchimpSandbox({ apiKey, listIds: ['57afe96172'] });
});
afterAll(async () => {
  await sandbox?.stop();
});

const hash = (email: string) => createHash('md5').update(email.toLowerCase()).digest('hex');
const basic = `Basic ${Buffer.from(`anystring:${apiKey}`).toString('base64')}`;
const member = (email: string, init: RequestInit = {}, list = '57afe96172') =>
  fetch(`${sandbox.url}/3.0/lists/${list}/members/${hash(email)}`, { ...init, headers: { authorization: basic, 'content-type': 'application/json', ...init.headers } });

describe('Mailchimp sandbox', () => {
  it('adds or updates a member with PUT, reads it with GET and archives it with DELETE', async () => {
    const email = 'Urist.McVankab@freddiesjokes.com';
    expect((await member(email)).status).toBe(404);
    const put = await member(email, { method: 'PUT', body: JSON.stringify({ email_address: email, status_if_new: 'subscribed' }) });
    expect(put.status).toBe(200);
    expect(mailchimp.member.parse(await put.json())).toMatchObject({ id: hash(email), email_address: email, status: 'subscribed', list_id: '57afe96172' });
    expect(mailchimp.member.parse(await (await member(email)).json()).status).toBe('subscribed');

    const update = await member(email, { method: 'PUT', body: JSON.stringify({ email_address: email, status_if_new: 'subscribed', status: 'unsubscribed' }) });
    expect(mailchimp.member.parse(await update.json()).status).toBe('unsubscribed');

    const archived = await member(email, { method: 'DELETE' });
    expect(archived.status).toBe(204);
    expect(await archived.text()).toBe('');
    expect(mailchimp.member.parse(await (await member(email)).json()).status).toBe('archived');
    expect((await member(email, { method: 'DELETE' })).status).toBe(404);
    // An archived member comes back with a PUT.
    const back = await member(email, { method: 'PUT', body: JSON.stringify({ email_address: email, status_if_new: 'subscribed', status: 'subscribed' }) });
    expect(mailchimp.member.parse(await back.json()).status).toBe('subscribed');
  });

  it('answers problem documents as Mailchimp does: missing or wrong key, unknown list, invalid resources', async () => {
    const email = 'cuoco@example.it';
    const noKey = await fetch(`${sandbox.url}/3.0/lists/57afe96172/members/${hash(email)}`);
    expect(noKey.status).toBe(401);
    expect(noKey.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(mailchimp.problem.parse(await noKey.json()).title).toBe('API Key Missing');
    const wrongKey = await member(email, { headers: { authorization: `Basic ${Buffer.from('x:00000000000000000000000000000000-us6').toString('base64')}` } });
    expect(mailchimp.problem.parse(await wrongKey.json())).toMatchObject({ status: 401, title: 'API Key Invalid' });
    expect(mailchimp.problem.parse(await (await member(email, {}, 'nolist')).json())).toMatchObject({ status: 404, title: 'Resource Not Found' });

    const invalid = async (body: unknown, who = email) => mailchimp.problem.parse(await (await member(who, { method: 'PUT', body: JSON.stringify(body) })).json());
    expect(await invalid({ status_if_new: 'subscribed' })).toMatchObject({ status: 400, title: 'Invalid Resource', errors: [expect.objectContaining({ field: 'email_address' })] });
    expect(await invalid({ email_address: email })).toMatchObject({ status: 400, title: 'Invalid Resource', errors: [{ field: 'status_if_new', message: expect.any(String) }] });
    expect(await invalid({ email_address: 'altro@example.it', status_if_new: 'subscribed' })).toMatchObject({ status: 400, title: 'Invalid Resource' });
    expect(await invalid({ email_address: 'finto@negozio.invalid', status_if_new: 'subscribed' }, 'finto@negozio.invalid')).toMatchObject({ status: 400, detail: expect.stringContaining('looks fake or invalid') });
  });
});
