import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type MailOutboxStatus = 'pending' | 'sent' | 'failed';

/** A mail waiting to be sent, sent, or given up (migration 0006-mail-outbox). */
export interface MailOutboxTable {
  id: Generated<number>;
  /** Template name (order-confirmation, payment-received). */
  template: string;
  recipient: string;
  /** One mail per key: enqueueing the same key again does nothing. */
  dedupe_key: string;
  /** The template's input (JSON). */
  payload: ColumnType<unknown, string, string>;
  status: ColumnType<MailOutboxStatus, MailOutboxStatus | undefined, MailOutboxStatus>;
  attempts: Generated<number>;
  /** Not before this time; a claimed row's lease end while it is being sent. */
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Date | null;
}
