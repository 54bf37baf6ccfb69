import type { QuoteRequestBody } from '@shop/contracts';
import { insertQuoteRequest, type CustomerRow, type Db } from '@shop/db';
import { formatDateTime, plainText } from '@shop/domain';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError, tooManyRequests } from '../../http/errors.ts';
import { databaseRateLimiter } from '../../http/database-rate-limiter.ts';
import { enqueueMail, type MailDispatcher } from '../mail/outbox.ts';
import type { RecipientCopies } from '../mail/recipient-copies.ts';
import type { QuoteMail } from '../mail/templates/QuoteRequest.tsx';

/** Quote requests one client address may send an hour. */
export const QUOTES_PER_HOUR = 5;
export const QUOTE_RATE_MESSAGE = 'Too many quote requests from this address. Please try again in {minutes} minutes.';

/** PRV-000042: how the shop and the buyer name a request. */
export const quoteReference = (id: number) => `PRV-${String(id).padStart(6, '0')}`;

/**
 * Quote requests (issue #19, ADR 0021): stored with the products' names at the time, and mailed
 * through the outbox (ADR 0015) to the shop's sales mailbox and to the buyer, in the same
 * transaction as the request. The buyer's texts are stored as plain text (plainText).
 */
export class QuoteService {
  private readonly perAddress;

  constructor(
    private readonly db: Db,
    private readonly mail: Pick<MailDispatcher, 'kick'>,
    private readonly salesEmail: string,
    private readonly copies: RecipientCopies,
  ) {
    this.perAddress = databaseRateLimiter(db, 'quote-address', QUOTES_PER_HOUR, 3600);
  }

  async request(body: QuoteRequestBody, clientAddress: string, customer: CustomerRow | null): Promise<{ id: number; reference: string; copySent: boolean }> {
    const name = plainText(body.name);
    if (name.length < 2) throw new HttpError(400, 'name: must hold text, not only markup');
    const quantities = new Map<string, number>();
    for (const item of body.items) quantities.set(item.sku, (quantities.get(item.sku) ?? 0) + item.qty);
    const products = await this.db.selectFrom('product').select(['sku', 'name']).where('sku', 'in', [...quantities.keys()]).execute();
    const names = new Map(products.map((p) => [p.sku, p.name]));
    const unknown = [...quantities.keys()].find((sku) => !names.has(sku));
    if (unknown !== undefined) throw new HttpError(400, `items: unknown product ${unknown}`);
    try {
      await this.perAddress.consume(clientAddress);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooManyRequests(QUOTE_RATE_MESSAGE, error.msBeforeNext);
      throw error;
    }

    const contact = { name, company: plainText(body.company ?? ''), phone: body.phone ?? '' };
    const items = [...quantities].map(([sku, qty]) => ({ sku, name: names.get(sku)!, qty }));
    const message = plainText(body.message ?? '');
    const copy = await this.copies.decide(body.email, customer);
    const saved = await this.db.transaction().execute(async (trx) => {
      const row = await insertQuoteRequest(trx, { customer_id: customer?.id ?? null, email: body.email, contact, items, message, source: body.source });
      const reference = quoteReference(row.id);
      const quote: Omit<QuoteMail, 'for'> = { reference, date: formatDateTime(row.created_at), source: body.source, contact: { ...contact, email: body.email }, items, message };
      await enqueueMail(trx, { template: 'quote-request', to: this.salesEmail, quote: { ...quote, for: 'shop' }, key: `quote-request:shop:${row.id}` });
      if (copy !== 'none') {
        // A stranger's address gets the shop's own words only: the products and the reference.
        const buyerQuote: QuoteMail = copy === 'full' ? { ...quote, for: 'buyer' } : { ...quote, for: 'buyer', brief: true, contact: { name: '', company: '', phone: '', email: body.email }, message: '' };
        await enqueueMail(trx, { template: 'quote-request', to: body.email, quote: buyerQuote, key: `quote-request:buyer:${row.id}` });
      }
      return { id: row.id, reference, copySent: copy !== 'none' };
    });
    this.mail.kick();
    return saved;
  }
}
