import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { orderView } from '@shop/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { readOutbox } from './eml.ts';
import { renderMail } from './render.ts';
import { sampleOrder } from '@shop/contracts/sample-order';
import { fileTransport } from './transport.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('file transport and outbox reader', () => {
  it('writes an .eml whose text, HTML and headers read back unchanged, accents and € included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-eml-test-'));
    dirs.push(dir);
    const order = orderView.parse(sampleOrder({ incrementId: '000000077' }));
    order.items[0]!.name = 'Abbattitore di temperatura — 5 teglie, più veloce (è già qui) '.repeat(3).trim();
    const rendered = renderMail('order-confirmation', order, 'Bottega Più');
    const transport = fileTransport(dir);
    await transport.send({
      ...rendered,
      from: '"Bottega Più" <ordini@bottega-pro.example>',
      to: 'mario.rossi@example.it',
      messageId: '<outbox-1@bottega-pro.example>',
      name: '000000077-order-confirmation-1',
    });
    transport.close?.();

    const mails = readOutbox(dir);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.file).toBe('000000077-order-confirmation-1.eml');
    expect(mail!.subject).toBe("Bottega Più: conferma dell'ordine n. 000000077");
    expect(mail!.to).toBe('mario.rossi@example.it');
    expect(mail!.from).toContain('Bottega Più');
    expect(mail!.messageId).toBe('<outbox-1@bottega-pro.example>');
    expect(mail!.text).toBe(rendered.text);
    expect(mail!.html).toBe(rendered.html);
  });

  it('an outbox folder that does not exist has no mails', () => {
    expect(readOutbox(join(tmpdir(), 'no-such-outbox-folder'))).toEqual([]);
  });
});
