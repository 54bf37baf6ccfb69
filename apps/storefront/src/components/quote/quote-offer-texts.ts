/** SERVER: the quote offer page's texts, looked up once on the server. */
import { lookUpTexts } from '@/i18n/index.ts';

const OFFER = {
  title: 'quoteOffer.title',
  opening: 'quoteOffer.opening',
  opened: 'quoteOffer.opened',
  refused: 'quoteOffer.refused',
  toCart: 'quoteOffer.toCart',
  expiredTitle: 'quoteOffer.expiredTitle',
  expired: 'quoteOffer.expired',
  orderedTitle: 'quoteOffer.orderedTitle',
  ordered: 'quoteOffer.ordered',
  notFoundTitle: 'quoteOffer.notFoundTitle',
  notFound: 'quoteOffer.notFound',
  failed: 'quoteOffer.failed',
  retry: 'quoteOffer.retry',
  newQuote: 'quoteOffer.newQuote',
} as const;

export type QuoteOfferTexts = Record<keyof typeof OFFER, string>;
export const quoteOfferTexts = (): QuoteOfferTexts => lookUpTexts(OFFER);
