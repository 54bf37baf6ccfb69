import { createHash, randomBytes } from 'node:crypto';
import { NEWSLETTER_MESSAGES, type NewsletterConfirmation, type NewsletterStatus } from '@shop/contracts';
import type { Db } from '@shop/db';
import { sql } from 'kysely';
import { HttpError } from '../../http/errors.ts';
import { enqueueMail, type MailDispatcher } from '../mail/outbox.ts';
import type { MailchimpList } from './mailchimp.ts';
import type { NewsletterLimits } from './limits.ts';
import { issueWelcomeCoupon } from './welcome-coupon.ts';

/** How long a confirmation link works. */
export const CONFIRM_DAYS = 7;

export interface NewsletterOptions {
  /** The shop's public origin: the confirmation link leads to its `/newsletter` page. */
  shopUrl: string;
}

const emailKey = (email: string) => email.trim().toLowerCase();
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The newsletter of shopping.md §4 with double opt-in (ADR 0023). The subscriber table holds
 * the opt-in for every address (pending, confirmed, unsubscribed, the welcome coupon); with
 * Mailchimp credentials the confirmed audience is Mailchimp's list, which the status reads and
 * which confirmations and unsubscribes write, so an unsubscribe from a Mailchimp campaign counts.
 */
export class NewsletterService {
  constructor(
    private readonly db: Db,
    private readonly mail: Pick<MailDispatcher, 'kick'>,
    private readonly limits: NewsletterLimits,
    private readonly options: NewsletterOptions,
    private readonly mailchimp?: MailchimpList,
  ) {}

  async status(email: string, clientAddress: string): Promise<NewsletterStatus> {
    await this.limits.lookup(clientAddress);
    return this.currentStatus(email);
  }

  /**
   * Starts the double opt-in: mails a confirmation link (again, with a new token, while pending).
   * Does nothing for an address already subscribed (§4).
   */
  async subscribe(email: string, clientAddress: string): Promise<NewsletterStatus> {
    await this.limits.subscribe(emailKey(email), clientAddress);
    if ((await this.currentStatus(email)) === 'subscribed') return 'subscribed';
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashToken(token);
    const expires = new Date(Date.now() + CONFIRM_DAYS * 86_400_000);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('newsletter_subscriber')
        .values({ email: email.trim(), email_key: emailKey(email), status: 'pending', confirm_token_hash: tokenHash, confirm_expires_at: expires })
        .onConflict((oc) =>
          oc.column('email_key').doUpdateSet({ status: 'pending', confirm_token_hash: tokenHash, confirm_expires_at: expires, requested_at: sql<Date>`now()` }),
        )
        .execute();
      const link = `${this.options.shopUrl}/newsletter?token=${token}`;
      await enqueueMail(trx, { template: 'newsletter-confirm', to: email.trim(), newsletter: { kind: 'confirm', link }, key: `newsletter-confirm:${tokenHash}` });
    });
    this.mail.kick();
    return 'pending';
  }

  /**
   * The link of the confirmation mail: subscribes the address and, the first time only, issues
   * its coupon and mails it. A second click answers the same without a second mail.
   */
  async confirm(token: string): Promise<NewsletterConfirmation> {
    const row = await this.db
      .selectFrom('newsletter_subscriber')
      .select(['id', 'email', 'status', 'confirm_expires_at', 'coupon_id'])
      .where('confirm_token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (row?.status === 'subscribed') return { email: row.email, status: 'subscribed' };
    // An unsubscribe since the mail was sent makes its link void: only a new subscribe counts.
    if (!row || row.status !== 'pending' || (row.confirm_expires_at && row.confirm_expires_at.getTime() < Date.now())) {
      throw new HttpError(400, NEWSLETTER_MESSAGES.confirmInvalid);
    }
    // Mailchimp first: if it is down nothing changes here and the same link works later.
    await this.mailchimp?.subscribe(row.email);
    await this.db.transaction().execute(async (trx) => {
      const confirmed = await trx
        .updateTable('newsletter_subscriber')
        .set({ status: 'subscribed', confirmed_at: sql<Date>`now()`, unsubscribed_at: null })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .returning('coupon_id')
        .executeTakeFirst();
      // A concurrent click confirmed it first, or the address already has its coupon.
      if (!confirmed || confirmed.coupon_id !== null) return;
      const coupon = await issueWelcomeCoupon(trx, row.email);
      await trx.updateTable('newsletter_subscriber').set({ coupon_id: coupon.id }).where('id', '=', row.id).execute();
      await enqueueMail(trx, {
        template: 'newsletter-welcome',
        to: row.email,
        newsletter: { kind: 'welcome', couponCode: coupon.code, percent: coupon.percent, shopUrl: this.options.shopUrl, unsubscribeUrl: `${this.options.shopUrl}/newsletter` },
        key: `newsletter-welcome:${row.id}`,
      });
    });
    this.mail.kick();
    return { email: row.email, status: 'subscribed' };
  }

  /** Unsubscribes (a pending opt-in is cancelled too); does nothing for an address not on the list (§4). */
  async unsubscribe(email: string, clientAddress: string): Promise<NewsletterStatus> {
    await this.limits.lookup(clientAddress);
    await this.mailchimp?.unsubscribe(email);
    await this.db
      .updateTable('newsletter_subscriber')
      .set({ status: 'unsubscribed', unsubscribed_at: sql<Date>`now()` })
      .where('email_key', '=', emailKey(email))
      .where('status', '!=', 'unsubscribed')
      .execute();
    return (await this.localStatus(email)) ?? 'unknown';
  }

  /** With Mailchimp, its list says who is subscribed; the table still knows pending and past opt-ins. */
  private async currentStatus(email: string): Promise<NewsletterStatus> {
    const local = await this.localStatus(email);
    if (!this.mailchimp) return local ?? 'unknown';
    if ((await this.mailchimp.status(email)) === 'subscribed') return 'subscribed';
    if (local === 'subscribed') return 'unsubscribed';
    return local ?? 'unknown';
  }

  private async localStatus(email: string): Promise<NewsletterStatus | undefined> {
    const row = await this.db.selectFrom('newsletter_subscriber').select('status').where('email_key', '=', emailKey(email)).executeTakeFirst();
    return row?.status;
  }
}
