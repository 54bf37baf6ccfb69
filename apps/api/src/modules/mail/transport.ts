import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';

/** One mail as the dispatcher hands it to a transport. */
export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable per outbox row, so a receiving server can spot a resend. */
  messageId: string;
  /** File name (without extension) for transports that write files. */
  name: string;
}

export interface MailTransport {
  /** Where the file transport writes; undefined for SMTP. */
  readonly outboxDir?: string | undefined;
  send(message: MailMessage): Promise<void>;
  close?(): void;
}

function nodemailerMessage(message: MailMessage) {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    messageId: message.messageId,
  };
}

/**
 * Writes each mail as an RFC 822 `.eml` file into `outboxDir` (nodemailer's stream transport
 * builds the message); the file appears whole (written aside, then renamed).
 */
export function fileTransport(outboxDir: string): MailTransport {
  const mailer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outboxDir,
    async send(message) {
      const info = await mailer.sendMail(nodemailerMessage(message));
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, `${message.name}.eml`);
      const partial = `${file}.${process.pid}.part`;
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
    },
    close: () => mailer.close(),
  };
}

/** Sends through an SMTP server (`smtp://user:pass@host:587`, `smtps://…:465`). */
export function smtpTransport(url: string): MailTransport {
  const mailer = createTransport({ url, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
  return {
    async send(message) {
      await mailer.sendMail(nodemailerMessage(message));
    },
    close: () => mailer.close(),
  };
}
