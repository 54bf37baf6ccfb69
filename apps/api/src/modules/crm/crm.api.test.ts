import { formatConsent, type ConsentChoice } from '@shop/domain';
import { upsertProducts } from '@shop/db';
import { startSalesmanagoSandbox } from '@shop/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory } from '../../testing/products.ts';
import { readOutbox } from '../mail/eml.ts';

/*
 * The CRM (ADR 0022) through the API, with SALESmanago's sandbox as the CRM: a shopper who
 * allowed marketing becomes a contact when they sign up or order; without that consent, or
 * without credentials, nothing is sent; a CRM that refuses never fails the shopper's request.
 */

const account = { clientId: 'bottega01', apiKey: 'key-0123456789', apiSecret: 'secret-abcdef', owner: 'crm@bottega-pro.example' };
let sandbox: Awaited<ReturnType<typeof startSalesmanagoSandbox>>;
let api: TestApi;
let noCrm: TestApi;
const { cartWith, orderBody, place } = orderHelpers(() => api);
const product = productFactory(996_000);

const cookie = (choice: ConsentChoice) => ({ cookie: `cart=1; bp_consent=${formatConsent(choice, Date.now())}` });
const marketing = cookie({ analytics: false, marketing: true });
const contact = (email: string) => sandbox.contacts().find((c) => c.email === email);
const signUp = (target: TestApi, email: string, headers: Record<string, string> = {}) =>
  target.call('/api/user/create', { body: { customer: { email, firstname: 'Mario', lastname: 'Rossi' }, password: 'Coltello-2026' }, headers });

beforeAll(async () => {
  sandbox = await startSalesmanagoSandbox({ ...account, owners: [account.owner] });
  [api, noCrm] = await Promise.all([startTestApi({ salesmanago: { ...account, apiUrl: sandbox.url } }), startTestApi()]);
  await upsertProducts(api.database.db, [product('CRM-KNIFE', 100)]);
});
afterAll(async () => {
  await Promise.all([api?.dispose(), noCrm?.dispose()]);
  await sandbox?.stop();
});

describe('CRM contact upsert', () => {
  it('makes a new customer who allowed marketing a contact, tagged as a sign-up', async () => {
    expect((await signUp(api, 'cuoco@example.it', marketing)).status).toBe(200);
    await api.app.crm.idle();
    expect(contact('cuoco@example.it')).toMatchObject({ name: 'Mario Rossi', owner: account.owner, tags: ['REGISTRAZIONE'], optedIn: false, lang: 'IT' });
  });

  it('sends nothing without marketing consent: no cookie, statistics only, a refusal', async () => {
    for (const [i, headers] of [{}, cookie({ analytics: true, marketing: false }), cookie({ analytics: false, marketing: false })].entries()) {
      expect((await signUp(api, `senza-${i}@example.it`, headers)).status).toBe(200);
    }
    const cart = await cartWith([['CRM-KNIFE', 1]]);
    expect((await place(orderBody(cart, 'banktransfer', undefined, { email: 'ordine-senza@example.it' }), cookie({ analytics: true, marketing: false }))).status).toBe(200);
    await api.app.crm.idle();
    expect(sandbox.contacts().filter((c) => c.email.includes('senza'))).toEqual([]);
  });

  it('makes the buyer of an order a contact with company, phone and place, never fiscal codes', async () => {
    const cart = await cartWith([['CRM-KNIFE', 2]]);
    const answer = await place(orderBody(cart, 'banktransfer', undefined, { email: 'trattoria@example.it' }), marketing);
    expect(answer.status).toBe(200);
    await api.app.crm.idle();
    expect(contact('trattoria@example.it')).toMatchObject({ tags: ['ORDINE', 'AZIENDA'], company: expect.any(String), address: { city: expect.any(String), country: 'IT' } });
    const sent = JSON.stringify(contact('trattoria@example.it'));
    const buyer = answer.body.result.order.buyer as { fiscalCode?: string; vatId?: string };
    for (const code of [buyer.fiscalCode, buyer.vatId].filter(Boolean)) expect(sent).not.toContain(code);
  });

  it('makes a newsletter subscriber a contact once they confirm, with marketing consent', async () => {
    const email = 'iscritta@example.it';
    expect((await api.call('/api/ext/mailchimp-subscribe/subscribe', { body: { email } })).status).toBe(200);
    await api.app.mail.idle();
    api.app.mail.kick();
    await api.app.mail.idle();
    const mail = readOutbox(api.app.mail.outboxDir!).find((m) => m.to.includes(email));
    const token = /\/newsletter\?token=([\w-]{43})/.exec(mail!.text)![1];
    await api.app.crm.idle();
    expect(contact(email)).toBeUndefined();
    expect((await api.call('/api/ext/mailchimp-subscribe/confirm', { body: { token }, headers: marketing })).status).toBe(200);
    await api.app.crm.idle();
    expect(contact(email)).toMatchObject({ tags: ['NEWSLETTER'] });
  });

  it('answers the shopper normally when the CRM refuses the call', async () => {
    const wrong = await startTestApi({ salesmanago: { ...account, apiSecret: 'not-the-secret', apiUrl: sandbox.url } });
    try {
      expect((await signUp(wrong, 'rifiutato@example.it', marketing)).status).toBe(200);
      await wrong.app.crm.idle();
      expect(contact('rifiutato@example.it')).toBeUndefined();
    } finally {
      await wrong.dispose();
    }
  });

  it('has no CRM without credentials', async () => {
    expect((await signUp(noCrm, 'nessun-crm@example.it', marketing)).status).toBe(200);
    await noCrm.app.crm.idle();
    expect(contact('nessun-crm@example.it')).toBeUndefined();
  });
});
