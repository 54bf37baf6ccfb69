import { randomBytes } from 'node:crypto';
import type { ContactBody } from '@shop/contracts';
import type { CustomerRow, Db } from '@shop/db';
import { formatDateTime, plainText } from '@shop/domain';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { databaseRateLimiter } from '../../http/database-rate-limiter.ts';
import { HttpError, tooManyRequests } from '../../http/errors.ts';
import { enqueueMail, type MailDispatcher } from '../mail/outbox.ts';
import type { RecipientCopies } from '../mail/recipient-copies.ts';
import type { ContactMail } from '../mail/templates/ContactMessage.tsx';

/** Messages one client address may send an hour through the contact form. */
export const CONTACT_MESSAGES_PER_HOUR = 5;
export const CONTACT_RATE_MESSAGE = 'Too many messages from this address. Please try again in {minutes} minutes.';

/** CNT-7F3A9C21: how the seller and the sender name a message (it is not stored: the mails are its record). */
const contactReference = () => `CNT-${randomBytes(4).toString('hex').toUpperCase()}`;

/**
 * The contact form (issue #42 point 11): the message goes to the seller's inbox through the outbox
 * (ADR 0015); the sender's copy follows the rule of every form that mails its sender
 * (RecipientCopies, issue #43 point 7).
 */
export class ContactService {
  private readonly perAddress;

  constructor(
    private readonly db: Db,
    private readonly mail: Pick<MailDispatcher, 'kick'>,
    private readonly sellerEmail: string,
    private readonly copies: RecipientCopies,
  ) {
    this.perAddress = databaseRateLimiter(db, 'contact-address', CONTACT_MESSAGES_PER_HOUR, 3600);
  }

  async send(body: ContactBody, clientAddress: string, customer: CustomerRow | null): Promise<{ reference: string; copySent: boolean }> {
    const name = plainText(body.name);
    if (name.length < 2) throw new HttpError(400, 'name: must hold text, not only markup');
    const subject = plainText(body.subject);
    if (subject.length < 3) throw new HttpError(400, 'subject: must hold text, not only markup');
    const message = plainText(body.message);
    if (message.length < 10) throw new HttpError(400, 'message: must hold text, not only markup');
    try {
      await this.perAddress.consume(clientAddress);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooManyRequests(CONTACT_RATE_MESSAGE, error.msBeforeNext);
      throw error;
    }
    const copy = await this.copies.decide(body.email, customer);
    const reference = contactReference();
    const mail: Omit<ContactMail, 'for'> = {
      reference,
      date: formatDateTime(new Date()),
      contact: { name, email: body.email, phone: body.phone ?? '', company: plainText(body.company ?? '') },
      subject,
      message,
      signedIn: customer !== null,
    };
    await this.db.transaction().execute(async (trx) => {
      await enqueueMail(trx, { template: 'contact-message', to: this.sellerEmail, contact: { ...mail, for: 'seller' }, key: `contact:seller:${reference}` });
      if (copy === 'full') await enqueueMail(trx, { template: 'contact-message', to: body.email, contact: { ...mail, for: 'sender' }, key: `contact:sender:${reference}` });
      if (copy === 'brief') {
        const brief: ContactMail = { reference, date: mail.date, for: 'sender', brief: true, contact: { name: '', email: body.email, phone: '', company: '' }, subject: '', message: '', signedIn: false };
        await enqueueMail(trx, { template: 'contact-message', to: body.email, contact: brief, key: `contact:sender:${reference}` });
      }
    });
    this.mail.kick();
    return { reference, copySent: copy !== 'none' };
  }
}
