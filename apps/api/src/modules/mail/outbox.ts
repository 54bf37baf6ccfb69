import { SHOP_ORDERS_EMAIL, type OrderView, type OrderViewInput } from '@shop/contracts';
import type { Db } from '@shop/db';
import { sql } from 'kysely';
import type { Logger } from '../../http/router.ts';
import { renderStoredMail, type MailPayload, type MailTemplate, type OrderMailTemplate } from './render.ts';
import { markTestShop } from './test-shop.ts';
import type { NewsletterMail, NewsletterTemplate } from './templates/Newsletter.tsx';
import type { PasswordResetMail } from './templates/PasswordReset.tsx';
import type { AccountNoticeMail } from './templates/AccountNotice.tsx';
import type { QuoteMail } from './templates/QuoteRequest.tsx';
import type { QuoteOfferMail } from './templates/QuoteOffer.tsx';
import type { ContactMail } from './templates/ContactMessage.tsx';
import type { Seller } from '../accounts/invoice-pdf.ts';
import { fileTransport, smtpTransport, type MailTransport } from './transport.ts';

export { MAIL_TEMPLATES, type MailTemplate } from './render.ts';

/** Mail settings (apps/api/src/config.ts reads them from MAIL_OUTBOX_DIR, SMTP_URL, MAIL_FROM). */
export interface MailConfig {
  /** Folder of the `.eml` files when no SMTP server is set. */
  outboxDir: string;
  /** `smtp://` or `smtps://` URL: send for real. */
  smtpUrl?: string | undefined;
  /** Sender, e.g. `"Bottega Pro" <ordini@bottega-pro.example>`. */
  from: string;
  /** Shop name in subjects and mail headers. */
  shopName?: string | undefined;
  /** The seller named at the foot of every mail (start-api.ts sets the configured one). */
  seller?: Seller | undefined;
  /** A test shop (PAYMENTS_TEST_MODE): every mail says so in its subject and first line. */
  testShop?: boolean | undefined;
  /** First retry delay; each failure doubles it, up to an hour. */
  retryBaseMs?: number | undefined;
  /** Attempts before a mail is marked failed. */
  maxAttempts?: number | undefined;
  /** How often pending mails are looked for (retries, mails left by a stopped process). */
  pollIntervalMs?: number | undefined;
  /** How long a claimed mail is reserved for its sender (longer than any SMTP exchange). */
  leaseMs?: number | undefined;
}

export const DEFAULT_MAIL_FROM = `"Bottega Pro" <${SHOP_ORDERS_EMAIL}>`;

/** A mail to send: about an order, an account's password reset link, the newsletter's opt-in and welcome, a quote request or its offer. */
export type OutboxMail =
  | {
      template: OrderMailTemplate;
      to: string;
      /** The order as built (input) or as read back (parsed): both serialise to the same JSON. */
      order: OrderViewInput | OrderView;
      /** One mail per key; defaults to `<template>:<incrementId>`, so enqueueing twice sends once. */
      key?: string;
    }
  | { template: 'password-reset'; to: string; reset: PasswordResetMail; key: string }
  | { template: 'account-notice'; to: string; notice: AccountNoticeMail; key: string }
  | { template: NewsletterTemplate; to: string; newsletter: NewsletterMail; key: string }
  | { template: 'quote-request'; to: string; quote: QuoteMail; key: string }
  | { template: 'quote-offer'; to: string; offer: QuoteOfferMail; key: string }
  | { template: 'contact-message'; to: string; contact: ContactMail; key: string };

/**
 * Writes a mail into the outbox with `executor`: pass the order's transaction, so the mail exists
 * exactly when the order does. Sending happens after commit (`MailDispatcher.kick()`).
 * Enqueueing the same key again does nothing.
 */
export async function enqueueMail(executor: Db, mail: OutboxMail): Promise<void> {
  await executor
    .insertInto('mail_outbox')
    .values({
      template: mail.template,
      recipient: mail.to,
      dedupe_key: mail.key ?? ('order' in mail ? `${mail.template}:${mail.order.incrementId}` : mail.template),
      payload: JSON.stringify(storedPayload(mail)),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/** Queues a stored mail once more, as it was (template, recipient, content), under a new key: "resend" in the back office. */
export async function enqueueAgain(executor: Db, id: number, key: string): Promise<void> {
  await executor
    .insertInto('mail_outbox')
    .columns(['template', 'recipient', 'dedupe_key', 'payload'])
    .expression((eb) => eb.selectFrom('mail_outbox').select(['template', 'recipient', sql<string>`${key}::text`.as('dedupe_key'), 'payload']).where('id', '=', id))
    .execute();
}

/** The part of a mail the outbox keeps to render it later. */
function storedPayload(mail: OutboxMail): MailPayload {
  if ('order' in mail) return { order: mail.order };
  if ('reset' in mail) return { reset: mail.reset };
  if ('notice' in mail) return { notice: mail.notice };
  if ('quote' in mail) return { quote: mail.quote };
  if ('offer' in mail) return { offer: mail.offer };
  if ('contact' in mail) return { contact: mail.contact };
  return { newsletter: mail.newsletter };
}

interface ResolvedConfig {
  from: string;
  shopName: string;
  seller: Seller | undefined;
  testShop: boolean;
  retryBaseMs: number;
  maxAttempts: number;
  pollIntervalMs: number;
  leaseMs: number;
}

/** A claimed outbox row. */
interface ClaimedMail {
  id: number;
  template: string;
  recipient: string;
  payload: unknown;
  attempts: number;
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/**
 * Sends the outbox's pending mails: at once after a commit (`kick()`), and on a timer for
 * retries (`start()`/`stop()`). A mail is claimed with a conditional UPDATE that moves its
 * `next_attempt_at` past a lease, so two dispatchers (or two runs) never send the same mail; a
 * failed attempt is retried with exponential backoff until `maxAttempts`, then marked failed.
 */
export class MailDispatcher {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly config: ResolvedConfig,
    private readonly transport: MailTransport,
    private readonly logger: Logger,
  ) {}

  /** Folder the `.eml` files go to (undefined when sending by SMTP). */
  get outboxDir(): string | undefined {
    return this.transport.outboxDir;
  }

  /** Sends due mails soon, without waiting; call after the transaction that enqueued them commits. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
  }

  /** Resolves when no send run is in progress (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Looks for due mails now and every `pollIntervalMs` (retries, mails left by an earlier process). */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.kick(), this.config.pollIntervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops the timer and waits for a send in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
    this.transport.close?.();
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.runOnce();
      } catch (error) {
        this.logger.error(`Mail outbox: ${errorText(error)}`);
      }
    } while (this.again && !this.stopped);
  }

  /**
   * Sends every mail due now, one at a time, in id order (one pass: a mail retried during the
   * pass waits for the next one); returns how many were sent.
   */
  async runOnce(): Promise<number> {
    let sent = 0;
    let after = 0;
    for (;;) {
      const due = await this.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .where('id', '>', after)
        .orderBy('id')
        .limit(20)
        .execute();
      if (due.length === 0) return sent;
      for (const { id } of due) {
        if (this.stopped) return sent;
        after = id;
        const mail = await this.claim(id);
        if (mail && (await this.deliver(mail))) sent++;
      }
    }
  }

  /** Takes the mail for this sender, or undefined when another sender has it (or it is done). */
  private async claim(id: number): Promise<ClaimedMail | undefined> {
    return this.db
      .updateTable('mail_outbox')
      .set({
        attempts: sql<number>`attempts + 1`,
        next_attempt_at: sql<Date>`now() + ${this.config.leaseMs} * interval '1 millisecond'`,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .returning(['id', 'template', 'recipient', 'payload', 'attempts'])
      .executeTakeFirst();
  }

  private async deliver(mail: ClaimedMail): Promise<boolean> {
    let message;
    try {
      const payload = (typeof mail.payload === 'string' ? JSON.parse(mail.payload) : mail.payload) as MailPayload;
      const stored = renderStoredMail(mail.template as MailTemplate, payload, this.config.shopName, this.config.seller);
      const { reference, ...rendered } = this.config.testShop ? markTestShop(stored) : stored;
      message = {
        ...rendered,
        from: this.config.from,
        to: mail.recipient,
        messageId: `<outbox-${mail.id}.${mail.template}.${reference}@${this.senderDomain()}>`,
        name: `${reference}-${mail.template}-${mail.id}`,
      };
    } catch (error) {
      // A mail that cannot be built will not build later either.
      await this.markFailed(mail.id, `cannot render: ${errorText(error)}`);
      this.logger.error(`Mail ${mail.id} (${mail.template}) cannot be rendered: ${errorText(error)}`);
      return false;
    }
    try {
      await this.transport.send(message);
    } catch (error) {
      await this.retryLater(mail, errorText(error));
      return false;
    }
    await this.markSent(mail.id);
    return true;
  }

  /**
   * Records a sent mail, trying a few times: if the database stays unreachable the row's lease
   * ends and the mail goes again (the one window where a copy can happen, see ADR 0015).
   */
  private async markSent(id: number): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.db
          .updateTable('mail_outbox')
          .set({ status: 'sent', sent_at: sql<Date>`now()`, last_error: null })
          .where('id', '=', id)
          .execute();
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  }

  private async retryLater(mail: ClaimedMail, error: string): Promise<void> {
    if (mail.attempts >= this.config.maxAttempts) {
      await this.markFailed(mail.id, error);
      this.logger.error(`Mail ${mail.id} to ${mail.recipient} failed ${mail.attempts} times, giving up: ${error}`);
      return;
    }
    const delay = Math.min(this.config.retryBaseMs * 2 ** (mail.attempts - 1), 3_600_000);
    await this.db
      .updateTable('mail_outbox')
      .set({ last_error: error, next_attempt_at: sql<Date>`now() + ${delay} * interval '1 millisecond'` })
      .where('id', '=', mail.id)
      .where('status', '=', 'pending')
      .execute();
    this.logger.warn(`Mail ${mail.id} not sent (attempt ${mail.attempts}), retrying in ${Math.round(delay / 1000)} s: ${error}`);
  }

  private async markFailed(id: number, error: string): Promise<void> {
    await this.db.updateTable('mail_outbox').set({ status: 'failed', last_error: error }).where('id', '=', id).execute();
  }

  private senderDomain(): string {
    return /@([^>\s]+)/.exec(this.config.from)?.[1] ?? 'localhost';
  }
}

/**
 * The dispatcher of the API: `.eml` files into `config.outboxDir`, or SMTP when `config.smtpUrl`
 * is set; `options.transport` replaces both (tests).
 */
export function createMailDispatcher(
  db: Db,
  config: MailConfig,
  logger: Logger,
  options: { transport?: MailTransport } = {},
): MailDispatcher {
  const transport = options.transport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(config.outboxDir));
  return new MailDispatcher(
    db,
    {
      from: config.from,
      shopName: config.shopName ?? 'Bottega Pro',
      seller: config.seller,
      testShop: config.testShop ?? false,
      retryBaseMs: config.retryBaseMs ?? 30_000,
      maxAttempts: config.maxAttempts ?? 10,
      pollIntervalMs: config.pollIntervalMs ?? 30_000,
      leaseMs: config.leaseMs ?? 300_000,
    },
    transport,
    logger,
  );
}
