import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** One row per e-mail address that asked for the newsletter (migration 0014-newsletter, ADR 0023). */
export interface NewsletterSubscriberTable {
  id: Generated<number>;
  email: string;
  /** Lower-cased e-mail: one row per address whatever its case. */
  email_key: string;
  status: 'pending' | 'subscribed' | 'unsubscribed';
  /** SHA-256 of the latest confirmation link's token; kept after confirming, so a second click answers the same. */
  confirm_token_hash: string | null;
  confirm_expires_at: Timestamp | null;
  requested_at: Timestamp;
  /** When the address confirmed (the double opt-in's proof of consent). */
  confirmed_at: Timestamp | null;
  unsubscribed_at: Timestamp | null;
  /** The welcome coupon, issued once per address at its first confirmation. */
  coupon_id: number | null;
}

export interface NewsletterTables {
  newsletter_subscriber: NewsletterSubscriberTable;
}
