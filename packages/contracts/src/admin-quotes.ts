import { z } from 'zod';
import { cartToken } from './cart.ts';
import { QUOTE_LIMITS } from './quote.ts';
import { freeText, text } from './strings.ts';

/**
 * Quote requests in the back office (issue #45 point 6): listed with their lines, answered with a
 * unit price per line (cents, excluding VAT, as the shop's prices are), a message and how many
 * days the offer holds. The answer mails the buyer a link (`/preventivo/<token>`) that opens a
 * cart holding the quoted lines at the quoted prices (the server's prices, never the browser's).
 */
export const ADMIN_QUOTE_MESSAGES = {
  notFound: 'Richiesta di preventivo non trovata.',
  /** Zod messages: the answer names the field before them. */
  unitPrice: 'il prezzo unitario è un numero intero di centesimi, da 0 in su (IVA esclusa).',
  validDays: 'la validità va da 1 a 90 giorni.',
  message: `il messaggio può avere al massimo ${QUOTE_LIMITS.message} caratteri.`,
  lines: `indica un prezzo per ogni prodotto della richiesta (al massimo ${QUOTE_LIMITS.items}).`,
  sku: 'il codice prodotto è obbligatorio.',
  /** Checked against the request: `{sku}` is replaced. */
  priceMissing: 'lines: manca il prezzo di {sku}.',
  notRequested: 'lines: {sku} non è tra i prodotti della richiesta.',
  pricedTwice: 'lines: {sku} ha più di un prezzo.',
  notSellable: 'lines: {sku} non si può mettere in un carrello così com’è (non è in vendita o ha opzioni da scegliere).',
  alreadyOrdered: 'Il cliente ha già ordinato con questa offerta: non si può più cambiarla.',
  status: 'scegli new, answered, accepted o expired.',
  badLimit: 'limit va da 1 a 200.',
  badPage: 'page è un numero intero da 1 in su.',
} as const;
const M = ADMIN_QUOTE_MESSAGES;

/** The buyer's link, answered by the API in Italian (the storefront shows its own page for each). */
export const QUOTE_OFFER_MESSAGES = {
  notFound: 'Offerta non trovata.',
  expired: 'Offerta scaduta.',
  ordered: 'Offerta già utilizzata per un ordine.',
} as const;

/** Days an offer holds unless the seller says otherwise. */
export const QUOTE_OFFER_DEFAULT_DAYS = 14;
export const QUOTE_OFFER_MAX_DAYS = 90;

/**
 * Where a request stands: `new` (not answered), `answered` (an offer holds), `accepted` (a
 * standing order was placed with it), `expired` (the offer ran out unordered).
 */
export const QUOTE_STATUSES = ['new', 'answered', 'accepted', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

const contact = z.object({ name: z.string(), company: z.string(), phone: z.string() });

export const adminQuoteListItem = z
  .object({
    id: z.number().int(),
    reference: z.string(),
    createdAt: z.string(),
    email: z.string(),
    name: z.string(),
    company: z.string(),
    /** Products asked for. */
    lines: z.number().int(),
    status: z.enum(QUOTE_STATUSES),
    /** The offer's end, when answered. */
    validUntil: z.string().nullable(),
  })
  .meta({ id: 'AdminQuoteListItem' });
export type AdminQuoteListItem = z.infer<typeof adminQuoteListItem>;

export const adminQuotePage = z.object({ items: z.array(adminQuoteListItem), total: z.number().int() }).meta({ id: 'AdminQuotePage' });
export type AdminQuotePage = z.infer<typeof adminQuotePage>;

export const adminQuoteLine = z.object({
  sku: z.string(),
  name: z.string(),
  qty: z.number().int(),
  /** The catalogue's unit price excluding VAT now, at this quantity, for the buyer's group; null when it cannot be sold as is. */
  catalogueUnitNetCents: z.number().int().nullable(),
  /** The VAT rate of the product in the shop's country; null when it cannot be sold. */
  taxPercent: z.number().nullable(),
  /** Why the product cannot go into a cart now (disabled, options to choose); null when it can. */
  unavailable: z.string().nullable(),
  /** The offer's unit price excluding VAT, when answered. */
  quotedUnitNetCents: z.number().int().nullable(),
});
export type AdminQuoteLine = z.infer<typeof adminQuoteLine>;

export const adminQuoteOffer = z.object({
  sentAt: z.string(),
  sentBy: z.string(),
  validDays: z.number().int(),
  /** The offer holds before this instant. */
  validUntil: z.string(),
  message: z.string(),
  /** The first time the buyer opened the link; null: not yet. */
  openedAt: z.string().nullable(),
  expired: z.boolean(),
  /** Standing orders placed at the offer's prices (one at most, but kept as a list: a cancelled one frees the offer). */
  orders: z.array(z.object({ incrementId: z.string(), status: z.string(), createdAt: z.string() })),
});
export type AdminQuoteOffer = z.infer<typeof adminQuoteOffer>;

export const adminQuote = z
  .object({
    id: z.number().int(),
    reference: z.string(),
    createdAt: z.string(),
    /** Where the buyer asked: a product page or the cart. */
    source: z.string(),
    email: z.string(),
    contact,
    /** The account the request was made from, if any. */
    customerId: z.number().int().nullable(),
    message: z.string(),
    status: z.enum(QUOTE_STATUSES),
    lines: z.array(adminQuoteLine),
    offer: adminQuoteOffer.nullable(),
  })
  .meta({ id: 'AdminQuote' });
export type AdminQuote = z.infer<typeof adminQuote>;

/** POST /api/admin/quotes/:id/answer: one price per product of the request. */
export const adminQuoteAnswerBody = z.object({
  lines: z
    .array(
      z.object({
        sku: text({ error: M.sku }).trim().min(1, M.sku).max(64, M.sku),
        unitPriceCents: z.number({ error: M.unitPrice }).int(M.unitPrice).min(0, M.unitPrice).max(100_000_000, M.unitPrice),
      }),
      { error: M.lines },
    )
    .min(1, M.lines)
    .max(QUOTE_LIMITS.items, M.lines),
  message: freeText({ error: M.message }).trim().max(QUOTE_LIMITS.message, M.message).default(''),
  validDays: z.number({ error: M.validDays }).int(M.validDays).min(1, M.validDays).max(QUOTE_OFFER_MAX_DAYS, M.validDays).default(QUOTE_OFFER_DEFAULT_DAYS),
});
export type AdminQuoteAnswerBody = z.infer<typeof adminQuoteAnswerBody>;

/** GET /api/admin/quotes: search by e-mail, company or reference, status filter, pages of `limit`, newest first. */
export const adminQuoteListQuery = z.object({
  /** Part of the e-mail or the company (any case), or a reference (PRV-000042, 42). */
  q: text().trim().max(120).optional(),
  status: z.enum(QUOTE_STATUSES, { error: M.status }).optional(),
  page: z.coerce.number({ error: M.badPage }).int(M.badPage).min(1, M.badPage).max(100_000, M.badPage).default(1),
  limit: z.coerce.number({ error: M.badLimit }).int(M.badLimit).min(1, M.badLimit).max(200, M.badLimit).default(50),
});
export type AdminQuoteListQuery = z.infer<typeof adminQuoteListQuery>;

/** POST /api/quote/offer/:token/cart: the cart to put the offer into (a guest's), or the signed-in customer's (token). */
export const quoteOfferCartQuery = z.object({
  cartId: cartToken.optional(),
  token: text().max(2048).optional(),
});

/** The cart the offer's lines are in now (its token: the cartId of every cart call). */
export const quoteOfferCart = z
  .object({
    cartId: z.string(),
    reference: z.string(),
    validUntil: z.string(),
    /** Lines put into the cart. */
    lines: z.number().int(),
    /** Skus of the offer that cannot be sold now and were left out. */
    refused: z.array(z.string()),
  })
  .meta({ id: 'QuoteOfferCart' });
export type QuoteOfferCart = z.infer<typeof quoteOfferCart>;
