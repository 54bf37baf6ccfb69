import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '../../config.ts';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { readOutbox } from '../mail/eml.ts';
import { COPIES_PER_RECIPIENT_PER_DAY } from '../mail/recipient-copies.ts';
import { CONTACT_MESSAGES_PER_HOUR } from './service.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.dispose();
});

let nextAddress = 1;
/** Each test writes from its own client address (X-Forwarded-For from the trusted loopback proxy). */
const from = () => ({ 'x-forwarded-for': `198.51.100.${nextAddress++}` });
let nextEmail = 1;
const message = (over: Record<string, unknown> = {}) => ({
  name: 'Giulia Verdi',
  email: `contatto${nextEmail++}@example.it`,
  phone: '+39 02 7654321',
  company: 'Trattoria Verdi',
  subject: 'Disponibilità affettatrici',
  message: 'Buongiorno, vorrei sapere i tempi di consegna per due affettatrici.',
  ...over,
});
const send = (body: unknown, headers: Record<string, string> = from()) => api.call('/api/contact', { body, headers });

async function outbox() {
  await api.app.mail.idle();
  api.app.mail.kick();
  await api.app.mail.idle();
  return readOutbox(api.app.mail.outboxDir!);
}

describe('POST /api/contact', () => {
  it("mails the seller's inbox everything, the sender a copy without the free text", async () => {
    const body = message();
    const res = await send(body);
    expect(res.body).toEqual({ code: 200, result: { reference: expect.stringMatching(/^CNT-[0-9A-F]{8}$/), copySent: true } });
    const { reference } = res.body.result;
    const mails = (await outbox()).filter((mail) => mail.subject.includes(reference));
    const toSeller = mails.find((mail) => mail.to.includes(DEMO_SELLER.email!));
    expect(toSeller?.subject).toBe(`Messaggio dal sito ${reference}: Disponibilità affettatrici`);
    expect(toSeller?.text).toContain('Buongiorno, vorrei sapere i tempi di consegna per due affettatrici.');
    expect(toSeller?.text).toContain(`E-mail: ${body.email}`);
    expect(toSeller?.text).toContain('Azienda: Trattoria Verdi');
    const toSender = mails.find((mail) => mail.to.includes(body.email));
    expect(toSender?.subject).toBe(`Bottega Pro: abbiamo ricevuto il tuo messaggio ${reference}`);
    for (const part of [toSender!.text, toSender!.html]) {
      expect(part).not.toMatch(/affettatrici|Giulia|Trattoria/);
      // The seller's identity at the foot of the mail.
      expect(part).toContain(`P. IVA ${DEMO_SELLER.vatId}`);
    }
  });

  it('a sender signed in with that e-mail gets the whole message back', async () => {
    const email = 'contatto-firmato@example.it';
    const password = 'Affettatrice-2026';
    await api.call('/api/user/create', { body: { customer: { email, firstname: 'Anna', lastname: 'Bianchi' }, password } });
    const token = (await api.call('/api/user/login', { body: { username: email, password } })).body.result as string;
    const res = await send(message({ email }), { ...from(), authorization: `Bearer ${token}` });
    const copy = (await outbox()).find((mail) => mail.to.includes(email) && mail.subject.includes(res.body.result.reference));
    expect(copy?.text).toContain('vorrei sapere i tempi di consegna');
    // Signed in as someone else: the copy to this address is brief.
    const other = await send(message(), { ...from(), authorization: `Bearer ${token}` });
    const brief = (await outbox()).find((mail) => mail.subject.includes(other.body.result.reference) && !mail.to.includes(DEMO_SELLER.email!));
    expect(brief?.text).not.toContain('vorrei sapere');
  });

  it('answers bad input with a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: 'G' }, /name: name must have at least 2 letters/],
      [{ name: undefined }, /name/],
      [{ email: 'non-una-mail' }, /email/],
      [{ phone: 'chiamami' }, /phone: phone must hold digits only/],
      [{ company: 'x'.repeat(121) }, /company: company must have at most 120 characters/],
      [{ subject: '' }, /subject: subject must have at least 3 characters/],
      [{ message: 'corto' }, /message: message must have at least 10 characters/],
      [{ message: 'x'.repeat(4001) }, /message: message must have at most 4000 characters/],
      [{ message: '<b></b><i></i><u></u>' }, /message: must hold text, not only markup/],
    ];
    for (const [over, expected] of cases) {
      const res = await send(message(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.result).toMatch(expected);
    }
  });

  it(`takes ${CONTACT_MESSAGES_PER_HOUR} messages an hour from one address, then answers 429 with Retry-After`, async () => {
    const address = from();
    for (let i = 0; i < CONTACT_MESSAGES_PER_HOUR; i++) expect((await send(message(), address)).status).toBe(200);
    const limited = await send(message(), address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it(`a burst of 25 messages from 5 addresses to one stranger mails the stranger ${COPIES_PER_RECIPIENT_PER_DAY} copies, the seller all 25`, async () => {
    const addresses = Array.from({ length: 5 }, () => from());
    const answers = [];
    for (let i = 0; i < 25; i++) {
      const email = i % 2 ? 'Vittima@Example.it' : `vittima+${i}@example.it`;
      answers.push(await send(message({ email, message: `Clicca qui: https://evil.example/${i}` }), addresses[i % 5]));
    }
    expect(answers.map((a) => a.status)).toEqual(Array(25).fill(200));
    expect(answers.filter((a) => a.body.result.copySent)).toHaveLength(COPIES_PER_RECIPIENT_PER_DAY);
    const mails = await outbox();
    const toVictim = mails.filter((mail) => /vittima(\+\d+)?@example\.it/i.test(mail.to));
    expect(toVictim).toHaveLength(COPIES_PER_RECIPIENT_PER_DAY);
    for (const mail of toVictim) expect(mail.text).not.toContain('evil.example');
    const references = new Set(answers.map((a) => a.body.result.reference as string));
    expect(mails.filter((mail) => mail.to.includes(DEMO_SELLER.email!) && references.has(/CNT-[0-9A-F]{8}/.exec(mail.subject)?.[0] ?? ''))).toHaveLength(25);
  });
});
