import {
  ADMIN_QUOTE_MESSAGES as M,
  QUOTE_OFFER_MESSAGES as O,
  type AdminQuote,
  type AdminQuoteAnswerBody,
  type AdminQuoteListQuery,
  type AdminQuoteOffer,
  type AdminQuotePage,
  type QuoteOfferCart,
  type QuoteStatus,
} from '@shop/contracts';
import { hashCartToken, jsonb, newCartToken, ordersOfOffer, type CustomerRow, type Db, type QuoteOfferLine } from '@shop/db';
import { computeCartTotals, formatLongDateTime, GUEST_GROUP_ID, plainText } from '@shop/domain';
import { sql, type Selectable } from 'kysely';
import type { QuoteOfferTable, QuoteRequestTable } from '@shop/db';
import { HttpError } from '../../http/errors.ts';
import { recordAudit, type AuditActor } from '../admin/audit.ts';
import type { AccountService } from '../accounts/service.ts';
import { cartOf } from '../cart/access.ts';
import type { CartService } from '../cart/service.ts';
import { enqueueMail, type MailDispatcher } from '../mail/outbox.ts';
import type { QuoteOfferMail } from '../mail/templates/QuoteOffer.tsx';
import { quoteReference } from '../quotes/service.ts';

type RequestRow = Selectable<QuoteRequestTable>;
type OfferRow = Selectable<QuoteOfferTable>;

const DAY_MS = 86_400_000;
const iso = (value: Date | string) => new Date(value).toISOString();
/** The buyer's link: `/preventivo/<token>` on the storefront (the shop's public address). */
export const QUOTE_OFFER_PATH = '/preventivo';

/** Where a request stands at `now` (see QUOTE_STATUSES), in SQL over `r` (the request) and `o` (its offer, left-joined). */
function statusOf(now: Date) {
  return sql<QuoteStatus>`CASE
    WHEN o.id IS NULL THEN 'new'
    WHEN EXISTS (SELECT 1 FROM sales_order_item i JOIN sales_order s ON s.id = i.order_id
                 WHERE i.quote_offer_id = o.id AND s.status NOT IN ('canceled', 'expired')) THEN 'accepted'
    WHEN o.valid_until <= ${now} THEN 'expired'
    ELSE 'answered' END`;
}

/** What the audit log keeps of an offer: what was offered, never its link. */
const auditedOffer = (offer: Pick<OfferRow, 'lines' | 'message' | 'valid_days' | 'valid_until'>) => ({
  lines: offer.lines.map(({ sku, qty, unitNetCents }) => ({ sku, qty, unitNetCents })),
  message: offer.message,
  validDays: offer.valid_days,
  validUntil: iso(offer.valid_until),
});

export interface QuoteOffersOptions {
  /** The storefront's public address, the buyer's link is on it. */
  shopUrl: string;
  now: () => Date;
}

/**
 * Quote requests answered from the back office (issue #45 point 6). The seller's offer is a unit
 * price per product (excluding VAT) with a validity; the buyer's mail carries a link whose token
 * is stored hashed. Opening the link puts the quoted lines into the buyer's cart, each naming the
 * offer: the cart's own pricing step (CartService.priceItems) then prices them at the offer while
 * it holds, so totals, coupons, the checkout and the order all see the agreed prices, and nothing
 * the browser says about money is read.
 */
export class QuoteOffers {
  constructor(
    private readonly db: Db,
    private readonly carts: CartService,
    private readonly mail: Pick<MailDispatcher, 'kick'>,
    private readonly options: QuoteOffersOptions,
  ) {}

  async list(query: AdminQuoteListQuery): Promise<AdminQuotePage> {
    const status = statusOf(this.options.now());
    let select = this.db.selectFrom('quote_request as r').leftJoin('quote_offer as o', 'o.quote_request_id', 'r.id');
    if (query.q) {
      const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
      const reference = /^(?:PRV-?)?0*(\d{1,9})$/i.exec(query.q)?.[1];
      select = select.where((eb) =>
        eb.or([eb(sql`lower(r.email)`, 'like', like), eb(sql`lower(r.contact->>'company')`, 'like', like), ...(reference ? [eb('r.id', '=', Number(reference))] : [])]),
      );
    }
    if (query.status) select = select.where(status, '=', query.status);
    const [rows, count] = await Promise.all([
      select
        .select(['r.id', 'r.created_at', 'r.email', 'r.contact', 'r.items', 'o.valid_until', status.as('status')])
        .orderBy('r.id', 'desc')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
      select.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      items: rows.map((row) => ({
        id: row.id,
        reference: quoteReference(row.id),
        createdAt: iso(row.created_at),
        email: row.email,
        name: row.contact.name,
        company: row.contact.company,
        lines: row.items.length,
        status: row.status,
        validUntil: row.valid_until ? iso(row.valid_until) : null,
      })),
      total: Number(count.n),
    };
  }

  async get(id: number): Promise<AdminQuote> {
    const found = await this.find(id);
    const groupId = await this.groupOf(found.request);
    const priced = await this.carts.catalogueLines(found.request.items, groupId);
    const quoted = new Map(found.offer?.lines.map((line) => [line.sku, line.unitNetCents]));
    return {
      id,
      reference: quoteReference(id),
      createdAt: iso(found.request.created_at),
      source: found.request.source,
      email: found.request.email,
      contact: found.request.contact,
      customerId: found.request.customer_id,
      message: found.request.message,
      status: found.status,
      lines: found.request.items.map((item, i) => {
        const { line, taxRate, problem } = priced[i]!.priced;
        const sellable = line !== null && !problem;
        return {
          sku: item.sku,
          name: item.name,
          qty: item.qty,
          catalogueUnitNetCents: sellable ? line.unitNet : null,
          taxPercent: sellable ? taxRate : null,
          unavailable: sellable ? null : (problem ?? null),
          quotedUnitNetCents: quoted.get(item.sku) ?? null,
        };
      }),
      offer: found.offer ? await this.presentOffer(found.offer) : null,
    };
  }

  /**
   * Sends the offer: one price per product of the request, checked against the request and the
   * catalogue (each product must go into a cart as is). Stores it with a new link (an earlier
   * offer's link stops working), mails the buyer and audits, in one transaction. An offer a
   * standing order was placed with is final (409).
   */
  async answer(id: number, body: AdminQuoteAnswerBody, actor: AuditActor): Promise<AdminQuote> {
    const { request, offer: before } = await this.find(id);
    if (before && (await ordersOfOffer(this.db, before.id)).length > 0) throw new HttpError(409, M.alreadyOrdered);
    const prices = this.pricesFor(request, body);
    // The seller's words reach the buyer as text, as the buyer's own reach the seller (quotes/service.ts).
    const message = plainText(body.message);
    const priced = await this.carts.catalogueLines(request.items, await this.groupOf(request));
    const lines: (QuoteOfferLine & { taxRate: number })[] = request.items.map((item, i) => {
      const { line, taxRate, problem } = priced[i]!.priced;
      if (!line || problem) throw new HttpError(400, M.notSellable.replace('{sku}', item.sku));
      return { sku: line.sku, parentSku: line.parentSku, name: line.name, qty: item.qty, unitNetCents: prices.get(item.sku)!, taxRate };
    });

    const now = this.options.now();
    const validUntil = new Date(now.getTime() + body.validDays * DAY_MS);
    const token = newCartToken();
    const stored = lines.map(({ taxRate: _rate, ...line }) => line);
    const values = { token_hash: hashCartToken(token), lines: jsonb(stored), message, valid_days: body.validDays, valid_until: validUntil, sent_by: actor.id, sent_by_email: actor.email, sent_at: now, opened_at: null };
    await this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('quote_request').select('id').where('id', '=', id).forUpdate().execute();
      await trx
        .insertInto('quote_offer')
        .values({ quote_request_id: id, ...values })
        .onConflict((oc) => oc.column('quote_request_id').doUpdateSet(values))
        .execute();
      const after = { lines: stored, message, valid_days: body.validDays, valid_until: validUntil };
      await recordAudit(trx, actor, { action: 'quote.answer', objectType: 'quote_request', objectId: String(id), before: before ? auditedOffer(before) : null, after: auditedOffer(after) }, now);
      await enqueueMail(trx, { template: 'quote-offer', to: request.email, offer: this.offerMail(request, lines, message, validUntil, token), key: `quote-offer:${id}:${now.getTime()}` });
    });
    this.mail.kick();
    return this.get(id);
  }

  /**
   * The buyer's link: puts the offer's lines into a cart at the quoted quantities and answers
   * the cart's token. The signed-in customer's cart, else the guest cart the browser has (when
   * it is one), else a new guest cart. An unknown token is 404, a lapsed offer 410, an offer a
   * standing order was placed with 409; until it lapses the link may be opened again (another
   * device, lines removed meanwhile).
   */
  async openCart(token: string, who: { customer: CustomerRow | undefined; cartId: string | undefined; clientAddress: string }, accounts: Pick<AccountService, 'cartToken'>): Promise<QuoteOfferCart> {
    const offer = await this.db.selectFrom('quote_offer').selectAll().where('token_hash', '=', hashCartToken(token)).executeTakeFirst();
    if (!offer) throw new HttpError(404, O.notFound);
    if (new Date(offer.valid_until).getTime() <= this.options.now().getTime()) throw new HttpError(410, O.expired);
    if ((await ordersOfOffer(this.db, offer.id)).length > 0) throw new HttpError(409, O.ordered);

    const cartId = who.customer
      ? await accounts.cartToken(who.customer, (id, tokenOf) => this.carts.customerCart(id, tokenOf))
      : ((await this.guestCart(who.cartId)) ?? (await this.carts.create(who.clientAddress)));
    const cart = cartOf(await this.carts.open(cartId), who.customer?.id);
    const { added, refused } = await this.carts.addQuoted(cart, offer.id, offer.lines);
    await this.db.updateTable('quote_offer').set({ opened_at: sql`COALESCE(opened_at, ${this.options.now()})` }).where('id', '=', offer.id).execute();
    return { cartId, reference: quoteReference(offer.quote_request_id), validUntil: iso(offer.valid_until), lines: added, refused };
  }

  /** The browser's cart token when it opens a guest cart; undefined otherwise (unknown, expired, a customer's). */
  private async guestCart(cartId: string | undefined): Promise<string | undefined> {
    if (!cartId) return undefined;
    try {
      cartOf(await this.carts.open(cartId), undefined);
      return cartId;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return undefined;
      throw error;
    }
  }

  /** The body's price per sku, every product of the request priced once and nothing else (400 naming the sku). */
  private pricesFor(request: RequestRow, body: AdminQuoteAnswerBody): Map<string, number> {
    const asked = new Set(request.items.map((item) => item.sku));
    const prices = new Map<string, number>();
    for (const line of body.lines) {
      if (!asked.has(line.sku)) throw new HttpError(400, M.notRequested.replace('{sku}', line.sku));
      if (prices.has(line.sku)) throw new HttpError(400, M.pricedTwice.replace('{sku}', line.sku));
      prices.set(line.sku, line.unitPriceCents);
    }
    const missing = request.items.find((item) => !prices.has(item.sku));
    if (missing) throw new HttpError(400, M.priceMissing.replace('{sku}', missing.sku));
    return prices;
  }

  /** The buyer's mail: the amounts as the cart computes them (the same rounding), goods only. */
  private offerMail(request: RequestRow, lines: readonly (QuoteOfferLine & { taxRate: number })[], message: string, validUntil: Date, token: string): QuoteOfferMail {
    const totals = computeCartTotals({
      lines: lines.map((line, i) => ({ id: i, sku: line.sku, name: line.name, qty: line.qty, unitNet: line.unitNetCents, taxRate: line.taxRate, categoryIds: [], options: [], productFee: 0 })),
      shipping: null,
      shippingFee: 0,
      surcharge: 0,
      serviceTaxRate: 0,
      coupon: null,
      now: this.options.now(),
    });
    return {
      reference: quoteReference(request.id),
      name: request.contact.name,
      lines: totals.items.map((item) => ({ sku: item.sku, name: item.name, qty: item.qty, unitNetCents: item.price, unitGrossCents: item.priceInclTax, rowNetCents: item.rowTotal })),
      subtotalCents: totals.subtotal,
      taxCents: totals.tax,
      totalCents: totals.grandTotal,
      validUntil: formatLongDateTime(validUntil),
      message,
      link: `${this.options.shopUrl}${QUOTE_OFFER_PATH}/${token}`,
    };
  }

  private async presentOffer(offer: OfferRow): Promise<AdminQuoteOffer> {
    const orders = await ordersOfOffer(this.db, offer.id);
    return {
      sentAt: iso(offer.sent_at),
      sentBy: offer.sent_by_email,
      validDays: offer.valid_days,
      validUntil: iso(offer.valid_until),
      message: offer.message,
      openedAt: offer.opened_at ? iso(offer.opened_at) : null,
      expired: new Date(offer.valid_until).getTime() <= this.options.now().getTime(),
      orders: orders.map((order) => ({ incrementId: order.increment_id, status: order.status, createdAt: iso(order.created_at) })),
    };
  }

  /** The customer group the buyer's prices are for: their account's, else the guests'. */
  private async groupOf(request: RequestRow): Promise<number> {
    if (request.customer_id === null) return GUEST_GROUP_ID;
    const customer = await this.db.selectFrom('customer').select('group_id').where('id', '=', request.customer_id).executeTakeFirst();
    return customer?.group_id ?? GUEST_GROUP_ID;
  }

  private async find(id: number): Promise<{ request: RequestRow; offer: OfferRow | undefined; status: QuoteStatus }> {
    const [found, offer] = await Promise.all([
      this.db.selectFrom('quote_request as r').leftJoin('quote_offer as o', 'o.quote_request_id', 'r.id').selectAll('r').select(statusOf(this.options.now()).as('status')).where('r.id', '=', id).executeTakeFirst(),
      this.db.selectFrom('quote_offer').selectAll().where('quote_request_id', '=', id).executeTakeFirst(),
    ]);
    if (!found) throw new HttpError(404, M.notFound);
    const { status, ...request } = found;
    return { request, offer, status };
  }
}

/** A `:id` of the path, or 404 (it names no request). */
export function quoteIdOf(raw: string | undefined): number {
  if (!raw || !/^\d{1,9}$/.test(raw)) throw new HttpError(404, M.notFound);
  return Number(raw);
}
