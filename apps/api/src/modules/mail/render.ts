import { orderView, type OrderView } from '@shop/contracts';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { OrderConfirmation, orderConfirmationSubject } from './templates/OrderConfirmation.tsx';
import { AccountNotice, accountNoticeSubject, accountNoticeText, type AccountNoticeMail } from './templates/AccountNotice.tsx';
import { PasswordReset, passwordResetSubject, passwordResetText, type PasswordResetMail } from './templates/PasswordReset.tsx';
import { PaymentReceived, paymentReceivedSubject } from './templates/PaymentReceived.tsx';
import { OrderRefund, orderRefundSubject, orderRefundText } from './templates/OrderRefund.tsx';
import { Newsletter, newsletterSubject, newsletterText, type NewsletterMail } from './templates/Newsletter.tsx';
import { orderCanceledText, orderConfirmationText, orderShippedText, paymentReceivedText } from './templates/text.ts';
import { OrderShipped, orderShippedSubject } from './templates/OrderShipped.tsx';
import { OrderCanceled, orderCanceledSubject } from './templates/OrderCanceled.tsx';
import { QuoteRequest, quoteRequestSubject, quoteRequestText, type QuoteMail } from './templates/QuoteRequest.tsx';
import { QuoteOffer, quoteOfferSubject, quoteOfferText, type QuoteOfferMail } from './templates/QuoteOffer.tsx';
import { ContactMessage, contactMessageSubject, contactMessageText, type ContactMail } from './templates/ContactMessage.tsx';
import { MailSeller, sellerLines } from './templates/SellerFooter.tsx';
import type { Seller } from '../accounts/invoice-pdf.ts';

/** The templates about an order (their payload is the order). */
export const ORDER_MAIL_TEMPLATES = ['order-confirmation', 'payment-received', 'order-shipped', 'order-canceled', 'order-refund'] as const;
export type OrderMailTemplate = (typeof ORDER_MAIL_TEMPLATES)[number];
export const MAIL_TEMPLATES = [...ORDER_MAIL_TEMPLATES, 'password-reset', 'newsletter-confirm', 'newsletter-welcome', 'quote-request', 'quote-offer', 'contact-message', 'account-notice'] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

/** What the outbox stores with a mail, by template. */
export interface MailPayload {
  order?: unknown;
  reset?: PasswordResetMail;
  newsletter?: NewsletterMail;
  quote?: QuoteMail;
  offer?: QuoteOfferMail;
  contact?: ContactMail;
  notice?: AccountNoticeMail;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The HTML document of a mail, with the seller's identity at its foot (templates/SellerFooter.tsx). */
function page(element: ReactElement, seller: Seller | undefined): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(seller ? createElement(MailSeller.Provider, { value: seller }, element) : element)}`;
}

/** The text part with the same seller lines as the HTML's foot. */
function withSeller(text: string, seller: Seller | undefined): string {
  return seller ? `${text.replace(/\n+$/, '')}\n\n--\n${sellerLines(seller).join('\n')}\n` : text;
}

/** Renders a mail: subject, HTML (React on the server) and text, in Italian. */
export function renderMail(template: OrderMailTemplate, order: OrderView, shopName: string, seller?: Seller): RenderedMail {
  const props = { order, shopName };
  switch (template) {
    case 'order-confirmation':
      return {
        subject: orderConfirmationSubject(order, shopName),
        html: page(createElement(OrderConfirmation, props), seller),
        text: withSeller(orderConfirmationText(order, shopName), seller),
      };
    case 'payment-received':
      return {
        subject: paymentReceivedSubject(order, shopName),
        html: page(createElement(PaymentReceived, props), seller),
        text: withSeller(paymentReceivedText(order, shopName), seller),
      };
    case 'order-refund':
      return {
        subject: orderRefundSubject(order, shopName),
        html: page(createElement(OrderRefund, props), seller),
        text: withSeller(orderRefundText(order, shopName), seller),
      };
    case 'order-shipped':
      return {
        subject: orderShippedSubject(order, shopName),
        html: page(createElement(OrderShipped, props), seller),
        text: withSeller(orderShippedText(order, shopName), seller),
      };
    case 'order-canceled':
      return {
        subject: orderCanceledSubject(order, shopName),
        html: page(createElement(OrderCanceled, props), seller),
        text: withSeller(orderCanceledText(order, shopName), seller),
      };
    default:
      throw new Error(`Unknown mail template: ${String(template)}`);
  }
}

/** A mail as the outbox stored it: rendered, with the reference that names its file and Message-ID. */
export function renderStoredMail(
  template: MailTemplate,
  payload: MailPayload,
  shopName: string,
  seller?: Seller,
): RenderedMail & { reference: string } {
  if (template === 'newsletter-confirm' || template === 'newsletter-welcome') {
    const mail = payload.newsletter;
    if (!mail) throw new Error(`${template} mail without its content`);
    return {
      subject: newsletterSubject(mail, shopName),
      html: page(createElement(Newsletter, { mail, shopName }), seller),
      text: withSeller(newsletterText(mail, shopName), seller),
      reference: 'newsletter',
    };
  }
  if (template === 'quote-request') {
    const quote = payload.quote;
    if (!quote) throw new Error('quote-request mail without its content');
    return {
      subject: quoteRequestSubject(quote, shopName),
      html: page(createElement(QuoteRequest, { mail: quote, shopName }), seller),
      text: withSeller(quoteRequestText(quote, shopName), seller),
      reference: quote.reference,
    };
  }
  if (template === 'quote-offer') {
    const offer = payload.offer;
    if (!offer?.link) throw new Error('quote-offer mail without its link');
    return {
      subject: quoteOfferSubject(offer, shopName),
      html: page(createElement(QuoteOffer, { mail: offer, shopName }), seller),
      text: withSeller(quoteOfferText(offer, shopName), seller),
      reference: offer.reference,
    };
  }
  if (template === 'contact-message') {
    const contact = payload.contact;
    if (!contact) throw new Error('contact-message mail without its content');
    return {
      subject: contactMessageSubject(contact, shopName),
      html: page(createElement(ContactMessage, { mail: contact, shopName }), seller),
      text: withSeller(contactMessageText(contact, shopName), seller),
      reference: contact.reference,
    };
  }
  if (template === 'account-notice') {
    const notice = payload.notice;
    if (!notice) throw new Error('account-notice mail without its content');
    return {
      subject: accountNoticeSubject(notice, shopName),
      html: page(createElement(AccountNotice, { notice, shopName }), seller),
      text: withSeller(accountNoticeText(notice, shopName), seller),
      reference: 'account',
    };
  }
  if (template === 'password-reset') {
    const reset = payload.reset;
    if (!reset?.link) throw new Error('password-reset mail without its link');
    return {
      subject: passwordResetSubject(shopName),
      html: page(createElement(PasswordReset, { reset, shopName }), seller),
      text: withSeller(passwordResetText(reset, shopName), seller),
      reference: 'account',
    };
  }
  const order = orderView.parse(payload.order);
  return { ...renderMail(template, order, shopName, seller), reference: order.incrementId };
}
