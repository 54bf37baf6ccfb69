import { orderView, type OrderView } from '@shop/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { OrderConfirmation, orderConfirmationSubject } from './templates/OrderConfirmation.tsx';
import { AccountNotice, accountNoticeSubject, accountNoticeText, type AccountNoticeMail } from './templates/AccountNotice.tsx';
import { PasswordReset, passwordResetSubject, passwordResetText, type PasswordResetMail } from './templates/PasswordReset.tsx';
import { PaymentReceived, paymentReceivedSubject } from './templates/PaymentReceived.tsx';
import { Newsletter, newsletterSubject, newsletterText, type NewsletterMail, type NewsletterTemplate } from './templates/Newsletter.tsx';
import { orderConfirmationText, paymentReceivedText } from './templates/text.ts';
import { QuoteRequest, quoteRequestSubject, quoteRequestText, type QuoteMail } from './templates/QuoteRequest.tsx';

export const MAIL_TEMPLATES = ['order-confirmation', 'payment-received', 'password-reset', 'newsletter-confirm', 'newsletter-welcome', 'quote-request', 'account-notice'] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];
/** The templates about an order (their payload is the order). */
export type OrderMailTemplate = Exclude<MailTemplate, 'password-reset' | NewsletterTemplate | 'quote-request' | 'account-notice'>;

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** Renders a mail: subject, HTML (React on the server) and text, in Italian. */
export function renderMail(template: OrderMailTemplate, order: OrderView, shopName: string): RenderedMail {
  const props = { order, shopName };
  switch (template) {
    case 'order-confirmation':
      return {
        subject: orderConfirmationSubject(order, shopName),
        html: `<!DOCTYPE html>${renderToStaticMarkup(createElement(OrderConfirmation, props))}`,
        text: orderConfirmationText(order, shopName),
      };
    case 'payment-received':
      return {
        subject: paymentReceivedSubject(order, shopName),
        html: `<!DOCTYPE html>${renderToStaticMarkup(createElement(PaymentReceived, props))}`,
        text: paymentReceivedText(order, shopName),
      };
    default:
      throw new Error(`Unknown mail template: ${String(template)}`);
  }
}

/** A mail as the outbox stored it: rendered, with the reference that names its file and Message-ID. */
export function renderStoredMail(
  template: MailTemplate,
  payload: { order?: unknown; reset?: PasswordResetMail; notice?: AccountNoticeMail; newsletter?: NewsletterMail; quote?: QuoteMail },
  shopName: string,
): RenderedMail & { reference: string } {
  if (template === 'newsletter-confirm' || template === 'newsletter-welcome') {
    const mail = payload.newsletter;
    if (!mail) throw new Error(`${template} mail without its content`);
    return {
      subject: newsletterSubject(mail, shopName),
      html: `<!DOCTYPE html>${renderToStaticMarkup(createElement(Newsletter, { mail, shopName }))}`,
      text: newsletterText(mail, shopName),
      reference: 'newsletter',
    };
  }
  if (template === 'quote-request') {
    const quote = payload.quote;
    if (!quote) throw new Error('quote-request mail without its content');
    return {
      subject: quoteRequestSubject(quote, shopName),
      html: `<!DOCTYPE html>${renderToStaticMarkup(createElement(QuoteRequest, { mail: quote, shopName }))}`,
      text: quoteRequestText(quote, shopName),
      reference: quote.reference,
    };
  }
  if (template === 'account-notice') {
    const notice = payload.notice;
    if (!notice) throw new Error('account-notice mail without its content');
    return {
      subject: accountNoticeSubject(notice, shopName),
      html: `<!DOCTYPE html>${renderToStaticMarkup(createElement(AccountNotice, { notice, shopName }))}`,
      text: accountNoticeText(notice, shopName),
      reference: 'account',
    };
  }
  if (template === 'password-reset') {
    const reset = payload.reset;
    if (!reset?.link) throw new Error('password-reset mail without its link');
    return {
      subject: passwordResetSubject(shopName),
      html: `<!DOCTYPE html>${renderToStaticMarkup(createElement(PasswordReset, { reset, shopName }))}`,
      text: passwordResetText(reset, shopName),
      reference: 'account',
    };
  }
  const order = orderView.parse(payload.order);
  return { ...renderMail(template, order, shopName), reference: order.incrementId };
}
