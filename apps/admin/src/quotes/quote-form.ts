import type { AdminQuote, AdminQuoteAnswerBody } from '@shop/contracts';
import { ApiError } from '../api.ts';
import { centsToInput, parseEuros } from '../format.ts';
import { t } from '../i18n/translate.ts';

/** Days an offer holds unless changed (the API's QUOTE_OFFER_DEFAULT_DAYS; a copy keeps zod out of the bundle). */
export const DEFAULT_VALID_DAYS = 14;

/** The offer form as typed: a euro price per product (excl. VAT), the validity in days, the message. */
export interface QuoteForm {
  prices: Record<string, string>;
  validDays: string;
  message: string;
}

/**
 * The form of a request: each price is the offer's when answered, else the catalogue's today (a
 * starting point the seller lowers), else empty; the validity and message of the offer sent.
 */
export function formOf(quote: AdminQuote): QuoteForm {
  const price = (cents: number | null) => (cents === null ? '' : centsToInput(cents));
  return {
    prices: Object.fromEntries(quote.lines.map((line) => [line.sku, price(line.quotedUnitNetCents ?? line.catalogueUnitNetCents)])),
    validDays: String(quote.offer?.validDays ?? DEFAULT_VALID_DAYS),
    message: quote.offer?.message ?? '',
  };
}

/** The cents each price says, null where it is not an amount. */
export const typedCents = (form: QuoteForm, quote: AdminQuote) => quote.lines.map((line) => parseEuros(form.prices[line.sku] ?? ''));

/** The answer's body, or an error naming the line or field to correct (the API checks the rest against the request and the catalogue). */
export function bodyOf(form: QuoteForm, quote: AdminQuote): AdminQuoteAnswerBody {
  const cents = typedCents(form, quote);
  const wrong = quote.lines.find((_line, i) => cents[i] === null);
  if (wrong) throw new ApiError(422, t('quote.bad.price', { name: wrong.name, sku: wrong.sku }));
  const days = form.validDays.trim();
  if (!/^\d{1,2}$/.test(days) || Number(days) < 1 || Number(days) > 90) throw new ApiError(422, t('quote.bad.validDays'));
  return { lines: quote.lines.map((line, i) => ({ sku: line.sku, unitPriceCents: cents[i]! })), validDays: Number(days), message: form.message.trim() };
}
