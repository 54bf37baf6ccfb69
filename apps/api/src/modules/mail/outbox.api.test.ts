import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { readOutbox } from './eml.ts';
import { createMailDispatcher, enqueueMail, type MailConfig } from './outbox.ts';
import { sampleOrder } from '@shop/contracts/sample-order';
import type { MailMessage, MailTransport } from './transport.ts';

const quiet = { error: () => {}, warn: () => {}, info: () => {} };

let api: TestApi;
let outboxDir: string;
let config: MailConfig;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.dispose();
});
beforeEach(async () => {
  outboxDir = mkdtempSync(join(tmpdir(), 'shop-outbox-test-'));
  config = { outboxDir, from: '"Bottega Pro" <ordini@bottega-pro.example>' };
  await api.database.db.deleteFrom('mail_outbox').execute();
  return () => rmSync(outboxDir, { recursive: true, force: true });
});

/** A transport that records what it sends, and fails while `down` is true. */
function fakeTransport() {
  const sent: MailMessage[] = [];
  const transport: MailTransport & { down: boolean; sent: MailMessage[] } = {
    down: false,
    sent,
    async send(message) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (transport.down) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      sent.push(message);
    },
  };
  return transport;
}

async function outboxRows() {
  return api.database.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
}

/** Lets the retry time pass: makes every pending mail due now. */
async function makeDue() {
  await api.database.db.updateTable('mail_outbox').set({ next_attempt_at: sql<Date>`now() - interval '1 second'` }).where('status', '=', 'pending').execute();
}

describe('mail outbox', () => {
  it('the running API sends the mails its services enqueue into its outbox folder', async () => {
    const dir = api.app.mail.outboxDir!;
    await enqueueMail(api.database.db, { template: 'order-confirmation', to: 'mario.rossi@example.it', order: sampleOrder({ incrementId: '000000900' }) });
    api.app.mail.kick();
    await api.app.mail.idle();
    expect(readdirSync(dir).filter((f) => f.startsWith('000000900-'))).toEqual([expect.stringMatching(/^000000900-order-confirmation-\d+\.eml$/)]);
    // The other tests use their own dispatchers: the API's stops (its timer would compete).
    await api.app.mail.stop();
  });

  it('sends an enqueued order confirmation once, as an .eml file in the outbox folder', async () => {
    const dispatcher = createMailDispatcher(api.database.db, config, quiet);
    await api.database.db.transaction().execute(async (trx) => {
      await enqueueMail(trx, { template: 'order-confirmation', to: 'mario.rossi@example.it', order: sampleOrder() });
    });
    dispatcher.kick();
    await dispatcher.idle();
    dispatcher.kick();
    await dispatcher.idle();

    const files = readdirSync(outboxDir);
    expect(files).toEqual([expect.stringMatching(/^000000042-order-confirmation-\d+\.eml$/)]);
    const eml = readFileSync(join(outboxDir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: mario\.rossi@example\.it$/m);
    expect(eml).toMatch(/^From: "?Bottega Pro"? <ordini@bottega-pro\.example>$/m);
    expect(eml).toMatch(/^Subject: Bottega Pro: conferma dell'ordine n\. 000000042$/m);
    expect(eml).toMatch(/^Message-ID: <outbox-\d+\.order-confirmation\.000000042@bottega-pro\.example>$/m);
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    expect(eml).toContain('IT60X0542811101000000123456');
    const [mail] = readOutbox(outboxDir);
    expect(mail?.text).toContain('Totale: €1534,49');
    expect(mail?.text).toContain('IBAN: IT60X0542811101000000123456');
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, recipient: 'mario.rossi@example.it', last_error: null });
    expect(row?.sent_at).not.toBeNull();
    await dispatcher.stop();
  });

  it('keeps nothing when the enqueueing transaction rolls back, and one mail per order and template', async () => {
    await api.database.db
      .transaction()
      .execute(async (trx) => {
        await enqueueMail(trx, { template: 'order-confirmation', to: 'a@example.it', order: sampleOrder({ incrementId: '000000100' }) });
        throw new Error('order failed');
      })
      .catch(() => {});
    expect(await outboxRows()).toHaveLength(0);

    for (let i = 0; i < 2; i++) {
      await enqueueMail(api.database.db, { template: 'payment-received', to: 'a@example.it', order: sampleOrder({ incrementId: '000000101' }) });
    }
    await enqueueMail(api.database.db, { template: 'order-confirmation', to: 'a@example.it', order: sampleOrder({ incrementId: '000000101' }) });
    expect((await outboxRows()).map((r) => r.template)).toEqual(['payment-received', 'order-confirmation']);
  });

  it('a mail server that is down leaves the mail pending; a later attempt sends it once', async () => {
    const transport = fakeTransport();
    transport.down = true;
    const dispatcher = createMailDispatcher(api.database.db, config, quiet, { transport });
    await enqueueMail(api.database.db, { template: 'order-confirmation', to: 'mario.rossi@example.it', order: sampleOrder() });

    dispatcher.kick();
    await dispatcher.idle();
    let [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'connect ECONNREFUSED 127.0.0.1:25' });
    expect(row!.next_attempt_at.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: another run does not try again.
    dispatcher.kick();
    await dispatcher.idle();
    expect((await outboxRows())[0]?.attempts).toBe(1);

    transport.down = false;
    await makeDue();
    dispatcher.kick();
    await dispatcher.idle();
    await makeDue();
    dispatcher.kick();
    await dispatcher.idle();
    expect(transport.sent).toHaveLength(1);
    expect(transport.sent[0]).toMatchObject({ to: 'mario.rossi@example.it', subject: "Bottega Pro: conferma dell'ordine n. 000000042" });
    [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    await dispatcher.stop();
  });

  it('gives up after the last attempt and marks the mail failed', async () => {
    const transport = fakeTransport();
    transport.down = true;
    const dispatcher = createMailDispatcher(api.database.db, { ...config, maxAttempts: 2 }, quiet, { transport });
    await enqueueMail(api.database.db, { template: 'order-confirmation', to: 'mario.rossi@example.it', order: sampleOrder() });
    for (let i = 0; i < 3; i++) {
      await makeDue();
      await dispatcher.runOnce();
    }
    expect((await outboxRows())[0]).toMatchObject({ status: 'failed', attempts: 2 });
    expect(transport.sent).toHaveLength(0);
  });

  it('marks a mail it cannot build failed at once, and goes on with the others', async () => {
    const transport = fakeTransport();
    const dispatcher = createMailDispatcher(api.database.db, config, quiet, { transport });
    await api.database.db
      .insertInto('mail_outbox')
      .values({ template: 'newsletter', recipient: 'a@example.it', dedupe_key: 'bad-1', payload: JSON.stringify({ order: sampleOrder() }) })
      .execute();
    await api.database.db
      .insertInto('mail_outbox')
      .values({ template: 'order-confirmation', recipient: 'a@example.it', dedupe_key: 'bad-2', payload: JSON.stringify({ order: { incrementId: 'x' } }) })
      .execute();
    await enqueueMail(api.database.db, { template: 'order-confirmation', to: 'mario.rossi@example.it', order: sampleOrder() });
    expect(await dispatcher.runOnce()).toBe(1);
    expect((await outboxRows()).map((r) => r.status)).toEqual(['failed', 'failed', 'sent']);
    expect(transport.sent.map((m) => m.to)).toEqual(['mario.rossi@example.it']);
  });

  it('never sends a mail twice, even with two dispatchers racing', async () => {
    const transport = fakeTransport();
    const first = createMailDispatcher(api.database.db, config, quiet, { transport });
    const second = createMailDispatcher(api.database.db, config, quiet, { transport });
    for (let i = 0; i < 6; i++) {
      await enqueueMail(api.database.db, {
        template: 'order-confirmation',
        to: `buyer${i}@example.it`,
        order: sampleOrder({ incrementId: `00000020${i}` }),
      });
    }
    const counts = await Promise.all([first.runOnce(), second.runOnce(), first.runOnce()]);
    first.kick();
    second.kick();
    await Promise.all([first.idle(), second.idle()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
    expect(transport.sent.map((m) => m.to).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `buyer${i}@example.it`));
    expect((await outboxRows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

});
