/** SERVER: the quote request form's texts, looked up once on the server. */
import { lookUpTexts } from '@/i18n/index.ts';

const FORM = {
  products: 'quote.products',
  product: 'quote.product',
  sku: 'quote.sku',
  quantity: 'quote.quantity',
  quantityFor: 'quote.quantityFor',
  remove: 'quote.remove',
  removeItem: 'quote.removeItem',
  noProducts: 'quote.noProducts',
  loading: 'quote.loading',
  contact: 'quote.contact',
  name: 'quote.name',
  company: 'quote.company',
  email: 'quote.email',
  phone: 'quote.phone',
  message: 'quote.message',
  optional: 'quote.optional',
  privacy: 'quote.privacy',
  privacyLink: 'quote.privacyLink',
  privacyRequired: 'checkout.message.privacyRequired',
  submit: 'quote.submit',
  sending: 'quote.sending',
  sent: 'quote.sent',
  tooMany: 'quote.tooMany',
  failed: 'quote.failed',
} as const;

export type QuoteFormTexts = Record<keyof typeof FORM, string>;
export const quoteFormTexts = (): QuoteFormTexts => lookUpTexts(FORM);
