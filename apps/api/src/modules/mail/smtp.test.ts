import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEml } from './eml.ts';
import { smtpTransport } from './transport.ts';

/** The smallest SMTP server that accepts mail (no TLS, no auth): records each message. */
function fakeSmtpServer(): Promise<{ server: Server; port: number; messages: { from: string; to: string[]; data: string }[] }> {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = line;
        if (verb === 'RCPT') current.to.push(line);
        if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        }
        if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else {
          socket.write(verb === 'EHLO' || verb === 'HELO' ? '250 fake\r\n' : '250 ok\r\n');
        }
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, messages })));
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const message = {
  from: '"Bottega Pro" <ordini@bottega-pro.example>',
  to: 'mario.rossi@example.it',
  subject: "Bottega Pro: conferma dell'ordine n. 000000042",
  text: 'Totale: €1534,49',
  html: '<p>Totale: €1534,49</p>',
  messageId: '<outbox-1@bottega-pro.example>',
  name: 'unused',
};

describe('SMTP transport (SMTP_URL)', () => {
  it('hands the mail to the SMTP server', async () => {
    const smtp = await fakeSmtpServer();
    servers.push(smtp.server);
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`);
    await transport.send(message);
    transport.close?.();
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.to).toEqual(['RCPT TO:<mario.rossi@example.it>']);
    const mail = parseEml(smtp.messages[0]!.data);
    expect(mail.subject).toBe(message.subject);
    expect(mail.text).toBe('Totale: €1534,49');
  });

  it('rejects when the server is down, so the outbox keeps the mail for a retry', async () => {
    const smtp = await fakeSmtpServer();
    const port = smtp.port;
    await new Promise((resolve) => smtp.server.close(resolve));
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    await expect(transport.send(message)).rejects.toThrow(/ECONNREFUSED/);
    transport.close?.();
  });
});
