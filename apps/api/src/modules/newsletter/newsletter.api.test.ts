import { NEWSLETTER_MESSAGES as N } from '@shop/contracts';
import { upsertProducts } from '@shop/db';
import { startMailchimpSandbox } from '@shop/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory } from '../../testing/products.ts';
import { readOutbox } from '../mail/eml.ts';
import { subscriberHash } from './mailchimp.ts';
import { NEWSLETTER_LIMITS } from './limits.ts';

const PATH = '/api/ext/mailchimp-subscribe/subscribe';
let api: TestApi;
const product = productFactory(996_000);
const { cartWith, orderBody, place, q } = orderHelpers(() => api);

beforeAll(async () => {
  api = await startTestApi();
  await upsertProducts(api.database.db, [product('NL-KNIFE', 100)]);
});
afterAll(async () => {
  await api?.dispose();
});

let nextAddress = 1;
/** Each test writes from its own client address (X-Forwarded-For from the trusted loopback proxy). */
const from = () => ({ 'x-forwarded-for': `198.51.100.${nextAddress++}` });
let nextEmail = 1;
const newEmail = () => `iscritto${nextEmail++}@example.it`;

const status = (target: TestApi, email: string, headers = from()) => target.call(`${PATH}?email=${encodeURIComponent(email)}`, { headers });
const subscribe = (target: TestApi, email: string, headers = from()) => target.call(PATH, { body: { email }, headers });
const unsubscribe = (target: TestApi, email: string, headers = from()) => target.call(PATH, { method: 'DELETE', body: { email }, headers });
const confirm = (target: TestApi, token: string) => target.call('/api/ext/mailchimp-subscribe/confirm', { body: { token } });

/** The newsletter mails sent to `to` so far, oldest first. */
async function mailsTo(target: TestApi, to: string) {
  await target.app.mail.idle();
  target.app.mail.kick();
  await target.app.mail.idle();
  // Files are named <reference>-<template>-<outbox id>.eml: the id gives the order of sending.
  const id = (file: string) => Number(/-(\d+)\.eml$/.exec(file)?.[1]);
  return readOutbox(target.app.mail.outboxDir!)
    .filter((mail) => mail.to.includes(to))
    .sort((a, b) => id(a.file) - id(b.file));
}
const confirmToken = (text: string) => /\/newsletter\?token=([\w-]{43})/.exec(text)?.[1];
const couponCode = (text: string) => /\b(NL-[2-9A-Z]{10})\b/.exec(text)?.[1];

/** Subscribes and opens the confirmation link; answers the mails then in the outbox. */
async function confirmedSubscriber(target: TestApi, email = newEmail()) {
  expect((await subscribe(target, email)).body).toEqual({ code: 200, result: 'pending' });
  const [confirmation] = await mailsTo(target, email);
  expect((await confirm(target, confirmToken(confirmation!.text)!)).body).toEqual({ code: 200, result: { email, status: 'subscribed' } });
  return { email, mails: await mailsTo(target, email) };
}

describe('input', () => {
  it('answers 400 naming the field for a missing or malformed e-mail or token', async () => {
    expect((await api.call(PATH)).body).toEqual({ code: 400, result: expect.stringMatching(/^Invalid query: email: /) });
    expect((await status(api, 'mario')).body).toEqual({ code: 400, result: `Invalid query: email: ${N.invalidEmail}` });
    expect((await subscribe(api, 'mario@')).body).toEqual({ code: 400, result: `Invalid request body: email: ${N.invalidEmail}` });
    expect((await api.call(PATH, { body: {}, headers: from() })).body.result).toMatch(/^Invalid request body: email: /);
    expect((await unsubscribe(api, 'a\u0000b@example.it')).body.result).toMatch(/^Invalid request body: email: must not contain control characters/);
    expect((await confirm(api, 'abc')).body).toEqual({ code: 400, result: 'Invalid request body: token: must be the token of the confirmation link' });
    expect((await confirm(api, 'A'.repeat(43))).body).toEqual({ code: 400, result: N.confirmInvalid });
  });
});

describe('double opt-in', () => {
  it('mails a confirmation link; only the confirmation subscribes and mails a 10 % coupon the cart accepts once', async () => {
    const email = newEmail();
    expect((await status(api, email)).body).toEqual({ code: 200, result: 'unknown' });
    expect((await subscribe(api, email)).body).toEqual({ code: 200, result: 'pending' });
    expect((await status(api, email)).body.result).toBe('pending');

    const [confirmation, ...others] = await mailsTo(api, email);
    expect(others).toEqual([]);
    expect(confirmation!.subject).toBe("Conferma l'iscrizione alla newsletter di Bottega Pro");
    const token = confirmToken(confirmation!.text)!;
    expect(confirmation!.html).toContain(`http://localhost:3000/newsletter?token=${token}`);

    expect((await confirm(api, token)).body).toEqual({ code: 200, result: { email, status: 'subscribed' } });
    expect((await status(api, email)).body.result).toBe('subscribed');
    const welcome = (await mailsTo(api, email))[1]!;
    expect(welcome.subject).toBe('Benvenuto nella newsletter di Bottega Pro: ecco il tuo sconto del 10 %');
    const code = couponCode(welcome.text)!;
    expect(welcome.html).toContain(code);

    // A second click and a second subscribe change nothing and send nothing.
    expect((await confirm(api, token)).body.result).toEqual({ email, status: 'subscribed' });
    expect((await subscribe(api, email)).body.result).toBe('subscribed');
    expect(await mailsTo(api, email)).toHaveLength(2);

    // The coupon: 10 % in the cart, then used up by one order.
    const cart = await cartWith([['NL-KNIFE', 1]]);
    expect((await api.call(`/api/cart/apply-coupon${q(cart)}&coupon=${code.toLowerCase()}`, { method: 'POST' })).body).toEqual({ code: 200, result: true });
    expect((await api.call(`/api/cart/totals${q(cart)}`)).body.result.total_segments).toContainEqual(expect.objectContaining({ code: 'discount', value: -10 }));
    expect((await place(orderBody(cart))).status).toBe(200);
    const another = await cartWith([['NL-KNIFE', 1]]);
    expect((await api.call(`/api/cart/apply-coupon${q(another)}&coupon=${code}`, { method: 'POST' })).status).toBe(400);
  });

  it('sends a new link while pending, and refuses an expired one', async () => {
    const email = newEmail();
    await subscribe(api, email);
    await subscribe(api, email);
    const [first, second] = (await mailsTo(api, email)).map((mail) => confirmToken(mail.text)!);
    expect(first).not.toBe(second);
    expect((await confirm(api, first!)).body).toEqual({ code: 400, result: N.confirmInvalid });
    await api.database.db.updateTable('newsletter_subscriber').set({ confirm_expires_at: new Date(Date.now() - 1000) }).where('email_key', '=', email).execute();
    expect((await confirm(api, second!)).body).toEqual({ code: 400, result: N.confirmInvalid });
    expect((await status(api, email)).body.result).toBe('pending');
  });
});

describe('unsubscribe', () => {
  it('unsubscribes; a second subscription needs a new confirmation and brings no second coupon', async () => {
    const { email } = await confirmedSubscriber(api);
    expect((await unsubscribe(api, email.toUpperCase())).body).toEqual({ code: 200, result: 'unsubscribed' });
    expect((await status(api, email)).body.result).toBe('unsubscribed');
    expect((await unsubscribe(api, email)).body.result).toBe('unsubscribed');

    expect((await subscribe(api, email)).body.result).toBe('pending');
    const mails = await mailsTo(api, email);
    expect(mails).toHaveLength(3);
    expect((await confirm(api, confirmToken(mails[2]!.text)!)).body.result).toEqual({ email, status: 'subscribed' });
    expect(await mailsTo(api, email)).toHaveLength(3);
  });

  it('voids a pending link, and leaves an unknown address unknown', async () => {
    const email = newEmail();
    await subscribe(api, email);
    const [mail] = await mailsTo(api, email);
    expect((await unsubscribe(api, email)).body.result).toBe('unsubscribed');
    expect((await confirm(api, confirmToken(mail!.text)!)).body).toEqual({ code: 400, result: N.confirmInvalid });
    expect((await unsubscribe(api, newEmail())).body).toEqual({ code: 200, result: 'unknown' });
  });
});

describe('limits', () => {
  it('holds subscriptions per client address and per e-mail, with Retry-After', async () => {
    const address = from();
    for (let i = 0; i < NEWSLETTER_LIMITS.subscribesPerAddress; i++) expect((await subscribe(api, newEmail(), address)).status).toBe(200);
    const refused = await subscribe(api, newEmail(), address);
    expect(refused.status).toBe(429);
    expect(refused.body.result).toMatch(/^Too many newsletter requests\. Please try again in \d+ minutes\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const email = newEmail();
    for (let i = 0; i < NEWSLETTER_LIMITS.subscribesPerEmail; i++) expect((await subscribe(api, email)).status).toBe(200);
    expect((await subscribe(api, email)).status).toBe(429);
  });

  it('holds status reads per client address', async () => {
    const address = from();
    for (let i = 0; i < NEWSLETTER_LIMITS.lookupsPerAddress; i++) expect((await status(api, newEmail(), address)).status).toBe(200);
    expect((await status(api, newEmail(), address)).status).toBe(429);
  });
});

describe('Mailchimp adapter (against its sandbox)', () => {
  const apiKey = `${'0123456789abcdef'.repeat(2)}-us1`;
  let sandbox: Awaited<ReturnType<typeof startMailchimpSandbox>>;
  let withMailchimp: TestApi;
  const member = async (email: string) => {
    const res = await fetch(`${sandbox.url}/3.0/lists/nl2026/members/${subscriberHash(email)}`, { headers: { authorization: `Bearer ${apiKey}` } });
    return res.status === 404 ? null : ((await res.json()) as { status: string }).status;
  };

  beforeAll(async () => {
    sandbox = await startMailchimpSandbox({ apiKey, listIds: ['nl2026'] });
    withMailchimp = await startTestApi({ mailchimp: { apiKey, listId: 'nl2026', apiUrl: sandbox.url } });
  });
  afterAll(async () => {
    await withMailchimp?.dispose();
    await sandbox?.stop();
  });

  it('puts the address in the audience only at the confirmation, reads the status there and archives it at unsubscribe', async () => {
    const email = newEmail();
    await subscribe(withMailchimp, email);
    expect(await member(email)).toBeNull();
    const [confirmation] = await mailsTo(withMailchimp, email);
    expect((await confirm(withMailchimp, confirmToken(confirmation!.text)!)).body.result).toEqual({ email, status: 'subscribed' });
    expect(couponCode((await mailsTo(withMailchimp, email))[1]!.text)).toBeDefined();
    expect(await member(email)).toBe('subscribed');
    expect((await status(withMailchimp, email)).body.result).toBe('subscribed');

    expect((await unsubscribe(withMailchimp, email)).body.result).toBe('unsubscribed');
    expect(await member(email)).toBe('archived');
    expect((await status(withMailchimp, email)).body.result).toBe('unsubscribed');
  });

  it('counts an unsubscribe made at Mailchimp, and refuses an address Mailchimp refuses', async () => {
    const { email } = await confirmedSubscriber(withMailchimp);
    await fetch(`${sandbox.url}/3.0/lists/nl2026/members/${subscriberHash(email)}`, { method: 'DELETE', headers: { authorization: `Bearer ${apiKey}` } });
    expect((await status(withMailchimp, email)).body.result).toBe('unsubscribed');

    const fake = 'qualcuno@negozio.invalid';
    await subscribe(withMailchimp, fake);
    const [mail] = await mailsTo(withMailchimp, fake);
    expect((await confirm(withMailchimp, confirmToken(mail!.text)!)).body).toEqual({ code: 400, result: N.invalidEmail });
    expect((await status(withMailchimp, fake)).body.result).toBe('pending');
  });

  it('answers 503 and changes nothing when Mailchimp refuses the credentials', async () => {
    const wrongKey = await startTestApi({ mailchimp: { apiKey: `${'f'.repeat(32)}-us1`, listId: 'nl2026', apiUrl: sandbox.url } });
    try {
      const res = await status(wrongKey, newEmail());
      expect(res.status).toBe(503);
      expect(res.body.result).toBe(N.listUnavailable);
      expect(res.headers.get('retry-after')).toBe('60');
    } finally {
      await wrongKey.dispose();
    }
  });
});
