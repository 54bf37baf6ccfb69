import { ADMIN_INVOICE_MESSAGES, sdiNotification, type SdiTransmissionView } from '@shop/contracts';
import { findInvoice, jsonb, type Db } from '@shop/db';
import { sql } from 'kysely';
import { HttpError } from '../../../http/errors.ts';
import type { Logger } from '../../../http/router.ts';
import type { InvoiceDocument } from '../document.ts';
import { fatturaPaXml } from '../fatturapa.ts';
import { SdiFileRefused, type SdiChannel } from './channel.ts';

export interface SdiWorkerOptions {
  /** How often due rows are looked for; a sent file's state is asked for this long after the last answer. */
  pollIntervalMs: number;
  /** First retry delay of a send; each failure doubles it, up to an hour. */
  retryBaseMs?: number;
  /** Send attempts before a transmission is marked failed. */
  maxAttempts?: number;
  /** How long a claimed row is reserved for its worker (longer than any call to the intermediary). */
  leaseMs?: number;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Queues an issued document for the SdI: called in the issuing transaction, so the row exists exactly when the document does. */
export async function queueTransmission(trx: Db, invoiceId: number): Promise<void> {
  await trx.insertInto('sdi_transmission').values({ invoice_id: invoiceId }).execute();
}

/** The latest transmission of a document (404 when it never had one: no intermediary configured then). */
export async function sdiTransmissionOf(db: Db, invoiceId: number): Promise<SdiTransmissionView> {
  const row = await db
    .selectFrom('sdi_transmission')
    .innerJoin('invoice', 'invoice.id', 'sdi_transmission.invoice_id')
    .select(['sdi_transmission.invoice_id', 'invoice.file_name', 'status', 'attempts', 'sent_at', 'notification', 'last_error', 'updated_at'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('sdi_transmission.id', 'desc')
    .executeTakeFirst();
  if (!row) throw new HttpError(404, ADMIN_INVOICE_MESSAGES.noTransmission);
  return {
    invoiceId: row.invoice_id,
    fileName: row.file_name,
    status: row.status,
    attempts: row.attempts,
    sentAt: iso(row.sent_at),
    notification: row.notification === null ? null : sdiNotification.parse(typeof row.notification === 'string' ? JSON.parse(row.notification) : row.notification),
    lastError: row.last_error,
    updatedAt: iso(row.updated_at)!,
  };
}

interface Claimed {
  id: number;
  invoice_id: number;
  status: 'queued' | 'sent';
  attempts: number;
  channel_id: string | null;
}

/**
 * Sends the queued documents to the SdI through the channel and follows each until the SdI's
 * outcome (ADR 0030), like the mail outbox: a row is claimed with a conditional UPDATE that moves
 * its `next_attempt_at` past a lease (two workers never send one file twice), a failed send is
 * retried with exponential backoff until `maxAttempts`, then marked failed; a sent file is asked
 * for its state every `pollIntervalMs` until delivered, not delivered or rejected.
 */
export class SdiTransmissions {
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly retryBaseMs: number;
  private readonly maxAttempts: number;
  private readonly leaseMs: number;

  constructor(
    private readonly db: Db,
    private readonly channel: SdiChannel,
    private readonly options: SdiWorkerOptions,
    private readonly logger: Pick<Logger, 'warn' | 'error'>,
  ) {
    this.retryBaseMs = options.retryBaseMs ?? 60_000;
    this.maxAttempts = options.maxAttempts ?? 10;
    this.leaseMs = options.leaseMs ?? 120_000;
  }

  /** Works through due rows now and every `pollIntervalMs` (one run at a time). */
  start(): void {
    if (this.timer) return;
    const tick = () => {
      this.running ??= this.runOnce()
        .then(() => undefined, (error: unknown) => this.logger.error(`SdI transmissions: ${errorText(error)}`))
        .finally(() => (this.running = undefined));
    };
    this.timer = setInterval(tick, this.options.pollIntervalMs);
    this.timer.unref();
    tick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Sends due files and asks for due states, in id order; answers how many rows were handled. */
  async runOnce(): Promise<number> {
    let handled = 0;
    for (let after = 0; ; ) {
      const due = await this.db
        .selectFrom('sdi_transmission')
        .select('id')
        .where('status', 'in', ['queued', 'sent'])
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .where('id', '>', after)
        .orderBy('id')
        .limit(20)
        .execute();
      if (due.length === 0) return handled;
      for (const { id } of due) {
        after = id;
        const row = await this.claim(id);
        if (!row) continue;
        handled++;
        if (row.status === 'queued') await this.send(row);
        else await this.follow(row);
      }
    }
  }

  /** Takes a due row for this worker (a send counts as an attempt), or undefined when another has it. */
  private claim(id: number): Promise<Claimed | undefined> {
    return this.db
      .updateTable('sdi_transmission')
      .set({
        attempts: sql<number>`attempts + CASE WHEN status = 'queued' THEN 1 ELSE 0 END`,
        next_attempt_at: sql<Date>`now() + ${this.leaseMs} * interval '1 millisecond'`,
      })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'sent'])
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .returning(['id', 'invoice_id', 'status', 'attempts', 'channel_id'])
      .executeTakeFirst() as Promise<Claimed | undefined>;
  }

  private async send(row: Claimed): Promise<void> {
    try {
      const invoice = await findInvoice(this.db, row.invoice_id);
      if (!invoice) throw new SdiFileRefused(`Invoice ${row.invoice_id} not found`);
      const { id } = await this.channel.send(fatturaPaXml(invoice.document as unknown as InvoiceDocument));
      await this.update(row.id, { status: 'sent', channel_id: id, sent_at: new Date(), last_error: null }, this.options.pollIntervalMs);
    } catch (error) {
      const text = errorText(error);
      if (error instanceof SdiFileRefused || row.attempts >= this.maxAttempts) {
        await this.update(row.id, { status: 'failed', last_error: text }, 0);
        this.logger.error(`SdI transmission ${row.id} of invoice ${row.invoice_id} failed after ${row.attempts} attempts: ${text}`);
        return;
      }
      const delay = Math.min(this.retryBaseMs * 2 ** (row.attempts - 1), 3_600_000);
      await this.update(row.id, { last_error: text }, delay);
      this.logger.warn(`SdI transmission ${row.id} not sent (attempt ${row.attempts}), retrying in ${Math.round(delay / 1000)} s: ${text}`);
    }
  }

  /** Asks for a sent file's state; an outcome ends the row's work, anything else asks again later. */
  private async follow(row: Claimed): Promise<void> {
    try {
      const state = await this.channel.state(row.channel_id!);
      if (state.status === 'sent') await this.update(row.id, { last_error: null }, this.options.pollIntervalMs);
      else await this.update(row.id, { status: state.status, notification: jsonb(state.notification), last_error: null }, 0);
    } catch (error) {
      await this.update(row.id, { last_error: errorText(error) }, this.options.pollIntervalMs);
      this.logger.warn(`SdI state of transmission ${row.id} not read: ${errorText(error)}`);
    }
  }

  private async update(
    id: number,
    values: { status?: 'sent' | 'delivered' | 'not_delivered' | 'rejected' | 'failed'; channel_id?: string; sent_at?: Date; notification?: ReturnType<typeof jsonb>; last_error: string | null },
    nextInMs: number,
  ): Promise<void> {
    await this.db
      .updateTable('sdi_transmission')
      .set({ ...values, updated_at: new Date(), next_attempt_at: sql<Date>`now() + ${nextInMs} * interval '1 millisecond'` })
      .where('id', '=', id)
      .execute();
  }
}
