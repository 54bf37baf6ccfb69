import { QUOTE_PRIVACY_REQUIRED, SHOP_SALES_EMAIL } from '@shop/contracts';
import { upsertProducts } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWASP_XSS } from '../../../../../packages/domain/src/plain-text.fixture.ts';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { productFactory } from '../../testing/products.ts';
import { readOutbox } from '../mail/eml.ts';
import { QUOTES_PER_HOUR } from './service.ts';
import { COPIES_PER_RECIPIENT_PER_DAY } from '../mail/recipient-copies.ts';

let api: TestApi;
const product = productFactory(987_000);

beforeAll(async () => {
  api = await startTestApi();
  await upsertProducts(api.database.db, [product('QT-TABLE', 420, { name: 'Tavolo inox 200 × 70 cm' }), product('QT-GLOVES', 12, { name: 'Guanti in nitrile' })]);
});
afterAll(async () => {
  await api?.dispose();
});

let nextAddress = 1;
/** Each test asks from its own client address (X-Forwarded-For from the trusted loopback proxy). */
const from = () => ({ 'x-forwarded-for': `192.0.2.${nextAddress++}` });
let nextEmail = 1;
const quote = (over: Record<string, unknown> = {}) => ({
  items: [
    { sku: 'QT-TABLE', qty: 12 },
    { sku: 'QT-GLOVES', qty: 500 },
  ],
  name: 'Mario Rossi',
  company: 'Macelleria Rossi Srl',
  email: `buyer${nextEmail++}@example.it`,
  phone: '+39 051 123456',
  message: 'Consegna a Bologna entro marzo.\nServe anche il montaggio?',
  source: 'cart',
  privacyAccepted: true,
  ...over,
});
const ask = (body: unknown, headers: Record<string, string> = from()) => api.call('/api/quote/request', { body, headers });

async function mailsTo(address: string) {
  await api.app.mail.idle();
  api.app.mail.kick();
  await api.app.mail.idle();
  return readOutbox(api.app.mail.outboxDir!).filter((mail) => mail.to.includes(address));
}

describe('POST /api/quote/request', () => {
  it('stores the request and mails it to the sales mailbox and to the buyer', async () => {
    const body = quote();
    const res = await ask(body);
    expect(res.body).toEqual({ code: 200, result: { id: expect.any(Number), reference: expect.stringMatching(/^PRV-\d{6}$/), copySent: true } });
    const { reference } = res.body.result;

    const [toShop] = (await mailsTo(SHOP_SALES_EMAIL)).filter((mail) => mail.subject.includes(reference));
    expect(toShop?.subject).toBe(`Nuova richiesta di preventivo ${reference} da Mario Rossi`);
    expect(toShop?.text).toContain('- 12 × Tavolo inox 200 × 70 cm (QT-TABLE)');
    expect(toShop?.text).toContain('- 500 × Guanti in nitrile (QT-GLOVES)');
    expect(toShop?.text).toContain(`E-mail: ${body.email}`);
    expect(toShop?.text).toContain('Azienda: Macelleria Rossi Srl');
    expect(toShop?.text).toContain('Consegna a Bologna entro marzo.\nServe anche il montaggio?');
    expect(toShop?.text).toContain('dalla pagina del carrello');

    const [toBuyer] = await mailsTo(body.email);
    expect(toBuyer?.subject).toBe(`Bottega Pro: abbiamo ricevuto la tua richiesta di preventivo ${reference}`);
    expect(toBuyer?.html).toContain('Tavolo inox 200 × 70 cm');

    const row = await api.database.db.selectFrom('quote_request').selectAll().where('id', '=', res.body.result.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: body.email, source: 'cart', customer_id: null });
  });

  it('adds up a product named twice and links a signed-in customer', async () => {
    const email = 'preventivi-cliente@example.it';
    const password = 'Coltello-2026';
    await api.call('/api/user/create', { body: { customer: { email, firstname: 'Anna', lastname: 'Bianchi' }, password } });
    const token = (await api.call('/api/user/login', { body: { username: email, password } })).body.result as string;
    const res = await api.call('/api/quote/request', {
      body: quote({ items: [{ sku: 'QT-GLOVES', qty: 100 }, { sku: 'QT-GLOVES', qty: 50 }], source: 'product' }),
      headers: { ...from(), authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const row = await api.database.db.selectFrom('quote_request').selectAll().where('id', '=', res.body.result.id).executeTakeFirstOrThrow();
    expect(row.items).toEqual([{ sku: 'QT-GLOVES', name: 'Guanti in nitrile', qty: 150 }]);
    expect(row.customer_id).toEqual(expect.any(Number));
    expect((await api.call('/api/quote/request', { body: quote(), headers: { ...from(), authorization: 'Bearer nope' } })).status).toBe(401);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ privacyAccepted: false }, /privacyAccepted: the privacy policy must be accepted/],
      [{ privacyAccepted: undefined }, /privacyAccepted/],
      [{ items: [] }, /items: items must list at least one product/],
      [{ items: [{ sku: 'QT-TABLE', qty: 0 }] }, /items\.0\.qty: qty must be greater than 0/],
      [{ items: [{ sku: 'QT-TABLE', qty: 1.5 }] }, /items\.0\.qty/],
      [{ items: [{ sku: 'NO-SUCH', qty: 1 }] }, /items: unknown product NO-SUCH/],
      [{ email: 'non-una-mail' }, /email/],
      [{ name: 'M' }, /name: name must have at least 2 letters/],
      [{ name: '<b>x</b>' }, /name: must hold text, not only markup/],
      [{ phone: 'chiamami' }, /phone/],
      [{ message: 'x'.repeat(2001) }, /message/],
      [{ source: 'email' }, /source/],
    ];
    for (const [over, message] of cases) {
      const res = await ask(quote(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.result).toMatch(message);
    }
    expect(QUOTE_PRIVACY_REQUIRED).toMatch(/^privacyAccepted/);
  });

  it('keeps stored-XSS payloads inert in the stored request and both mails', async () => {
    const body = quote({ name: 'Mario <script>alert(1)</script>', company: '<img src=x onerror=alert(1)>Rossi', message: OWASP_XSS.join('\n') });
    const res = await ask(body);
    expect(res.status).toBe(200);
    const row = await api.database.db.selectFrom('quote_request').selectAll().where('id', '=', res.body.result.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toMatch(/<[a-z!/?]/i);
    expect(row.contact).toMatchObject({ name: 'Mario alert(1)', company: 'Rossi' });
    for (const mail of [...(await mailsTo(body.email)), ...(await mailsTo(SHOP_SALES_EMAIL)).filter((m) => m.subject.includes(res.body.result.reference))]) {
      // The only markup in the HTML part is the template's own.
      expect(mail.html).not.toMatch(/<(script|img|svg|iframe|body onload)/i);
      expect(mail.text).not.toMatch(/<[a-z!/?]/i);
    }
  });

  it(`takes ${QUOTES_PER_HOUR} requests an hour from one address, then answers 429 with Retry-After`, async () => {
    const address = from();
    for (let i = 0; i < QUOTES_PER_HOUR; i++) expect((await ask(quote(), address)).status).toBe(200);
    const limited = await ask(quote(), address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await ask(quote(), from())).status).toBe(200);
  });

  it("the buyer's copy carries none of the typed texts unless the buyer is signed in with that e-mail", async () => {
    const bait = quote({ name: 'Vinci un iPhone', company: 'Clicca qui subito', message: 'Il tuo conto è bloccato: https://evil.example/login' });
    const res = await ask(bait);
    const [toBuyer] = await mailsTo(bait.email);
    expect(toBuyer?.subject).toContain(res.body.result.reference);
    for (const part of [toBuyer!.text, toBuyer!.html]) {
      expect(part).not.toMatch(/iPhone|Clicca|evil\.example|conto è bloccato/);
      expect(part).toContain('Tavolo inox 200 × 70 cm');
    }
    const [toShop] = (await mailsTo(SHOP_SALES_EMAIL)).filter((mail) => mail.subject.includes(res.body.result.reference));
    expect(toShop?.text).toContain('https://evil.example/login');

    const email = 'preventivi-firmati@example.it';
    const password = 'Coltello-2026';
    await api.call('/api/user/create', { body: { customer: { email, firstname: 'Anna', lastname: 'Bianchi' }, password } });
    const token = (await api.call('/api/user/login', { body: { username: email, password } })).body.result as string;
    await api.call('/api/quote/request', { body: quote({ email, message: 'Consegna al mattino' }), headers: { ...from(), authorization: `Bearer ${token}` } });
    const [own] = await mailsTo(email);
    expect(own?.text).toContain('Consegna al mattino');
  });

  it(`a burst of 25 requests from 5 addresses to one stranger mails the stranger ${COPIES_PER_RECIPIENT_PER_DAY} copies, the sales mailbox all 25`, async () => {
    const addresses = Array.from({ length: 5 }, () => from());
    const answers = [];
    for (let i = 0; i < 25; i++) {
      // The same mailbox however it is written.
      const email = i % 3 === 0 ? 'Sconosciuto@Example.it' : `sconosciuto+${i}@example.it`;
      answers.push(await ask(quote({ email, message: `spam ${i}` }), addresses[i % 5]));
    }
    expect(answers.map((a) => a.status)).toEqual(Array(25).fill(200));
    expect(answers.filter((a) => a.body.result.copySent)).toHaveLength(COPIES_PER_RECIPIENT_PER_DAY);
    await mailsTo('');
    const outbox = readOutbox(api.app.mail.outboxDir!);
    expect(outbox.filter((mail) => /sconosciuto(\+\d+)?@example\.it/i.test(mail.to))).toHaveLength(COPIES_PER_RECIPIENT_PER_DAY);
    const references = new Set(answers.map((a) => a.body.result.reference as string));
    expect(outbox.filter((mail) => mail.to.includes(SHOP_SALES_EMAIL) && references.has(/PRV-\d{6}/.exec(mail.subject)?.[0] ?? ''))).toHaveLength(25);
  });
});
